import type { PermissionLevel } from './vocabulary';
import { hasLiveGrant } from './grants';
import { atMost, own, trustCovers } from './levels';
import type { Grant, HarborPolicy, Verdict } from './types';

/**
 * THE PRECEDENCE TABLE. Rows are tried top to bottom; the first row that returns a verdict decides.
 * Before it, decide() runs two gates that deny outright: a malformed request (no known tool or
 * level) and a page that is restricted or not a URL at all. After it, the CEILINGS may lower the
 * verdict (a critical action at most asks); nothing ever raises one.
 *
 *  #  rule            verdict        why it sits here
 *  1  run-deny        deny           The person just said no in this run; every deny comes before every
 *  2  deny-all-grant  deny           allow, so no grant, trust or override can turn a "no" into a "yes".
 *  3  blocked-site    deny           Most specific denies first only so the reason names the narrowest
 *  4  tool-deny       deny           thing the person said; the verdict would be deny either way.
 *  5  site-grant      auto-approve   An allow-site/allow-session answer for exactly this tool on this
 *                                    site: the most specific yes there is, so it outranks the broad
 *                                    settings below (otherwise the person would be asked forever
 *                                    after answering "always allow here").
 *  6  tool-ask        ask            "Always ask before this tool" is about the tool's danger on any
 *                                    site, so it outranks the broad trust of a whole site (7); when two
 *                                    broad settings disagree the more careful one wins.
 *  7  site-trust      auto-approve   Site trusted at level L approves tools of level ≤ L there only.
 *  8  tool-allow      auto-approve   A global yes for one tool.
 *  9  level-default   per level      The fallback; only read-only may default to auto-approve.
 */
export const RULE_IDS = [
  'invalid-request',
  'restricted-page',
  'run-deny',
  'deny-all-grant',
  'blocked-site',
  'tool-deny',
  'site-grant',
  'tool-ask',
  'site-trust',
  'tool-allow',
  'level-default',
] as const;
export type RuleId = (typeof RULE_IDS)[number];

/** Everything a row may look at; built by decide() from its arguments, never from storage or a clock. */
export interface RuleContext {
  readonly policy: HarborPolicy;
  readonly tool: string;
  readonly level: PermissionLevel;
  /** The canonical site (the gates have already denied restricted and invalid pages). */
  readonly site: string;
  readonly runId: string | undefined;
  readonly now: number | undefined;
}

export interface PrecedenceRule {
  readonly id: RuleId;
  /** Shown to the person and written to the audit log. */
  readonly why: string;
  readonly verdict: (ctx: RuleContext) => Verdict | null;
}

const grantApplies = (ctx: RuleContext, kind: (grant: Grant) => boolean): boolean =>
  hasLiveGrant(ctx.policy.grants, ctx, ctx.now, kind);

const toolOverrideIs = (ctx: RuleContext, value: 'allow' | 'ask' | 'deny'): boolean =>
  own(ctx.policy.tools, ctx.tool) === value;

const when = (condition: boolean, verdict: Verdict): Verdict | null => (condition ? verdict : null);

export const PRECEDENCE: readonly PrecedenceRule[] = [
  {
    id: 'run-deny',
    why: 'You denied this tool on this site earlier in this run.',
    verdict: (ctx) =>
      when(
        grantApplies(ctx, (g) => g.effect === 'deny' && g.scope === 'run'),
        'deny',
      ),
  },
  {
    id: 'deny-all-grant',
    why: 'You chose to always deny this tool on this site.',
    verdict: (ctx) =>
      when(
        grantApplies(ctx, (g) => g.effect === 'deny' && g.scope === 'persistent'),
        'deny',
      ),
  },
  {
    id: 'blocked-site',
    why: 'You blocked this site: Bosun does nothing on it, not even reading.',
    verdict: (ctx) => when(own(ctx.policy.sites, ctx.site) === 'blocked', 'deny'),
  },
  {
    id: 'tool-deny',
    why: 'You turned this tool off everywhere.',
    verdict: (ctx) => when(toolOverrideIs(ctx, 'deny'), 'deny'),
  },
  {
    id: 'site-grant',
    why: 'You allowed this tool on this site.',
    verdict: (ctx) =>
      when(
        grantApplies(ctx, (g) => g.effect === 'allow'),
        'auto-approve',
      ),
  },
  {
    id: 'tool-ask',
    why: 'You asked to be asked before this tool runs.',
    verdict: (ctx) => when(toolOverrideIs(ctx, 'ask'), 'ask'),
  },
  {
    id: 'site-trust',
    why: 'You trust this site at this permission level.',
    verdict: (ctx) => {
      const rule = own(ctx.policy.sites, ctx.site);
      return when(rule !== undefined && rule !== 'blocked' && trustCovers(rule, ctx.level), 'auto-approve');
    },
  },
  {
    id: 'tool-allow',
    why: 'You allowed this tool on every site.',
    verdict: (ctx) => when(toolOverrideIs(ctx, 'allow'), 'auto-approve'),
  },
  {
    id: 'level-default',
    why: 'The default for this permission level.',
    // The policy type already forbids auto-approve above read-only; the clamp keeps that true for a
    // policy object that was built in code without going through parsePolicy.
    verdict: (ctx) => {
      const verdict = ctx.policy.defaults[ctx.level];
      return ctx.level === 'read-only' ? verdict : atMost(verdict, 'ask');
    },
  },
];

export interface Ceiling {
  readonly id: 'critical-action';
  readonly why: string;
  /** The most permissive verdict allowed when the ceiling applies. */
  readonly max: Verdict;
  readonly applies: (critical: string | null) => boolean;
}

/**
 * Ceilings lower a verdict after the table. A critical action (a payment, a deletion, a password)
 * always asks, even on a trusted site or with a global allow, because a page can trick a model into
 * it; an explicit deny still denies, since lowering never raises.
 */
export const CEILINGS: readonly Ceiling[] = [
  {
    id: 'critical-action',
    why: 'Critical actions always ask',
    max: 'ask',
    applies: (critical) => critical !== null,
  },
];
