// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { decide, PRECEDENCE, RULE_IDS } from '../../policy';
import { DEFAULT_AND_TRUST_CASES } from './support/decide-cases-defaults';
import { DENIAL_CASES } from './support/decide-cases-denials';
import { GRANT_AND_OVERRIDE_CASES } from './support/decide-cases-grants';
import { NOW, type Case } from './support/policy-fixtures';

/** One fixture per rule, and one per pair of neighbouring rules that could disagree. */
const CASES: Case[] = [...DEFAULT_AND_TRUST_CASES, ...GRANT_AND_OVERRIDE_CASES, ...DENIAL_CASES];

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
