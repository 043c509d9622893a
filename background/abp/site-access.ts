import { AbpError } from '../../src/abp/response';
import { sitesRefusal } from '../permissions/sites-refusal';
import type { Gate } from '../permissions/gate';
import type { Operation } from '../permissions/operations';
import type { CallContext } from './capability';

/**
 * An ABP capability that opens or reads sites asks the gate first, once per site: a blocked site is
 * never opened, "ask" asks the person in the sidebar, and every decision is in the Action Log. A
 * refusal is PERMISSION_DENIED.
 */
export async function requireAccess(
  gate: Gate,
  operation: Operation,
  urls: readonly string[],
  call: CallContext,
): Promise<void> {
  // The session's run, so the grants made for it (the bridge's --allow) apply; its agent asks, as in page.act.
  const { runId, flowRun, requester, questionTimeoutMs } = call;
  const session = { runId, flowRun, requester, ...(questionTimeoutMs !== undefined ? { questionTimeoutMs } : {}) };
  const refusal = await sitesRefusal(gate, { operation, urls, ...session }, call.signal);
  if (refusal)
    throw new AbpError(
      'PERMISSION_DENIED',
      `${refusal.url}: ${refusal.refused.text} (decision: ${refusal.refused.decision})`,
    );
}
