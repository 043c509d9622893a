import * as v from 'valibot';
import { PERMISSION_LEVELS, PermissionLevel } from './vocabulary';
import { trustCovers } from './levels';

/**
 * What a click may commit the person to, in the few plain categories a request names ("buy the
 * shoes", "send the reply", "delete the draft"). Every critical word rule (critical-words.ts) maps
 * to one of them, so a committing click always has a category to check against a task's scope.
 */
export const COMMITMENTS = ['buy', 'send', 'delete', 'account', 'share', 'approve'] as const;
export const Commitment = v.picklist(COMMITMENTS);
export type Commitment = v.InferOutput<typeof Commitment>;

/**
 * What one chat task is for, from the person's own words: the highest level it needs and the
 * commitments it may make. Standing grants say where Bosun may act; the scope says what this task
 * may do there. It only ever narrows the policy: an action within scope is still judged by it.
 */
export const TaskScope = v.object({
  level: PermissionLevel,
  commitments: v.pipe(v.array(Commitment), v.maxLength(COMMITMENTS.length)),
});
export type TaskScope = v.InferOutput<typeof TaskScope>;

/** Why an action is outside a scope: its level is higher, or it commits to something not asked for. */
export const ScopeExcess = v.variant('kind', [
  v.object({ kind: v.literal('level'), level: PermissionLevel }),
  v.object({ kind: v.literal('commitment'), commitment: Commitment }),
]);
export type ScopeExcess = v.InferOutput<typeof ScopeExcess>;

/**
 * Null when the action (at `level`, committing to `commitment` if not null) is within the scope.
 * The commitment is named first: "did not ask to buy anything" says more than "to submit".
 */
export function scopeExcess(
  scope: TaskScope,
  level: PermissionLevel,
  commitment: Commitment | null,
): ScopeExcess | null {
  if (commitment !== null && !scope.commitments.includes(commitment)) return { kind: 'commitment', commitment };
  return trustCovers(scope.level, level) ? null : { kind: 'level', level };
}

/** The scope with `excess` allowed: the person's one click, for the rest of this task. */
export function widenScope(scope: TaskScope, excess: ScopeExcess): TaskScope {
  if (excess.kind === 'commitment') {
    const commitments = scope.commitments.includes(excess.commitment)
      ? scope.commitments
      : [...scope.commitments, excess.commitment];
    return { ...scope, commitments };
  }
  return trustCovers(scope.level, excess.level) ? scope : { ...scope, level: excess.level };
}

/** A task that needs nothing but reading. */
export const READ_ONLY_SCOPE: TaskScope = { level: PERMISSION_LEVELS[0], commitments: [] };
