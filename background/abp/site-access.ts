import { AbpError } from '../../src/abp/response';
import { newId } from '../../src/ids';
import type { PermissionLevel } from '../../policy';
import type { Gate } from '../permissions/gate';

/** Who asks, in the permission prompt and the Action Log (the same name page.read/page.act use). */
const REQUESTER = 'abp';

/**
 * An ABP capability that opens or reads sites asks the gate first, once per site: a blocked site is
 * never opened, "ask" asks the person in the sidebar, and every decision is in the Action Log. A
 * refusal is PERMISSION_DENIED.
 */
export async function requireAccess(
  gate: Gate,
  name: string,
  level: PermissionLevel,
  urls: readonly string[],
  signal: AbortSignal,
): Promise<void> {
  const runId = newId('abp');
  const seen = new Set<string>();
  for (const url of urls) {
    const origin = new URL(url).origin;
    if (seen.has(origin)) continue;
    seen.add(origin);
    const refused = await gate.authorize(
      { name, level, url, args: { url }, runId, requester: REQUESTER, summary: `${name} ${url}` },
      signal,
    );
    if (refused) throw new AbpError('PERMISSION_DENIED', `${url}: ${refused.text} (decision: ${refused.decision})`);
  }
}
