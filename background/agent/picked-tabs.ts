import { siteOf } from '../../policy';
import { MAX_ATTACHED_CHARS } from '../../src/protocol/upload-limits';
import type { Attachment, SentAttachment } from '../../src/protocol/attachments';
import { refuse, type Refusal } from '../../src/messaging/refusal';
import { browser } from '../../src/platform/browser';
import type { Gate } from '../permissions/gate';
import { OPERATIONS } from '../permissions/operations';
import { extractPage } from '../tabs/page-tabs';
import { newId } from '../storage/ids';

/**
 * The message's attachments as the conversation keeps them: the person's files as sent, and each
 * picked tab read only once the gate allows a read of its site (a blocked site's tab is never read,
 * "ask" asks the person, each decision is in the Action Log). The first tab refused refuses the
 * whole message, so nothing is sent without what the person asked to compare.
 */
export async function readAttachments(
  gate: Pick<Gate, 'authorize'>,
  sent: readonly SentAttachment[],
  signal: AbortSignal,
): Promise<Attachment[] | Refusal> {
  const runId = newId('context');
  const read: Attachment[] = [];
  for (const attachment of sent) {
    if (attachment.kind !== 'tab') {
      read.push(attachment);
      continue;
    }
    const tab = await browser.tabs.get(attachment.tabId).catch(() => null);
    if (!tab?.url) return refuse('A tab you picked was closed before Bosun could read it. Pick it again.');
    const title = tab.title || tab.url;
    const identity = siteOf(tab.url);
    if (identity.kind !== 'site') return refuse(`Bosun reads only web pages: "${title}" is not one.`);
    const refused = await gate.authorize(
      {
        operation: OPERATIONS.readTab,
        url: tab.url,
        args: { url: tab.url },
        runId,
        requester: 'chat',
        summary: `read the tab "${title}" as context for your message`,
      },
      signal,
    );
    if (refused) return refuse(`Bosun did not read the tab "${title}" (${identity.site}): ${refused.text}`);
    let page: { title: string; text: string };
    try {
      page = await readPage(attachment.tabId, identity.site, signal);
    } catch (error) {
      return refuse(
        `Bosun could not read the tab "${title}": ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    read.push({
      kind: 'tab',
      title: (page.title || title).slice(0, 1000),
      url: tab.url.slice(0, 8192),
      text: page.text.slice(0, MAX_ATTACHED_CHARS),
      chars: page.text.length,
    });
  }
  return read;
}

/**
 * An open tab's page as its content script extracts it: markdown where there is any, else its text.
 * The page it came from must still be on the site the gate allowed: a tab that moved on meanwhile is
 * not read for it.
 */
async function readPage(tabId: number, site: string, signal: AbortSignal) {
  const page = await extractPage(tabId, signal);
  const now = siteOf(page.url);
  if (now.kind !== 'site' || now.site !== site) throw new Error('it went to another site while Bosun was reading it');
  return { title: page.title, text: page.markdown.trim() || page.text };
}
