import { isPermissionLevel, trustCovers } from './levels';
import { resolveSite } from './site';
import { MAX_GRANTS, MAX_RUN_ID, MAX_TOOL_NAME, type Grant, type HarborPolicy } from './types';
import type { PermissionDecisionValue, PermissionLevel } from './vocabulary';

/** The call the person answered about. */
export interface DecisionTarget {
  readonly toolName: string;
  /** A URL, a host name or a site; resolved exactly as decide() resolves it. */
  readonly site: string;
  /** Needed for `deny` to be remembered for the rest of the run. */
  readonly runId?: string;
  /**
   * The level the action was judged at. With it, `allow-site` trusts the site up to that level, so the
   * answer covers every action at or below it ("let Bosun click and type here"), not one tool.
   */
  readonly level?: PermissionLevel;
}

export interface ApplyOptions {
  /** Optional expiry (ms) for the grant this decision creates. */
  readonly expiresAt?: number;
}

interface ResolvedTarget {
  readonly tool: string;
  readonly site: string;
  readonly runId: string | undefined;
  readonly expiresAt: number | undefined;
  readonly level: PermissionLevel | undefined;
}

/** The same policy as a new object: "no lasting change" still never hands back the input. */
const unchanged = (policy: HarborPolicy): HarborPolicy => ({ ...policy });

/**
 * Adds `grant`, first dropping the grants it supersedes (`replaces`). Every other grant is kept
 * as it is: a decision about one tool on one site never touches another. At the storage cap the
 * answer still holds for this call but is not remembered; evicting some other grant to make room
 * would silently change an answer the person gave about something else.
 */
function withGrant(policy: HarborPolicy, grant: Grant, replaces: (g: Grant) => boolean): HarborPolicy {
  const kept = policy.grants.filter((g) => !replaces(g));
  if (kept.length >= MAX_GRANTS) return unchanged(policy);
  return { ...policy, grants: [...kept, grant] };
}

const sameTarget = (t: ResolvedTarget) => (g: Grant) => g.tool === t.tool && g.site === t.site;
const base = (t: ResolvedTarget) => ({
  tool: t.tool,
  site: t.site,
  ...(t.expiresAt === undefined ? {} : { expiresAt: t.expiresAt }),
});

/** A persistent allow for this tool on this site, replacing a persistent deny for the same pair. */
const withToolGrant = (policy: HarborPolicy, t: ResolvedTarget): HarborPolicy =>
  withGrant(
    policy,
    { ...base(t), effect: 'allow', scope: 'persistent' },
    (g) => sameTarget(t)(g) && g.scope === 'persistent',
  );

/**
 * The site trusted up to `level`: raised, never lowered (an answer about a click does not take back
 * "submit forms here"), and never over a block.
 */
function withTrust(policy: HarborPolicy, site: string, level: PermissionLevel): HarborPolicy {
  const current = Object.hasOwn(policy.sites, site) ? policy.sites[site] : undefined;
  if (current === 'blocked' || (current !== undefined && trustCovers(current, level))) return unchanged(policy);
  return { ...policy, sites: { ...policy.sites, [site]: level } };
}

/**
 * What each answer does to the policy: a table, one pure update per decision.
 * - allow-once: nothing lasting; the caller runs this one call.
 * - allow-task: with the run and the level, an allow for this tool on this site at that level until the
 *   run (the task) ends; nothing persists. The gate also widens the running task's scope.
 * - allow-site: with the action's level, the site trusted up to that level (every action at or below
 *   it); without one, a persistent allow for this tool on this site, replacing a persistent deny for the
 *   same pair: the latest explicit answer about that pair wins (settings UI "change my mind").
 * - allow-session: a session allow for this pair only; no other grant is touched, nothing persists.
 * - deny: a deny for this pair in this run only; without a runId there is nothing to remember.
 * - deny-all: persistent deny for this tool on this site, never a global switch-off.
 */
const UPDATES: Readonly<Record<PermissionDecisionValue, (policy: HarborPolicy, t: ResolvedTarget) => HarborPolicy>> = {
  'allow-once': unchanged,
  'allow-task': (policy, t) =>
    t.runId === undefined || t.level === undefined
      ? unchanged(policy)
      : withGrant(
          policy,
          { ...base(t), effect: 'allow', scope: 'run', runId: t.runId, level: t.level },
          (g) => sameTarget(t)(g) && g.scope === 'run' && g.runId === t.runId && g.effect === 'allow',
        ),
  'allow-site': (policy, t) => (t.level === undefined ? withToolGrant(policy, t) : withTrust(policy, t.site, t.level)),
  'allow-session': (policy, t) =>
    withGrant(
      policy,
      { ...base(t), effect: 'allow', scope: 'session' },
      (g) => sameTarget(t)(g) && g.scope === 'session',
    ),
  deny: (policy, t) =>
    t.runId === undefined
      ? unchanged(policy)
      : withGrant(
          policy,
          { ...base(t), effect: 'deny', scope: 'run', runId: t.runId },
          (g) => sameTarget(t)(g) && g.scope === 'run' && g.runId === t.runId,
        ),
  'deny-all': (policy, t) =>
    withGrant(
      policy,
      { ...base(t), effect: 'deny', scope: 'persistent' },
      (g) => sameTarget(t)(g) && g.scope === 'persistent',
    ),
};

function resolveTarget(policy: HarborPolicy, target: DecisionTarget, options: ApplyOptions): ResolvedTarget | null {
  const { toolName, runId, level } = target;
  if (typeof toolName !== 'string' || toolName.length === 0 || toolName.length > MAX_TOOL_NAME) return null;
  const site = resolveSite(target.site, policy);
  if (site.kind !== 'site') return null;
  const validRun = typeof runId === 'string' && runId.length > 0 && runId.length <= MAX_RUN_ID;
  const expiresAt = Number.isFinite(options.expiresAt) ? options.expiresAt : undefined;
  return {
    tool: toolName,
    site: site.site,
    runId: validRun ? runId : undefined,
    expiresAt,
    level: isPermissionLevel(level) ? level : undefined,
  };
}

/**
 * The policy after the person answered `decision` for `target`. Pure: returns a new policy and
 * never mutates the input. A target without a valid tool or site records nothing (restricted pages
 * are denied by decide() anyway, so there is nothing to remember).
 */
export function applyDecision(
  policy: HarborPolicy,
  target: DecisionTarget,
  decision: PermissionDecisionValue,
  options: ApplyOptions = {},
): HarborPolicy {
  const resolved = resolveTarget(policy, target, options);
  const update = Object.hasOwn(UPDATES, decision) ? UPDATES[decision] : undefined;
  if (resolved === null || update === undefined) return unchanged(policy);
  return update(policy, resolved);
}

/** Whether the call the person answered about runs now. */
export function decisionProceeds(decision: PermissionDecisionValue): boolean {
  return (
    decision === 'allow-once' || decision === 'allow-task' || decision === 'allow-site' || decision === 'allow-session'
  );
}
