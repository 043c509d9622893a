// @vitest-environment node
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { defaultPolicy, HarborPolicy, parsePolicy } from '../../policy';

const valid: HarborPolicy = {
  version: 1,
  defaults: { 'read-only': 'ask', navigate: 'ask', interact: 'deny', submit: 'deny' },
  sites: { 'example.com': 'interact', 'evil.com': 'blocked' },
  tools: { click_element: 'allow', fill_form: 'deny' },
  grants: [
    { tool: 'click_element', site: 'example.com', effect: 'allow', scope: 'persistent', expiresAt: 5 },
    { tool: 'click_element', site: 'example.com', effect: 'allow', scope: 'session' },
    { tool: 'click_element', site: 'example.com', effect: 'deny', scope: 'run', runId: 'r1' },
  ],
  allowFileUrls: true,
};

describe('parsePolicy', () => {
  it('returns a valid policy unchanged, with no problems', () => {
    expect(parsePolicy(structuredClone(valid))).toEqual({ policy: valid, problems: [] });
    expect(v.is(HarborPolicy, valid)).toBe(true);
  });

  it.each([undefined, null])('nothing stored (%j) is the defaults, not a problem', (raw) => {
    expect(parsePolicy(raw)).toEqual({ policy: defaultPolicy(), problems: [] });
  });

  it.each([42, 'policy', [], true])('a non-object (%j) is the defaults, with a problem', (raw) => {
    const parsed = parsePolicy(raw);
    expect(parsed.policy).toEqual(defaultPolicy());
    expect(parsed.problems).toHaveLength(1);
  });

  it.each<[string, unknown, Partial<HarborPolicy>]>([
    [
      'a default above read-only cannot auto-approve',
      { defaults: { submit: 'auto-approve' } },
      { defaults: defaultPolicy().defaults },
    ],
    [
      'an unknown default value',
      { defaults: { navigate: 'maybe', interact: 'deny' } },
      { defaults: { ...defaultPolicy().defaults, interact: 'deny' } },
    ],
    ['defaults not an object', { defaults: 'open' }, { defaults: defaultPolicy().defaults }],
    [
      'a trust for a non-canonical site is dropped, never widened',
      { sites: { 'www.example.com': 'submit', 'example.com': 'navigate' } },
      { sites: { 'example.com': 'navigate' } },
    ],
    [
      'a block for a non-canonical site is kept, canonicalised',
      { sites: { 'WWW.Evil.com': 'blocked' } },
      { sites: { 'evil.com': 'blocked' } },
    ],
    [
      'a block wins over a trust for the same site',
      { sites: { 'example.com': 'submit', 'https://www.example.com/': 'blocked' } },
      { sites: { 'example.com': 'blocked' } },
    ],
    ['an unknown site rule is dropped', { sites: { 'example.com': 'everything' } }, { sites: {} }],
    ['a garbage site key is dropped', { sites: { 'not a site': 'blocked', 'about:blank': 'blocked' } }, { sites: {} }],
    [
      'an unknown tool override is dropped',
      { tools: { click_element: 'always', '': 'deny', fill_form: 'ask' } },
      { tools: { fill_form: 'ask' } },
    ],
    ['a non-boolean allowFileUrls stays off', { allowFileUrls: 'yes' }, { allowFileUrls: false }],
  ])('%s', (_name, raw, expected) => {
    const parsed = parsePolicy(raw);
    expect(parsed.policy).toEqual({ ...defaultPolicy(), ...expected });
    expect(parsed.problems.length).toBeGreaterThan(0);
  });

  it('drops malformed grants, and grants for malformed sites', () => {
    const grants = [
      valid.grants[0],
      { tool: 'x', site: 'www.example.com', effect: 'allow', scope: 'persistent' }, // allow, non-canonical: dropped
      { tool: 'x', site: 'WWW.Example.com', effect: 'deny', scope: 'persistent' }, // deny, canonicalised
      { tool: 'x', site: 'about:blank', effect: 'deny', scope: 'persistent' },
      { tool: 'x', site: 'example.com', effect: 'allow', scope: 'run', runId: 'r' }, // a run allow does not exist
      { tool: 'x', site: 'example.com', effect: 'deny', scope: 'run' }, // run without runId
      { tool: 'x', site: 'example.com', effect: 'allow', scope: 'persistent', expiresAt: 'soon' },
      { tool: 'x', site: 'example.com', effect: 'allow', scope: 'persistent', expiresAt: Number.POSITIVE_INFINITY },
      { tool: '', site: 'example.com', effect: 'allow', scope: 'persistent' },
      'grant',
      null,
    ];
    const parsed = parsePolicy({ ...valid, grants });
    expect(parsed.policy.grants).toEqual([
      valid.grants[0],
      { tool: 'x', site: 'example.com', effect: 'deny', scope: 'persistent' },
    ]);
    expect(parsed.problems).toHaveLength(grants.length - 1); // every grant but the first, including the canonicalised one
  });

  it('reports an unknown version but keeps what it can read', () => {
    const parsed = parsePolicy({ ...valid, version: 2 });
    expect(parsed.policy).toEqual(valid);
    expect(parsed.problems).toHaveLength(1);
  });

  it('ignores prototype keys in stored records', () => {
    const raw = JSON.parse('{"sites":{"__proto__":"submit","constructor":"blocked"},"tools":{"__proto__":"allow"}}');
    const parsed = parsePolicy(raw);
    expect(Object.getPrototypeOf(parsed.policy.sites)).toBe(Object.prototype);
    expect(Object.keys(parsed.policy.sites)).toEqual([]);
    expect(Object.keys(parsed.policy.tools)).toEqual([]);
  });

  it('never throws, even on a hostile object', () => {
    const hostile = new Proxy(
      {},
      {
        get: () => {
          throw new Error('boom');
        },
      },
    );
    const parsed = parsePolicy(hostile);
    expect(parsed.policy).toEqual(defaultPolicy());
    expect(parsed.problems).toHaveLength(1);
  });
});
