// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { PERMISSION_DECISIONS, type PermissionLevel } from '../../policy/vocabulary';
import {
  applyDecision,
  decide,
  decisionProceeds,
  defaultPolicy,
  storageAreaOf,
  withoutExpired,
  type Grant,
  type HarborPolicy,
} from '../../policy';

const NOW = 1_700_000_000_000;
const target = { toolName: 'click_element', site: 'https://www.example.com/a', runId: 'run-1' };

const OTHER_GRANTS: Grant[] = [
  { tool: 'fill_form', site: 'example.com', effect: 'allow', scope: 'persistent' },
  { tool: 'click_element', site: 'other.com', effect: 'allow', scope: 'session', expiresAt: NOW + 5 },
  { tool: 'click_element', site: 'example.com', effect: 'deny', scope: 'run', runId: 'run-0' },
];
const start = (): HarborPolicy => ({ ...defaultPolicy(), grants: structuredClone(OTHER_GRANTS) });

const deepFreeze = <T>(value: T): T => {
  if (typeof value === 'object' && value !== null) {
    Object.values(value).forEach(deepFreeze);
    Object.freeze(value);
  }
  return value;
};

describe('applyDecision: one row per decision', () => {
  it.each<[string, Grant | null]>([
    ['allow-once', null],
    ['allow-task', null],
    ['allow-site', { tool: 'click_element', site: 'example.com', effect: 'allow', scope: 'persistent' }],
    ['allow-session', { tool: 'click_element', site: 'example.com', effect: 'allow', scope: 'session' }],
    ['deny', { tool: 'click_element', site: 'example.com', effect: 'deny', scope: 'run', runId: 'run-1' }],
    ['deny-all', { tool: 'click_element', site: 'example.com', effect: 'deny', scope: 'persistent' }],
  ])('%s adds %j and keeps every other grant', (decision, added) => {
    const before = start();
    const after = applyDecision(before, target, decision as (typeof PERMISSION_DECISIONS)[number]);
    expect(after).not.toBe(before);
    expect(after.grants).toEqual(added === null ? OTHER_GRANTS : [...OTHER_GRANTS, added]);
    expect({ ...after, grants: [] }).toEqual({ ...before, grants: [] });
  });

  it.each(PERMISSION_DECISIONS)('%s never mutates its input', (decision) => {
    const frozen = deepFreeze(start());
    const snapshot = structuredClone(frozen);
    expect(() => applyDecision(frozen, target, decision, { expiresAt: NOW })).not.toThrow();
    expect(frozen).toEqual(snapshot);
  });

  it('the decisions that let this call run', () => {
    expect(PERMISSION_DECISIONS.filter(decisionProceeds)).toEqual([
      'allow-once',
      'allow-task',
      'allow-site',
      'allow-session',
    ]);
  });
});

describe('applyDecision: what each answer means afterwards', () => {
  const ask = (
    p: HarborPolicy,
    patch: Partial<{ toolName: string; site: string; runId: string; level: PermissionLevel }> = {},
  ) =>
    decide(p, { toolName: 'click_element', level: 'interact', site: 'example.com', runId: 'run-1', ...patch }, NOW)
      .verdict;

  it('allow-once leaves the next call asking', () => {
    expect(ask(applyDecision(defaultPolicy(), target, 'allow-once'))).toBe('ask');
  });

  it('allow-site approves this tool on this site only', () => {
    const p = applyDecision(defaultPolicy(), target, 'allow-site');
    expect([
      ask(p),
      ask(p, { site: 'other.com' }),
      ask(p, { toolName: 'fill_form' }),
      ask(p, { site: 'shop.example.com' }),
    ]).toEqual(['auto-approve', 'ask', 'ask', 'auto-approve']);
  });

  it('allow-site with the level trusts the site up to it: every action at or below it, nothing above', () => {
    const p = applyDecision(defaultPolicy(), { ...target, level: 'interact' }, 'allow-site');
    expect(p.sites).toEqual({ 'example.com': 'interact' });
    expect(p.grants).toEqual([]);
    expect([
      ask(p),
      ask(p, { toolName: 'fill_form' }),
      ask(p, { toolName: 'navigate', level: 'navigate' }),
      ask(p, { toolName: 'submit_form', level: 'submit' }),
      ask(p, { site: 'other.com' }),
    ]).toEqual(['auto-approve', 'auto-approve', 'auto-approve', 'ask', 'ask']);
  });

  it('allow-site never lowers a site’s trust and never lifts a block', () => {
    const trusted = { ...defaultPolicy(), sites: { 'example.com': 'submit' as const } };
    expect(applyDecision(trusted, { ...target, level: 'navigate' }, 'allow-site').sites).toEqual(trusted.sites);
    const blocked = { ...defaultPolicy(), sites: { 'example.com': 'blocked' as const } };
    expect(applyDecision(blocked, { ...target, level: 'navigate' }, 'allow-site').sites).toEqual(blocked.sites);
  });

  it('allow-task with the level lets this tool through at that level on this site for the rest of the run', () => {
    const p = applyDecision(defaultPolicy(), { ...target, level: 'interact' }, 'allow-task');
    expect(p.grants).toEqual([
      { tool: 'click_element', site: 'example.com', effect: 'allow', scope: 'run', runId: 'run-1', level: 'interact' },
    ]);
    expect([
      ask(p),
      ask(p, { runId: 'run-2' }),
      ask(p, { level: 'submit' }),
      ask(p, { toolName: 'fill_form' }),
    ]).toEqual(['auto-approve', 'ask', 'ask', 'ask']);
  });

  it('allow-session creates a session grant only, and an expiry if given', () => {
    const p = applyDecision(defaultPolicy(), target, 'allow-session', { expiresAt: NOW + 10 });
    expect(p.grants.map(storageAreaOf)).toEqual(['session']);
    expect(ask(p)).toBe('auto-approve');
    expect(decide(p, { toolName: 'click_element', level: 'interact', site: 'example.com' }, NOW + 10).verdict).toBe(
      'ask',
    );
  });

  it('allow-session does not widen or expire an existing persistent grant', () => {
    const persistent: Grant = {
      tool: 'click_element',
      site: 'example.com',
      effect: 'allow',
      scope: 'persistent',
      expiresAt: NOW + 100,
    };
    const p = applyDecision({ ...defaultPolicy(), grants: [persistent] }, target, 'allow-session');
    expect(p.grants[0]).toEqual(persistent);
    expect(p.grants.filter((g) => g.scope === 'persistent')).toHaveLength(1);
  });

  it('deny is remembered for this run only', () => {
    const p = applyDecision(defaultPolicy(), target, 'deny');
    expect([ask(p), ask(p, { runId: 'run-2' })]).toEqual(['deny', 'ask']);
    expect(p.grants.map(storageAreaOf)).toEqual(['session']);
  });

  it('deny without a run remembers nothing', () => {
    expect(applyDecision(defaultPolicy(), { ...target, runId: undefined }, 'deny').grants).toEqual([]);
  });

  it('deny-all is persistent for this pair and never a global switch-off', () => {
    const p = applyDecision(defaultPolicy(), target, 'deny-all');
    expect([
      ask(p),
      ask(p, { runId: 'run-9' }),
      ask(p, { toolName: 'fill_form' }),
      ask(p, { site: 'other.com' }),
    ]).toEqual(['deny', 'deny', 'ask', 'ask']);
    expect(p.tools).toEqual({});
    expect(p.sites).toEqual({});
  });

  it('the latest persistent answer for a pair replaces the previous one', () => {
    const denied = applyDecision(defaultPolicy(), target, 'deny-all');
    const allowed = applyDecision(denied, target, 'allow-site');
    expect(allowed.grants).toEqual([
      { tool: 'click_element', site: 'example.com', effect: 'allow', scope: 'persistent' },
    ]);
    expect(applyDecision(allowed, target, 'deny-all').grants).toEqual([
      { tool: 'click_element', site: 'example.com', effect: 'deny', scope: 'persistent' },
    ]);
  });

  it('repeating an answer does not pile up grants', () => {
    const once = applyDecision(defaultPolicy(), target, 'allow-session');
    expect(applyDecision(once, target, 'allow-session').grants).toHaveLength(1);
  });

  it.each(['about:blank', 'https://chromewebstore.google.com/x', 'garbage with spaces', ''])(
    'records nothing for the page %j',
    (site) => {
      expect(applyDecision(defaultPolicy(), { ...target, site }, 'allow-site').grants).toEqual([]);
    },
  );

  it('records nothing for a missing tool or an unknown decision', () => {
    expect(applyDecision(defaultPolicy(), { ...target, toolName: '' }, 'deny-all').grants).toEqual([]);
    expect(applyDecision(defaultPolicy(), target, 'allow-forever' as 'allow-site').grants).toEqual([]);
  });
});

describe('grant helpers for the storage adapter', () => {
  it('withoutExpired drops only grants whose time has come', () => {
    expect(withoutExpired(OTHER_GRANTS, NOW + 5)).toEqual([OTHER_GRANTS[0], OTHER_GRANTS[2]]);
  });
});
