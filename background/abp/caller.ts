import { AbpError } from '../../src/abp/response';
import { QuestionUnanswered } from '../permissions/gate';
import type { CallContext } from './capability';
import type { ScopeHolder } from '../permissions/scope-check';
import type { CallerKind } from '../agent/task-board';

/** Who asks when an ABP client does not name itself. */
export const ABP_REQUESTER = 'abp';

/** The run an ABP session's calls belong to: its denies and its grants live there. */
export const sessionRun = (sessionId: string) => `abp-session:${sessionId}`;

/**
 * A call's caller fields as the capability context: its session's run (outside a session, the
 * run of the ABP page's connection), the connection's run for its readings and its tabs, its
 * agent, its question time.
 */
export function callerContext(
  fields: { sessionId?: string | undefined; agent?: string | undefined; questionTimeoutMs?: number | undefined },
  signal: AbortSignal,
  { runId: pageRun, scope, caller }: { runId: string; scope?: ScopeHolder | undefined; caller: CallerKind },
): CallContext & { runId: string; flowRun: string } {
  const agent = fields.agent?.trim();
  return {
    signal,
    runId: fields.sessionId ? sessionRun(fields.sessionId) : pageRun,
    flowRun: pageRun,
    caller: { id: pageRun, kind: caller },
    requester: agent ? `${ABP_REQUESTER}: ${agent}` : ABP_REQUESTER,
    ...(fields.questionTimeoutMs !== undefined ? { questionTimeoutMs: fields.questionTimeoutMs } : {}),
    ...(scope ? { scope } : {}),
  };
}

/**
 * A question the caller could not wait for, as the ABP error the spec has for it: PERMISSION_REQUIRED
 * (retryable once allowed), with what was asked and how to allow it in the details.
 */
export function permissionRequired(error: QuestionUnanswered): AbpError {
  const { tool, site, level, summary } = error.question;
  const how =
    error.why === 'cancelled'
      ? ''
      : ` To allow it: the person answers Bosun's question in its sidebar, or trusts ${site} at level ${level} in Bosun's Permissions view; an MCP bridge can be started with --allow ${site}:${level}.`;
  return new AbpError('PERMISSION_REQUIRED', `${error.message}${how}`, {
    tool,
    site,
    level,
    ...(summary ? { summary } : {}),
    why: error.why,
    allowWith: `--allow ${site}:${level}`,
  });
}

/** Runs `work`, answering a question nobody could answer with PERMISSION_REQUIRED. */
export async function asCaller<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof QuestionUnanswered) throw permissionRequired(error);
    throw error;
  }
}

/**
 * Calls in flight that named a callId, per port, so cancel(callId) can stop them. A cancelled
 * call's signal aborts: its question is withdrawn, and an answer given later finds nothing to run.
 */
export function createCallTracker() {
  const running = new Map<string, AbortController>();
  return {
    async track<T>(callId: string | undefined, parent: AbortSignal, work: (signal: AbortSignal) => Promise<T>) {
      if (!callId) return work(parent);
      const controller = new AbortController();
      const stop = () => controller.abort(parent.reason);
      parent.addEventListener('abort', stop, { once: true });
      // A second call with the same id replaces the first one's entry; cancelling names the latest.
      running.set(callId, controller);
      try {
        return await work(controller.signal);
      } finally {
        parent.removeEventListener('abort', stop);
        if (running.get(callId) === controller) running.delete(callId);
      }
    },
    /** True when a call with that id was running and is now cancelled. */
    cancel(callId: string): boolean {
      const controller = running.get(callId);
      if (!controller) return false;
      running.delete(callId);
      controller.abort(new DOMException('The call was cancelled.', 'AbortError'));
      return true;
    },
  };
}
export type CallTracker = ReturnType<typeof createCallTracker>;
