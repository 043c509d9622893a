import type { PermissionLevel } from './vocabulary';
import type { Grant } from './types';

/**
 * Whether a grant is in force at `now`. An expired grant never applies. When the caller gives no
 * time (the spec's 4-argument checkPermission), expiry cannot be checked, so the engine takes the
 * safe reading of each effect: an expiring allow is not trusted, an expiring deny still holds.
 */
export function isLive(grant: Grant, now: number | undefined): boolean {
  if (grant.expiresAt === undefined) return true;
  if (now === undefined) return grant.effect === 'deny';
  return now < grant.expiresAt;
}

/** The call a grant could apply to. */
export interface GrantTarget {
  readonly tool: string;
  readonly site: string;
  readonly runId?: string | undefined;
  /** The level the call is judged at; a level-bound grant (a workflow's run allow) matches only it. */
  readonly level?: PermissionLevel | undefined;
}

/**
 * A grant applies only to its own tool on its own site (and, for run denies, its own run): exact
 * string equality on canonical keys, no prefixes, no wildcards, so nothing ever widens.
 */
export function grantMatches(grant: Grant, target: GrantTarget): boolean {
  if (grant.tool !== target.tool || grant.site !== target.site) return false;
  if ('level' in grant && grant.level !== target.level) return false;
  return grant.scope !== 'run' || grant.runId === target.runId;
}

/** The live grants of one kind that apply to `target`. */
export function hasLiveGrant(
  grants: readonly Grant[],
  target: GrantTarget,
  now: number | undefined,
  kind: (grant: Grant) => boolean,
): boolean {
  return grants.some((grant) => kind(grant) && grantMatches(grant, target) && isLive(grant, now));
}

/** Which storage area the adapter keeps a grant in; only persistent grants outlive the session. */
export function storageAreaOf(grant: Grant): 'local' | 'session' {
  return grant.scope === 'persistent' ? 'local' : 'session';
}

/** The policy's grants with the expired ones dropped, for the adapter to store back. */
export function withoutExpired(grants: readonly Grant[], now: number): Grant[] {
  return grants.filter((grant) => isLive(grant, now));
}
