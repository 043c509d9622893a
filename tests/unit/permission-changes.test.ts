// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { applyPermissionChange } from '../../background/permissions/permission-changes';
import { decide, defaultPolicy } from '../../policy';

describe('applyPermissionChange', () => {
  const base = defaultPolicy();

  it('trusts a site by its registrable name, and the engine then auto-approves up to that level', () => {
    const trusted = applyPermissionChange(base, {
      kind: 'set-site',
      site: 'https://WWW.Shop.example.com./cart',
      rule: 'interact',
    });
    expect(trusted.sites).toEqual({ 'example.com': 'interact' });
    expect(
      decide(trusted, { toolName: 'click_element', level: 'interact', site: 'https://shop.example.com/' }, 0).verdict,
    ).toBe('auto-approve');
    expect(
      decide(trusted, { toolName: 'submit_form', level: 'submit', site: 'https://shop.example.com/' }, 0).verdict,
    ).toBe('ask');
    expect(applyPermissionChange(trusted, { kind: 'set-site', site: 'example.com', rule: null }).sites).toEqual({});
  });

  it('blocks a site, even for reading', () => {
    const blocked = applyPermissionChange(base, { kind: 'set-site', site: 'evil.example', rule: 'blocked' });
    expect(
      decide(blocked, { toolName: 'read_page', level: 'read-only', site: 'https://evil.example/' }, 0).verdict,
    ).toBe('deny');
  });

  it('ignores a site that is not a site, and never lets a default auto-approve above read-only', () => {
    expect(applyPermissionChange(base, { kind: 'set-site', site: 'about:config', rule: 'submit' })).toBe(base);
    expect(applyPermissionChange(base, { kind: 'set-default', level: 'submit', verdict: 'auto-approve' })).toBe(base);
    expect(
      applyPermissionChange(base, { kind: 'set-default', level: 'navigate', verdict: 'deny' }).defaults.navigate,
    ).toBe('deny');
  });

  it('overrides a tool everywhere and removes the override', () => {
    const never = applyPermissionChange(base, { kind: 'set-tool', toolName: 'navigate', override: 'deny' });
    expect(decide(never, { toolName: 'navigate', level: 'navigate', site: 'https://a.example/' }, 0).verdict).toBe(
      'deny',
    );
    expect(applyPermissionChange(never, { kind: 'set-tool', toolName: 'navigate', override: null }).tools).toEqual({});
  });

  it('revokes exactly the grant named, nothing else', () => {
    const policy = {
      ...base,
      grants: [
        { tool: 'click_element', site: 'a.example', effect: 'allow' as const, scope: 'persistent' as const },
        { tool: 'click_element', site: 'a.example', effect: 'allow' as const, scope: 'session' as const },
        { tool: 'type_text', site: 'a.example', effect: 'allow' as const, scope: 'persistent' as const },
      ],
    };
    const revoked = applyPermissionChange(policy, {
      kind: 'revoke-grant',
      toolName: 'click_element',
      site: 'a.example',
      scope: 'persistent',
    });
    expect(revoked.grants).toEqual(policy.grants.slice(1));
  });
});
