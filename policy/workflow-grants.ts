import type { PermissionLevel } from './vocabulary';
import { resolveSite } from './site';
import { MAX_GRANTS, type Grant, type HarborPolicy } from './types';

/** One site and one level a workflow plan lists, as the person approved it. */
export interface PlannedAccess {
  /** A URL or host, resolved exactly as decide() resolves it. */
  readonly site: string;
  readonly level: PermissionLevel;
}

/** One tool's use of a site at one level that a plan implies, granted for that tool alone (a step opening its site). */
export interface PlannedUse extends PlannedAccess {
  readonly tool: string;
}

/**
 * The policy with run-scoped allows for exactly the approved (site, level) pairs, for every tool,
 * in this run only. A grant is bound to its level, so approving "interact" never approves a click
 * that submits a form (judged at submit); other sites, levels and runs still ask, and critical
 * actions still ask through the ceiling. Sites that cannot be granted (restricted, invalid) are
 * left out: decide() denies them anyway. At the grant cap nothing is added: the steps then ask.
 * `uses` are allowed for their own tool only (opening a step's site approves no other navigation).
 */
export function grantWorkflowRun(
  policy: HarborPolicy,
  runId: string,
  access: readonly PlannedAccess[],
  tools: readonly string[],
  uses: readonly PlannedUse[] = [],
): HarborPolicy {
  const granted = new Map<string, Grant>();
  const grant = (tool: string, site: string, level: PermissionLevel) => {
    const identity = resolveSite(site, policy);
    if (identity.kind === 'site')
      granted.set(`${tool}\u0000${identity.site}\u0000${level}`, {
        tool,
        site: identity.site,
        level,
        effect: 'allow',
        scope: 'run',
        runId,
      });
  };
  for (const { site, level } of access) for (const tool of tools) grant(tool, site, level);
  for (const { tool, site, level } of uses) grant(tool, site, level);
  const added = [...granted.values()];
  const kept = withoutRun(policy, runId).grants;
  if (kept.length + added.length > MAX_GRANTS) return { ...policy, grants: kept };
  return { ...policy, grants: [...kept, ...added] };
}

/** The policy without any grant of this run (its allows and its denies): used when the run ends. */
export function withoutRun(policy: HarborPolicy, runId: string): HarborPolicy {
  return { ...policy, grants: policy.grants.filter((g) => g.scope !== 'run' || g.runId !== runId) };
}
