import {
  commitmentOf,
  scopeExcess,
  type CriticalContext,
  type PermissionLevel,
  type ScopeExcess,
  type TaskScope,
} from '../../policy';
import type { PermissionDecisionValue } from '../../policy';

/** A task's scope, determined on first need (an action above read-only) and widened by the person. */
export interface ScopeHolder {
  get(signal: AbortSignal): Promise<TaskScope>;
  widen(excess: ScopeExcess): void;
}

/** Answers that widen the task's scope: "for this task", and the lasting allows, which say more. */
export const WIDENS: ReadonlySet<PermissionDecisionValue> = new Set(['allow-task', 'allow-site', 'allow-session']);

/** Why an action is outside the task, for the log and the model; the sidebar words it through t(). */
export const beyondInWords = (beyond: ScopeExcess): string =>
  beyond.kind === 'commitment'
    ? `the person's request did not ask to ${beyond.commitment === 'account' ? 'change account settings' : beyond.commitment}`
    : `the person's request did not ask for anything at the ${beyond.level} level`;

/** The task's scope, asked only for an action above reading: a task that only reads never needs one. */
export async function beyondScope(
  scope: ScopeHolder | undefined,
  level: PermissionLevel,
  action: CriticalContext,
  signal: AbortSignal,
): Promise<ScopeExcess | null> {
  if (scope === undefined || level === 'read-only') return null;
  return scopeExcess(await scope.get(signal), level, commitmentOf(action));
}
