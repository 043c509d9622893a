import { newId } from '../storage/ids';
import type { Gate, GateResult } from './gate';
import type { Operation } from './operations';
import type { ScopeHolder } from './scope-check';

export interface SitesAccess {
  /** What is asked for, at its declared level: "crawl_site". */
  operation: Operation;
  urls: readonly string[];
  /** Who asks: "abp" for a page using the protocol, "library" for the person's Library view. */
  requester: string;
  /** The run the checks belong to (an ABP session's, so its grants apply); a run of their own otherwise. */
  runId?: string;
  /** As GateCall's: the run whose readings the data-flow rule checks, where it is not runId. */
  flowRun?: string;
  /** As GateCall's: how long a question may wait for this caller. */
  questionTimeoutMs?: number;
  /** As GateCall's: the task the caller stated (an attached client's), which the access must fit. */
  scope?: ScopeHolder;
}

/**
 * Work that opens or reads sites outside a tool call (a crawl started or resumed, a picked page) asks the gate
 * first, once per site: a blocked site is never opened, "ask" asks the person, and every decision
 * is in the Action Log. Null when every site may be used; otherwise the first refusal and its URL.
 */
export async function sitesRefusal(
  gate: Gate,
  access: SitesAccess,
  signal: AbortSignal,
): Promise<{ url: string; refused: GateResult } | null> {
  const runId = access.runId ?? newId(access.requester);
  const seen = new Set<string>();
  for (const url of access.urls) {
    const origin = new URL(url).origin;
    if (seen.has(origin)) continue;
    seen.add(origin);
    const refused = await gate.authorize(
      {
        operation: access.operation,
        url,
        args: { url },
        runId,
        ...(access.flowRun !== undefined ? { flowRun: access.flowRun } : {}),
        requester: access.requester,
        summary: `${access.operation.name} ${url}`,
        ...(access.questionTimeoutMs !== undefined ? { questionTimeoutMs: access.questionTimeoutMs } : {}),
        ...(access.scope ? { scope: access.scope } : {}),
      },
      signal,
    );
    if (refused) return { url, refused };
  }
  return null;
}
