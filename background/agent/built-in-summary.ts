import { refuse, Refusal } from '../../src/messaging/refusal';
import type { Attachment } from '../../src/protocol/attachments';
import type { BuiltInSummarizer } from '../llm/built-in-summarizer';
import type { Conversation } from '../conversations/conversation-messages';

/** Reads a tab as a picked tab is read: through the gate (`readAttachments`), or why not. */
export type ReadTab = (tabId: number, signal: AbortSignal) => Promise<Attachment[] | Refusal>;

/** How long reading the page (a question to the person included) and summarizing it may take. */
const SUMMARY_MS = 5 * 60_000;
const notAvailable = (reason: string) => refuse(`The browser's model is not available: ${reason}.`);

/**
 * Summarize with no provider: the page is read through the gate as any read of a tab is, its text
 * (page content) goes only to the browser's own summarizer, and the summary is added to the chat
 * marked as the browser's model's. A summarizer that is missing or fails says why.
 */
export async function summarizeWithBuiltIn(
  readTab: ReadTab,
  conversation: Pick<Conversation, 'add'>,
  summarizer: BuiltInSummarizer,
  tabId: number,
): Promise<Refusal | undefined> {
  if ('unavailable' in summarizer) return notAvailable(summarizer.unavailable);
  const signal = AbortSignal.timeout(SUMMARY_MS);
  const read = await readTab(tabId, signal);
  if (read instanceof Refusal) return read;
  const [page] = read;
  if (page?.kind !== 'tab') return refuse('Bosun could not read the page.');
  let summary: string;
  try {
    summary = await summarizer.summarize(page.text, signal);
  } catch (error) {
    return notAvailable(error instanceof Error ? error.message : String(error));
  }
  await conversation.add({
    role: 'assistant',
    content: `Summary of "${page.title}" by the browser's built-in model:\n\n${summary}`,
    status: 'done',
  });
}
