// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { decide, type HarborPolicy } from '../../policy';
import { allow, denyAll, NOW, policy, req, SITE } from './support/policy-fixtures';

describe('decide: critical actions', () => {
  const buy = { label: 'Buy now' };
  it.each<[string, HarborPolicy, 'ask' | 'deny']>([
    ['with a grant', policy({ grants: [allow('click_element')] }), 'ask'],
    ['on a trusted site', policy({ sites: { [SITE]: 'submit' } }), 'ask'],
    ['with a global allow', policy({ tools: { click_element: 'allow' } }), 'ask'],
    ['by default', policy(), 'ask'],
    ['with a deny-all (a deny still denies)', policy({ grants: [denyAll('click_element')] }), 'deny'],
    ['on a blocked site', policy({ sites: { [SITE]: 'blocked' } }), 'deny'],
  ])('a critical action %s', (_name, p, verdict) => {
    const decision = decide(p, req({ action: buy }), NOW);
    expect(decision.verdict).toBe(verdict);
    expect(decision.critical).toMatch(/purchase/);
  });

  it('names the ceiling and the reason when it lowered the verdict', () => {
    const decision = decide(policy({ sites: { [SITE]: 'submit' } }), req({ action: { label: 'Delete account' } }), NOW);
    expect(decision).toMatchObject({ verdict: 'ask', rule: 'site-trust', ceiling: 'critical-action' });
    expect(decision.why).toMatch(/deleting/);
  });

  it('a harmless action on a trusted site is approved', () => {
    const decision = decide(policy({ sites: { [SITE]: 'submit' } }), req({ action: { label: 'Add to cart' } }), NOW);
    expect(decision).toMatchObject({ verdict: 'auto-approve', ceiling: null, critical: null });
  });
});
