import { AbpError } from '../../src/abp/response';
import type { AgentTabs } from './agent-tabs';

/** The capabilities that act on an open tab named by `tabId`, or by the address it shows (`url`). */
const BY_ADDRESS = new Set(['page.read', 'page.act', 'page.readListing', 'page.getContent']);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * An attached client's ABP call, confined to its tabs: a tab it names by id must be one it opened or
 * one the person shares with it, and a tab it names by address is found among those only, then named
 * by id. Found by address among all tabs, a call would read the person's own tab that shows the same
 * page. What is not confined here (malformed params) is refused by the capability's own check.
 */
export async function confineToTabs(tabs: AgentTabs, capability: unknown, params: unknown): Promise<unknown> {
  if (!isRecord(params)) return params;
  const { tabId, url } = params;
  if (typeof tabId === 'number') {
    if (!tabs.mayUse(tabId))
      throw new AbpError(
        'PERMISSION_DENIED',
        `tabId: tab ${tabId} is not one of this agent's tabs, nor one the person shared with it.`,
      );
    return params;
  }
  if (tabId !== undefined || typeof url !== 'string' || !BY_ADDRESS.has(String(capability))) return params;
  const found = await tabs.showing(url);
  if (found === undefined)
    throw new AbpError('INVALID_PARAMS', `url: none of this agent's tabs shows ${url.slice(0, 500)}.`);
  const { url: _address, ...rest } = params;
  return { ...rest, tabId: found };
}
