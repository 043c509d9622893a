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

const SiteName = v.pipe(v.string(), v.maxLength(300));
/** As many sites as a plan has steps, and a few the person added. */
const MAX_SCOPE_SITES = 50;
/** One value a plan says it will type, as the person approved it. */
export const TypedValue = v.pipe(v.string(), v.maxLength(2000));
/** As many values as a form has fields, and a few the person added. */
export const MAX_TYPED_VALUES = 50;

/**
 * What one task is for: the highest level it needs and the commitments it may make (from the
 * person's own words, or an ABP client's task), and for a workflow step the sites its approved plan
 * names. Standing grants say where Bosun may act; the scope says what this task may do there. It
 * only ever narrows the policy: an action within scope is still judged by it.
 */
export const TaskScope = v.object({
  level: PermissionLevel,
  commitments: v.pipe(v.array(Commitment), v.maxLength(COMMITMENTS.length)),
  /**
   * The only sites the task may act on (a workflow step's planned site), each as resolveSite gives
   * it ("docs.example"); absent: any site the policy allows.
   */
  sites: v.optional(v.pipe(v.array(SiteName), v.maxLength(MAX_SCOPE_SITES))),
  /**
   * The only values the task may type or choose (a chat plan's, as approved); absent: any value the
   * data-flow rule lets through.
   */
  typed: v.optional(v.pipe(v.array(TypedValue), v.maxLength(MAX_TYPED_VALUES))),
});
export type TaskScope = v.InferOutput<typeof TaskScope>;

/**
 * Why an action is outside a task: its level is higher, it commits to something not asked for, it
 * acts on (or a click leaves for) a site outside the plan, or it recalls a page the task never read.
 */
export const ScopeExcess = v.variant('kind', [
  v.object({ kind: v.literal('level'), level: PermissionLevel }),
  v.object({ kind: v.literal('commitment'), commitment: Commitment }),
  v.object({ kind: v.literal('site'), site: SiteName }),
  v.object({ kind: v.literal('recall'), site: SiteName }),
  v.object({ kind: v.literal('typed'), value: TypedValue }),
]);
export type ScopeExcess = v.InferOutput<typeof ScopeExcess>;

/**
 * One action as a scope judges it: the sites it acts on (a click's page and where it leads, as
 * resolveSite gives them), its level and commitment, and the values it types or chooses.
 */
export interface ScopedAction {
  readonly sites: readonly string[];
  readonly level: PermissionLevel;
  readonly commitment: Commitment | null;
  readonly typed?: readonly string[];
}

/** Typed values compare as the person reads them: surrounding spaces make no other value. */
const sameValue = (a: string, b: string): boolean => a.trim() === b.trim();

/**
 * Null when the action is within the scope. A site outside the plan is named first (the person
 * approved none of it), then the commitment: "did not ask to buy anything" says more than "to submit".
 */
export function scopeExcess(scope: TaskScope, action: ScopedAction): ScopeExcess | null {
  const { sites } = scope;
  const outside = sites && action.sites.find((site) => !sites.includes(site));
  if (outside) return { kind: 'site', site: outside };
  const { commitment, level } = action;
  if (commitment !== null && !scope.commitments.includes(commitment)) return { kind: 'commitment', commitment };
  if (!trustCovers(scope.level, level)) return { kind: 'level', level };
  const { typed } = scope;
  const unplanned = typed && action.typed?.find((value) => !typed.some((planned) => sameValue(planned, value)));
  return unplanned === undefined ? null : { kind: 'typed', value: unplanned.slice(0, 2000) };
}

/** The scope with `excess` allowed: the person's one click, for the rest of this task. */
export function widenScope(scope: TaskScope, excess: ScopeExcess): TaskScope {
  // A recalled page is allowed once: the recall makes it one the task has read.
  if (excess.kind === 'recall') return scope;
  if (excess.kind === 'typed')
    return scope.typed && scope.typed.length < MAX_TYPED_VALUES
      ? { ...scope, typed: [...scope.typed, excess.value] }
      : scope;
  if (excess.kind === 'site')
    return scope.sites && !scope.sites.includes(excess.site) && scope.sites.length < MAX_SCOPE_SITES
      ? { ...scope, sites: [...scope.sites, excess.site] }
      : scope;
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
