// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  checkPermission,
  decide,
  defaultPolicy,
  PRECEDENCE,
  RULE_IDS,
  type DecisionRequest,
  type Grant,
  type HarborPolicy,
  type RuleId,
} from '../../policy';

const NOW = 1_700_000_000_000;
const SITE = 'example.com';

/** A policy from the defaults plus the fields a case changes. */
const policy = (patch: Partial<HarborPolicy> = {}): HarborPolicy => ({ ...defaultPolicy(), ...patch });
const allow = (tool: string, site = SITE, extra: Partial<Grant> = {}): Grant =>
  ({ tool, site, effect: 'allow', scope: 'persistent', ...extra }) as Grant;
const session = (tool: string, site = SITE): Grant => ({ tool, site, effect: 'allow', scope: 'session' });
const denyAll = (tool: string, site = SITE): Grant => ({ tool, site, effect: 'deny', scope: 'persistent' });
const runDeny = (tool: string, runId: string, site = SITE): Grant => ({
  tool,
  site,
  effect: 'deny',
  scope: 'run',
  runId,
});

const req = (patch: Partial<DecisionRequest> = {}): DecisionRequest => ({
  toolName: 'click_element',
  level: 'interact',
  site: `https://www.${SITE}/page`,
  runId: 'run-1',
  ...patch,
});

interface Case {
  name: string;
  policy: HarborPolicy;
  request: DecisionRequest;
  verdict: 'auto-approve' | 'ask' | 'deny';
  rule: RuleId;
}

/** One fixture per rule, and one per pair of neighbouring rules that could disagree. */
const CASES: Case[] = [
  // Level defaults.
  {
    name: 'read-only auto-approves by default',
    policy: policy(),
    request: req({ level: 'read-only' }),
    verdict: 'auto-approve',
    rule: 'level-default',
  },
  {
    name: 'navigate asks by default',
    policy: policy(),
    request: req({ level: 'navigate' }),
    verdict: 'ask',
    rule: 'level-default',
  },
  {
    name: 'interact asks by default',
    policy: policy(),
    request: req({ level: 'interact' }),
    verdict: 'ask',
    rule: 'level-default',
  },
  {
    name: 'submit asks by default',
    policy: policy(),
    request: req({ level: 'submit' }),
    verdict: 'ask',
    rule: 'level-default',
  },
  {
    name: 'read-only default changed to ask',
    policy: policy({ defaults: { ...defaultPolicy().defaults, 'read-only': 'ask' } }),
    request: req({ level: 'read-only' }),
    verdict: 'ask',
    rule: 'level-default',
  },
  {
    name: 'submit default changed to deny',
    policy: policy({ defaults: { ...defaultPolicy().defaults, submit: 'deny' } }),
    request: req({ level: 'submit' }),
    verdict: 'deny',
    rule: 'level-default',
  },
  {
    name: 'a forced auto-approve default above read-only is clamped to ask',
    policy: policy({ defaults: { ...defaultPolicy().defaults, navigate: 'auto-approve' as 'ask' } }),
    request: req({ level: 'navigate' }),
    verdict: 'ask',
    rule: 'level-default',
  },
  // Site trust: covers levels up to the trusted one, on that site only.
  {
    name: 'site trusted at interact approves interact',
    policy: policy({ sites: { [SITE]: 'interact' } }),
    request: req(),
    verdict: 'auto-approve',
    rule: 'site-trust',
  },
  {
    name: 'site trusted at interact approves navigate',
    policy: policy({ sites: { [SITE]: 'interact' } }),
    request: req({ level: 'navigate' }),
    verdict: 'auto-approve',
    rule: 'site-trust',
  },
  {
    name: 'site trusted at interact does not approve submit',
    policy: policy({ sites: { [SITE]: 'interact' } }),
    request: req({ level: 'submit' }),
    verdict: 'ask',
    rule: 'level-default',
  },
  {
    name: 'site trust beats a read-only default of deny',
    policy: policy({ sites: { [SITE]: 'read-only' }, defaults: { ...defaultPolicy().defaults, 'read-only': 'deny' } }),
    request: req({ level: 'read-only' }),
    verdict: 'auto-approve',
    rule: 'site-trust',
  },
  {
    name: 'trust on another site does not apply',
    policy: policy({ sites: { 'other.com': 'submit' } }),
    request: req(),
    verdict: 'ask',
    rule: 'level-default',
  },
  {
    name: 'trust on a sub-site does not widen to a sibling',
    policy: policy({ sites: { 'alice.github.io': 'submit' } }),
    request: req({ site: 'https://bob.github.io/' }),
    verdict: 'ask',
    rule: 'level-default',
  },
  // Grants.
  {
    name: 'allow-site grant approves this tool here',
    policy: policy({ grants: [allow('click_element')] }),
    request: req(),
    verdict: 'auto-approve',
    rule: 'site-grant',
  },
  {
    name: 'session grant approves this tool here',
    policy: policy({ grants: [session('click_element')] }),
    request: req(),
    verdict: 'auto-approve',
    rule: 'site-grant',
  },
  {
    name: 'a grant for another tool does not apply',
    policy: policy({ grants: [allow('fill_form')] }),
    request: req(),
    verdict: 'ask',
    rule: 'level-default',
  },
  {
    name: 'a grant for another site does not apply',
    policy: policy({ grants: [allow('click_element', 'other.com')] }),
    request: req(),
    verdict: 'ask',
    rule: 'level-default',
  },
  {
    name: 'an expired grant does not apply',
    policy: policy({ grants: [allow('click_element', SITE, { expiresAt: NOW })] }),
    request: req(),
    verdict: 'ask',
    rule: 'level-default',
  },
  {
    name: 'an unexpired grant applies',
    policy: policy({ grants: [allow('click_element', SITE, { expiresAt: NOW + 1 })] }),
    request: req(),
    verdict: 'auto-approve',
    rule: 'site-grant',
  },
  {
    name: 'a grant covers every level of its tool',
    policy: policy({ grants: [allow('click_element')] }),
    request: req({ level: 'submit' }),
    verdict: 'auto-approve',
    rule: 'site-grant',
  },
  // Tool overrides.
  {
    name: 'tool allow override approves everywhere',
    policy: policy({ tools: { click_element: 'allow' } }),
    request: req(),
    verdict: 'auto-approve',
    rule: 'tool-allow',
  },
  {
    name: 'tool ask override asks even for read-only',
    policy: policy({ tools: { click_element: 'ask' } }),
    request: req({ level: 'read-only' }),
    verdict: 'ask',
    rule: 'tool-ask',
  },
  {
    name: 'tool ask override beats site trust',
    policy: policy({ tools: { click_element: 'ask' }, sites: { [SITE]: 'submit' } }),
    request: req(),
    verdict: 'ask',
    rule: 'tool-ask',
  },
  {
    name: 'a grant beats a tool ask override',
    policy: policy({ tools: { click_element: 'ask' }, grants: [allow('click_element')] }),
    request: req(),
    verdict: 'auto-approve',
    rule: 'site-grant',
  },
  {
    name: 'tool deny override denies even read-only',
    policy: policy({ tools: { click_element: 'deny' } }),
    request: req({ level: 'read-only' }),
    verdict: 'deny',
    rule: 'tool-deny',
  },
  {
    name: 'tool deny beats a grant',
    policy: policy({ tools: { click_element: 'deny' }, grants: [allow('click_element')] }),
    request: req(),
    verdict: 'deny',
    rule: 'tool-deny',
  },
  {
    name: 'tool deny beats site trust',
    policy: policy({ tools: { click_element: 'deny' }, sites: { [SITE]: 'submit' } }),
    request: req(),
    verdict: 'deny',
    rule: 'tool-deny',
  },
  {
    name: 'an override for another tool does not apply',
    policy: policy({ tools: { fill_form: 'deny' } }),
    request: req(),
    verdict: 'ask',
    rule: 'level-default',
  },
  // Blocked sites.
  {
    name: 'a blocked site denies read-only',
    policy: policy({ sites: { [SITE]: 'blocked' } }),
    request: req({ level: 'read-only' }),
    verdict: 'deny',
    rule: 'blocked-site',
  },
  {
    name: 'a blocked site beats a grant',
    policy: policy({ sites: { [SITE]: 'blocked' }, grants: [allow('click_element')] }),
    request: req(),
    verdict: 'deny',
    rule: 'blocked-site',
  },
  {
    name: 'a blocked site beats a tool allow',
    policy: policy({ sites: { [SITE]: 'blocked' }, tools: { click_element: 'allow' } }),
    request: req(),
    verdict: 'deny',
    rule: 'blocked-site',
  },
  {
    name: 'blocking another site changes nothing here',
    policy: policy({ sites: { 'other.com': 'blocked' } }),
    request: req({ level: 'read-only' }),
    verdict: 'auto-approve',
    rule: 'level-default',
  },
  // Deny-all and run denies.
  {
    name: 'deny-all denies this tool here',
    policy: policy({ grants: [denyAll('click_element')] }),
    request: req(),
    verdict: 'deny',
    rule: 'deny-all-grant',
  },
  {
    name: 'deny-all beats allow-site for the same pair',
    policy: policy({ grants: [allow('click_element'), denyAll('click_element')] }),
    request: req(),
    verdict: 'deny',
    rule: 'deny-all-grant',
  },
  {
    name: 'deny-all beats a tool allow',
    policy: policy({ grants: [denyAll('click_element')], tools: { click_element: 'allow' } }),
    request: req(),
    verdict: 'deny',
    rule: 'deny-all-grant',
  },
  {
    name: 'deny-all for one tool leaves other tools alone',
    policy: policy({ grants: [denyAll('fill_form')] }),
    request: req({ level: 'read-only' }),
    verdict: 'auto-approve',
    rule: 'level-default',
  },
  {
    name: 'an expired deny-all no longer applies',
    policy: policy({ grants: [{ ...denyAll('click_element'), expiresAt: NOW - 1 }] }),
    request: req(),
    verdict: 'ask',
    rule: 'level-default',
  },
  {
    name: 'a run deny denies in its run',
    policy: policy({ grants: [runDeny('click_element', 'run-1')] }),
    request: req(),
    verdict: 'deny',
    rule: 'run-deny',
  },
  {
    name: 'a run deny beats a grant',
    policy: policy({ grants: [runDeny('click_element', 'run-1'), allow('click_element')] }),
    request: req(),
    verdict: 'deny',
    rule: 'run-deny',
  },
  {
    name: 'a run deny does not apply to another run',
    policy: policy({ grants: [runDeny('click_element', 'run-1')] }),
    request: req({ runId: 'run-2' }),
    verdict: 'ask',
    rule: 'level-default',
  },
  {
    name: 'a run deny does not apply without a run',
    policy: policy({ grants: [runDeny('click_element', 'run-1')] }),
    request: req({ runId: undefined }),
    verdict: 'ask',
    rule: 'level-default',
  },
  // Gates.
  {
    name: 'a restricted page is denied whatever the policy says',
    policy: policy({ tools: { click_element: 'allow' } }),
    request: req({ site: 'about:config' }),
    verdict: 'deny',
    rule: 'restricted-page',
  },
  {
    name: 'an add-on store is denied even for read-only',
    policy: policy(),
    request: req({ level: 'read-only', site: 'https://addons.mozilla.org/' }),
    verdict: 'deny',
    rule: 'restricted-page',
  },
  {
    name: 'a file URL is denied unless file URLs are allowed',
    policy: policy({ sites: { 'file://': 'submit' } }),
    request: req({ site: 'file:///etc/passwd' }),
    verdict: 'deny',
    rule: 'restricted-page',
  },
  {
    name: 'a file URL follows the policy once allowed',
    policy: policy({ allowFileUrls: true, sites: { 'file://': 'submit' } }),
    request: req({ site: 'file:///home/a.html' }),
    verdict: 'auto-approve',
    rule: 'site-trust',
  },
  {
    name: 'garbage is denied',
    policy: policy(),
    request: req({ level: 'read-only', site: 'http://' }),
    verdict: 'deny',
    rule: 'restricted-page',
  },
  {
    name: 'an unknown level is denied',
    policy: policy({ tools: { click_element: 'allow' } }),
    request: req({ level: 'admin' as 'submit' }),
    verdict: 'deny',
    rule: 'invalid-request',
  },
  {
    name: 'an empty tool name is denied',
    policy: policy(),
    request: req({ toolName: '', level: 'read-only' }),
    verdict: 'deny',
    rule: 'invalid-request',
  },
];

describe('decide: one fixture per rule', () => {
  it.each(CASES)('$name', ({ policy: p, request, verdict, rule }) => {
    const decision = decide(p, request, NOW);
    expect({ verdict: decision.verdict, rule: decision.rule }).toEqual({ verdict, rule });
    expect(decision.why.length).toBeGreaterThan(0);
  });

  it('every rule of the table has at least one fixture', () => {
    const covered = new Set(CASES.map((c) => c.rule));
    expect(RULE_IDS.filter((id) => !covered.has(id))).toEqual([]);
  });

  it('the table lists every policy rule once, in the documented order', () => {
    expect(PRECEDENCE.map((r) => r.id)).toEqual(RULE_IDS.slice(2));
  });
});

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

describe('checkPermission: the spec API', () => {
  const p = policy({
    grants: [
      allow('click_element', 'amazon.com', { expiresAt: NOW + 1000 }),
      { ...denyAll('fill_form', 'amazon.com'), expiresAt: NOW + 1000 },
    ],
  });

  it('takes a site, host or URL and the time as fifth argument', () => {
    expect(checkPermission(p, 'click_element', 'interact', 'amazon.com', NOW)).toBe('auto-approve');
    expect(checkPermission(p, 'click_element', 'interact', 'https://www.amazon.com/dp/1', NOW)).toBe('auto-approve');
    expect(checkPermission(p, 'click_element', 'interact', 'amazon.com', NOW + 1000)).toBe('ask');
  });

  it('without a time, an expiring allow is not trusted but an expiring deny holds', () => {
    expect(checkPermission(p, 'click_element', 'interact', 'amazon.com')).toBe('ask');
    expect(checkPermission(p, 'fill_form', 'interact', 'amazon.com')).toBe('deny');
    expect(checkPermission(p, 'fill_form', 'interact', 'amazon.com', Number.NaN)).toBe('deny');
  });
});
