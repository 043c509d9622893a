import { describe, expect, it } from 'vitest';
import {
  COMMITMENTS,
  MAX_SCOPE_ANSWER,
  keywordScope,
  parseScopeAnswer,
  scopeExcess,
  widenScope,
  type Commitment,
  type PermissionLevel,
  type TaskScope,
} from '../../policy';

describe('keywordScope: the fallback reads only the words, and errs narrow', () => {
  it.each<[string, PermissionLevel, Commitment[]]>([
    ['Summarise this page', 'read-only', []],
    ['What does this article say about the election?', 'read-only', []],
    ['Translate the post into French', 'read-only', []],
    ['Summarise the comments under the post', 'read-only', []],
    // A word alone cannot tell a question about buying from a request to buy: here the fallback is wider.
    ['Explain what the Buy button does', 'submit', ['buy']],
    ['Go to the pricing page', 'navigate', []],
    ['Open the second result', 'navigate', []],
    ['Search for cheap flights to Paris', 'navigate', []],
    ['Click the "Next" button', 'interact', []],
    ['Fill in my name and address', 'interact', []],
    ['Select the blue colour', 'interact', []],
    ['Log in with my saved account', 'submit', []],
    ['Sign up for the newsletter form', 'submit', []],
    ['Add the red scarf to my cart', 'submit', []],
    ['Buy the blue shoes', 'submit', ['buy']],
    ['Order a large pizza', 'submit', ['buy']],
    ['Pay the electricity bill', 'submit', ['buy']],
    ['Send the reply to Anna', 'submit', ['send']],
    ['Send Bob a message saying hi', 'submit', ['send']],
    ['Post a comment saying thanks', 'submit', ['send']],
    ['Delete the draft', 'submit', ['delete']],
    ['Cancel my subscription', 'submit', ['delete']],
    ['Change my password to something stronger', 'submit', ['account']],
    ['Reset my e-mail address', 'submit', ['account']],
    ['Share this document with Carla', 'submit', ['share']],
    ['Invite Dan to the team', 'submit', ['share']],
    ['Approve the pull request and merge it', 'submit', ['approve']],
    ['Buy the shoes and post a review', 'submit', ['buy', 'send']],
    // Invisible characters are dropped; look-alike letters are not folded, which only narrows.
    ['Вuy the shoes', 'read-only', []],
    ['Buy\u200b the shoes', 'submit', ['buy']],
    ['', 'read-only', []],
  ])('%j → %s %j', (words, level, commitments) => {
    expect(keywordScope(words)).toEqual({ level, commitments });
  });

  it('judges a huge request on its start, quickly, and never throws', () => {
    expect(keywordScope(`${'summarise '.repeat(1000)} buy it`)).toEqual({ level: 'read-only', commitments: [] });
    expect(keywordScope(undefined as never)).toEqual({ level: 'read-only', commitments: [] });
  });
});

describe('parseScopeAnswer: the model answer is outside input', () => {
  it.each<[string, TaskScope]>([
    ['{"level":"read-only","commitments":[]}', { level: 'read-only', commitments: [] }],
    ['{"level":"submit","commitments":["send","buy","buy"]}', { level: 'submit', commitments: ['buy', 'send'] }],
    ['```json\n{"level": "navigate", "commitments": []}\n```', { level: 'navigate', commitments: [] }],
    ['Here you go: {"level":"interact","commitments":["delete"]}', { level: 'interact', commitments: ['delete'] }],
  ])('takes %j', (text, scope) => {
    expect(parseScopeAnswer(text)).toEqual({ ok: true, scope });
  });

  it.each<[string, unknown, RegExp]>([
    ['not text', 42, /not text/],
    ['no JSON', 'read-only please', /no JSON/],
    ['broken JSON', '{"level": "submit",', /no JSON|not valid JSON/],
    ['bad JSON', '{"level": submit}', /not valid JSON/],
    ['an unknown level', '{"level":"admin","commitments":[]}', /does not fit/],
    ['an unknown commitment', '{"level":"submit","commitments":["launch missiles"]}', /does not fit/],
    ['a missing field', '{"level":"submit"}', /does not fit/],
    ['an extra field', '{"level":"submit","commitments":[],"sites":["*"]}', /does not fit/],
    [
      'too many commitments',
      `{"level":"submit","commitments":${JSON.stringify(Array(7).fill('buy'))}}`,
      /does not fit/,
    ],
    ['two answers', '{"level":"read-only","commitments":[]} or {"level":"submit","commitments":[]}', /not valid JSON/],
    ['an oversize answer', `{"level":"read-only","commitments":[]}${' '.repeat(MAX_SCOPE_ANSWER)}`, /more than/],
    ['a prototype key', '{"level":"read-only","commitments":[],"__proto__":{"level":"submit"}}', /does not fit/],
  ])('refuses %s', (_name, text, error) => {
    const parsed = parseScopeAnswer(text);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error).toMatch(error);
  });
});

describe('scopeExcess and widenScope', () => {
  const read: TaskScope = { level: 'read-only', commitments: [] };
  const buy: TaskScope = { level: 'submit', commitments: ['buy'] };
  const at = (level: PermissionLevel, commitment: Commitment | null, sites = ['shop.example']) => ({
    sites,
    level,
    commitment,
  });

  it('an action above the level, or committing to what was not asked for, is beyond; the commitment is named first', () => {
    expect(scopeExcess(read, at('read-only', null))).toBeNull();
    expect(scopeExcess(read, at('navigate', null))).toEqual({ kind: 'level', level: 'navigate' });
    expect(scopeExcess(read, at('submit', 'buy'))).toEqual({ kind: 'commitment', commitment: 'buy' });
    expect(scopeExcess(buy, at('submit', 'buy'))).toBeNull();
    expect(scopeExcess(buy, at('interact', null))).toBeNull();
    expect(scopeExcess(buy, at('submit', 'delete'))).toEqual({ kind: 'commitment', commitment: 'delete' });
  });

  it('widening lets exactly that through, and nothing else', () => {
    const wider = widenScope(read, { kind: 'commitment', commitment: 'send' });
    expect(wider).toEqual({ level: 'read-only', commitments: ['send'] });
    expect(scopeExcess(wider, at('submit', 'send'))).toEqual({ kind: 'level', level: 'submit' });
    const both = widenScope(wider, { kind: 'level', level: 'submit' });
    expect(scopeExcess(both, at('submit', 'send'))).toBeNull();
    expect(scopeExcess(both, at('submit', 'buy'))).toEqual({ kind: 'commitment', commitment: 'buy' });
    // Widening never lowers: a higher scope stays as high.
    expect(widenScope(buy, { kind: 'level', level: 'navigate' })).toBe(buy);
    expect(read).toEqual({ level: 'read-only', commitments: [] });
  });

  it("a plan's scope holds its sites: any other site is beyond, named before the level, and widening adds just it", () => {
    const step: TaskScope = { level: 'navigate', commitments: [], sites: ['docs.example'] };
    expect(scopeExcess(step, at('navigate', null, ['docs.example']))).toBeNull();
    expect(scopeExcess(step, at('read-only', null, ['docs.example']))).toBeNull();
    expect(scopeExcess(step, at('submit', null, ['mail.example']))).toEqual({ kind: 'site', site: 'mail.example' });
    // A click on the planned site that leaves for another one is beyond too.
    expect(scopeExcess(step, at('interact', null, ['docs.example', 'attacker.example']))).toEqual({
      kind: 'site',
      site: 'attacker.example',
    });
    const wider = widenScope(step, { kind: 'site', site: 'mail.example' });
    expect(scopeExcess(wider, at('navigate', null, ['mail.example']))).toBeNull();
    expect(scopeExcess(wider, at('interact', null, ['mail.example']))).toEqual({ kind: 'level', level: 'interact' });
    expect(scopeExcess(wider, at('read-only', null, ['other.example']))).toEqual({
      kind: 'site',
      site: 'other.example',
    });
    // A scope without sites (the person's words) is bound by level and commitments only.
    expect(scopeExcess(read, at('read-only', null, ['anywhere.example']))).toBeNull();
  });

  it('every commitment category is one a critical word rule can produce', async () => {
    const { CRITICAL_WORDS } = await import('../../policy/critical-words');
    expect(new Set(CRITICAL_WORDS.map((rule) => rule.commitment))).toEqual(new Set(COMMITMENTS));
  });
});
