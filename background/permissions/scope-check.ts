import {
  commitmentOf,
  judgedAction,
  scopeExcess,
  type CriticalContext,
  type PermissionLevel,
  type ScopeExcess,
  type TaskScope,
} from '../../policy';
import type { PermissionDecisionValue } from '../../policy';

/**
 * A task's scope: known from the start (a workflow step's plan), or determined on first need (an
 * action above read-only, from the person's words) and widened by the person.
 */
export interface ScopeHolder {
  get(signal: AbortSignal): Promise<TaskScope>;
  /** The scope if it is known without asking anyone, else null. */
  current(): TaskScope | null;
  widen(excess: ScopeExcess): void;
}

/** Answers that widen the task's scope: "for this task", and the lasting allows, which say more. */
export const WIDENS: ReadonlySet<PermissionDecisionValue> = new Set(['allow-task', 'allow-site', 'allow-session']);

/** Why an action is outside the task, for the log and the model; the sidebar words it through t(). */
export function beyondInWords(beyond: ScopeExcess): string {
  switch (beyond.kind) {
    case 'commitment':
      return `the person's request did not ask to ${beyond.commitment === 'account' ? 'change account settings' : beyond.commitment}`;
    case 'level':
      return `the person's request did not ask for anything at the ${beyond.level} level`;
    case 'site':
      return `the approved plan does not include ${beyond.site}`;
    case 'recall':
      return `this conversation did not read that page of ${beyond.site}`;
    case 'typed':
      return `the approved plan does not type "${beyond.value}"`;
  }
}

/** What the gate knows of an action when it checks it against the task. */
export interface ScopeQuestion {
  /** The action's tool: a hover or a double click on an item commits to nothing its words say. */
  toolName: string;
  /** The site the action happens on, and the site a click leaves for (if another), resolved. */
  sites: readonly string[];
  level: PermissionLevel;
  action: CriticalContext;
  /** The values the action types or chooses on the page (a plan's scope names the only ones it may). */
  typed?: readonly string[];
}

/**
 * The action's excess over the task's scope, or null. A read never makes the scope be asked for (a
 * task that only reads never needs one), but a scope already known (a plan's) still bounds its sites.
 */
export async function beyondScope(
  scope: ScopeHolder | undefined,
  question: ScopeQuestion,
  signal: AbortSignal,
): Promise<ScopeExcess | null> {
  if (scope === undefined) return null;
  const known = question.level === 'read-only' ? scope.current() : await scope.get(signal);
  if (known === null) return null;
  const { sites, level } = question;
  // A read commits to nothing, whatever the words on the element it reads; nor does an action whose
  // element's words promise nothing (a hover, an item that is no button or link).
  const action = level === 'read-only' ? null : judgedAction(question.toolName, question.action);
  const commitment = action === null ? null : commitmentOf(action);
  return scopeExcess(known, { sites, level, commitment, ...(question.typed ? { typed: question.typed } : {}) });
}
