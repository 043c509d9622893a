// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { checkPermission } from '../../policy';
import { allow, denyAll, NOW, policy } from './support/policy-fixtures';

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
