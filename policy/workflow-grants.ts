import type { PermissionLevel } from './vocabulary';
import { resolveSite } from './site';
import { MAX_GRANTS, type Grant, type HarborPolicy } from './types';

/** One site and one level a workflow plan lists, as the person approved it. */
export interface PlannedAccess {
  /** A URL or host, resolved exactly as decide() resolves it. */
  readonly site: string;
  readonly level: PermissionLevel;
}

/**
 * The policy with run-scoped allows for exactly the approved (site, level) pairs, for every tool,
 * in this run only. A grant is bound to its level, so approving "interact" never approves a click
 * that submits a form (judged at submit); other sites, levels and runs still ask, and critical
 * actions still ask through the ceiling. Sites that cannot be granted (restricted, invalid) are
 * left out: decide() denies them anyway. At the grant cap nothing is added: the steps then ask.
 */
export function grantWorkflowRun(
  policy: HarborPolicy,
  runId: string,
  access: readonly PlannedAccess[],
  tools: readonly string[],
): HarborPolicy {
  const pairs = new Map<string, { site: string; level: PermissionLevel }>();
  for (const { site, level } of access) {
    const identity = resolveSite(site, policy);
    if (identity.kind === 'site') pairs.set(`${identity.site}\u0000${level}`, { site: identity.site, level });
  }
  const added: Grant[] = [...pairs.values()].flatMap(({ site, level }) =>
    tools.map((tool): Grant => ({ tool, site, level, effect: 'allow', scope: 'run', runId })),
  );
  const kept = withoutRun(policy, runId).grants;
  if (kept.length + added.length > MAX_GRANTS) return { ...policy, grants: kept };
  return { ...policy, grants: [...kept, ...added] };
}

/** The policy without any grant of this run (its allows and its denies): used when the run ends. */
export function withoutRun(policy: HarborPolicy, runId: string): HarborPolicy {
  return { ...policy, grants: policy.grants.filter((g) => g.scope !== 'run' || g.runId !== runId) };
}
