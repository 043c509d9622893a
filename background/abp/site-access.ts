import { AbpError } from '../../src/abp/response';
import { sitesRefusal } from '../permissions/sites-refusal';
import type { Gate } from '../permissions/gate';
import type { Operation } from '../permissions/operations';
import type { CallContext } from './capability';

/**
 * The caller's part of a site access, as page.act's calls carry it: the session's run, so the grants
 * made for it (the bridge's --allow) apply; its connection's run, whose readings the data-flow rule
 * checks; its agent, who asks; and the task it stated (an attached client's), which the access must fit.
 */
export function callerAccess(call: Omit<CallContext, 'signal'>) {
  const { runId, flowRun, requester, questionTimeoutMs, scope } = call;
  return {
    runId,
    flowRun,
    requester,
    ...(questionTimeoutMs !== undefined ? { questionTimeoutMs } : {}),
    ...(scope ? { scope } : {}),
  };
}

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
  const refusal = await sitesRefusal(gate, { operation, urls, ...callerAccess(call) }, call.signal);
  if (refusal)
    throw new AbpError(
      'PERMISSION_DENIED',
      `${refusal.url}: ${refusal.refused.text} (decision: ${refusal.refused.decision})`,
    );
}
