import type { PermissionLevel } from './vocabulary';
import { criticalReason, type CriticalContext } from './critical';
import { judgedAction } from './judged-action';
import { atMost, isPermissionLevel } from './levels';
import { CEILINGS, PRECEDENCE, type Ceiling, type RuleContext, type RuleId } from './precedence';
import { resolveSite, type SiteIdentity } from './site';
import { MAX_TOOL_NAME, type HarborPolicy, type Verdict } from './types';

/** One tool call, as the gate sees it. */
export interface DecisionRequest {
  readonly toolName: string;
  readonly level: PermissionLevel;
  /** A URL, a host name, or a site as siteOf returns it; all resolve to the same site. */
  readonly site: string;
  /** The agent run making the call; run-scoped denies apply only to their run. */
  readonly runId?: string;
  /** What the action is about to do, for critical-action detection. */
  readonly action?: CriticalContext;
}

/** A verdict and why: which row of the precedence table decided, and whether a ceiling lowered it. */
export interface PolicyDecision {
  readonly verdict: Verdict;
  readonly rule: RuleId;
  readonly ceiling: Ceiling['id'] | null;
  readonly why: string;
  readonly site: SiteIdentity;
  /** Why the action is critical, or null; shown in the prompt. */
  readonly critical: string | null;
}

const isToolName = (value: unknown): value is string =>
  typeof value === 'string' && value.length > 0 && value.length <= MAX_TOOL_NAME;

/**
 * The two gates in front of the table: they deny whatever the policy says. Otherwise they hand on
 * the canonical site the table works with.
 */
function gate(request: DecisionRequest, site: SiteIdentity): { denied: PolicyDecision } | { site: string } {
  const deny = (rule: RuleId, why: string) => ({
    denied: { verdict: 'deny', rule, ceiling: null, why, site, critical: null } satisfies PolicyDecision,
  });
  // A tool without a known name or level is a bug or a forged request: nothing can vouch for it.
  if (!isToolName(request.toolName) || !isPermissionLevel(request.level)) {
    return deny('invalid-request', 'The request names no known tool or permission level.');
  }
  if (site.kind === 'restricted') return deny('restricted-page', `Bosun never acts on ${site.reason}.`);
  // Browsers hide the address of their own pages (about:, chrome:) from an extension without the
  // "tabs" permission, so such a tab reaches here with no URL at all.
  if (site.kind === 'invalid')
    return deny(
      'restricted-page',
      'Bosun cannot act on this page: the browser hides its address from extensions (a browser page), or it is not a valid URL.',
    );
  return { site: site.site };
}

/** Lowers the table's verdict through every ceiling that applies. */
function applyCeilings(decision: PolicyDecision): PolicyDecision {
  return CEILINGS.reduce<PolicyDecision>((current, ceiling) => {
    if (!ceiling.applies(current.critical)) return current;
    const lowered = atMost(current.verdict, ceiling.max);
    if (lowered === current.verdict) return current;
    return {
      ...current,
      verdict: lowered,
      ceiling: ceiling.id,
      why: `${ceiling.why}: this looks like ${current.critical}.`,
    };
  }, decision);
}

/**
 * The permission decision for one tool call. Pure: the policy, the request and the time are all
 * arguments. `now` (ms) may be omitted; see isLive for how expiring grants are then read.
 */
export function decide(policy: HarborPolicy, request: DecisionRequest, now?: number): PolicyDecision {
  const site = resolveSite(request.site, policy);
  const passed = gate(request, site);
  if ('denied' in passed) return passed.denied;
  const ctx: RuleContext = {
    policy,
    tool: request.toolName,
    level: request.level,
    site: passed.site,
    runId: typeof request.runId === 'string' && request.runId !== '' ? request.runId : undefined,
    now: typeof now === 'number' && Number.isFinite(now) ? now : undefined,
  };
  const judged = request.action === undefined ? null : judgedAction(request.toolName, request.action);
  const critical = judged === null ? null : criticalReason(judged);
  for (const rule of PRECEDENCE) {
    const verdict = rule.verdict(ctx);
    if (verdict !== null)
      return applyCeilings({ verdict, rule: rule.id, ceiling: null, why: rule.why, site, critical });
  }
  // Unreachable with a well-formed policy (level-default always answers); fail closed regardless.
  return { verdict: 'deny', rule: 'level-default', ceiling: null, why: 'No rule applied.', site, critical };
}

/** The spec's API, with the time as a fifth argument. */
export function checkPermission(
  policy: HarborPolicy,
  toolName: string,
  level: PermissionLevel,
  site: string,
  now?: number,
): Verdict {
  return decide(policy, { toolName, level, site }, now).verdict;
}
