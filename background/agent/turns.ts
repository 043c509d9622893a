import type { ChatTurn } from '../llm/types';
import type { ChatMessage } from '../../src/protocol/common';
import { readingAddress } from '../tools/page-reading';
import { readListing } from '../tools/listing-tools';
import { readPage } from '../tools/page-tools';
import { TAB_TOOLS } from '../tools/tab-tools';
import { untrusted } from '../tools/untrusted';

type Call = NonNullable<ChatMessage['toolCalls']>[number];

const NOT_RUN = 'Not run: the task was interrupted before this action.';
const SUPERSEDED =
  "Left out: a later read_page of the same address follows in this conversation, and this reading's text and element indices are out of date.";
const SUPERSEDED_PART =
  "Left out: a later read_page of the page this listing part was of follows in this conversation, and this part's element indices are out of date.";
/** After one of these the task's tab may show another page, or be another tab: a listing part read next is not tied to the reading before. */
const TAB_CHANGES = new Set<string>(TAB_TOOLS.map((tool) => tool.name));

/**
 * The conversation as the model sees it. Answers without text or calls are left out; every
 * tool call gets a result (providers reject a call without one), so a call cut off by a stop
 * or restart is answered as not run.
 */
export function toTurns(messages: readonly ChatMessage[]): ChatTurn[] {
  const turns: ChatTurn[] = [];
  const results = pairedResults(messages);
  const superseded = supersededReadings(results);
  for (const message of messages) {
    if (message.role === 'user') turns.push(userTurn(message));
    if (message.role !== 'assistant' || message.status === 'streaming') continue;
    const calls = message.toolCalls ?? [];
    if (!message.content.trim() && calls.length === 0) continue;
    turns.push({ role: 'assistant', content: message.content, ...(calls.length > 0 ? { toolCalls: calls } : {}) });
    for (const call of calls) {
      const content = superseded.get(call) ?? results.get(call)?.content ?? NOT_RUN;
      turns.push({ role: 'tool', toolCallId: call.id, name: call.name, content });
    }
  }
  return turns;
}

/**
 * Each answered call with its result, in the conversation's order. A result answers the latest
 * call with its id: a model may use an id again in a later answer ("call_0" in each).
 */
function pairedResults(messages: readonly ChatMessage[]): Map<Call, ChatMessage> {
  const latest = new Map<string, Call>();
  const results = new Map<Call, ChatMessage>();
  for (const message of messages) {
    for (const call of message.role === 'assistant' ? (message.toolCalls ?? []) : []) latest.set(call.id, call);
    const call = message.role === 'tool' && message.toolCallId ? latest.get(message.toolCallId) : undefined;
    if (call && !results.has(call)) results.set(call, message);
  }
  return results;
}

/**
 * The read_page calls whose reading a later read_page of the same address, the same way (whole
 * page or viewport), replaces, and the read_listing parts of those readings, each with the note
 * sent in its place. Their indices are refused already (each reading has its own), and their text
 * would otherwise go to the model again with every step: a ten-step task on a large page would
 * send its first reading ten times. The conversation itself keeps every reading.
 */
function supersededReadings(results: Map<Call, ChatMessage>): Map<Call, string> {
  const latest = new Map<string, Call>();
  const superseded = new Set<Call>();
  const parts = new Map<Call, Call>();
  // The reading a read_listing part continues: the last one on the task's tab.
  let reading: Call | null = null;
  for (const [call, result] of results) {
    if (TAB_CHANGES.has(call.name)) reading = null;
    if (call.name === readListing.name && reading) parts.set(call, reading);
    const address = call.name === readPage.name ? readingAddress(result.content) : null;
    if (address === null) continue;
    const key = `${call.args.viewportOnly === true ? 'viewport' : 'page'} ${address}`;
    const earlier = latest.get(key);
    if (earlier !== undefined) superseded.add(earlier);
    latest.set(key, call);
    reading = call;
  }
  const notes = new Map<Call, string>();
  for (const call of superseded) notes.set(call, SUPERSEDED);
  for (const [part, of] of parts) if (superseded.has(of)) notes.set(part, SUPERSEDED_PART);
  return notes;
}

/**
 * The person's words, then what went with them, each marked as what it is: the page text they
 * selected and the tabs they picked as the pages' (untrusted), their own files as theirs, their
 * image beside the text for models that see images.
 */
function userTurn({ content, quote, attachments = [] }: ChatMessage): ChatTurn {
  const parts = [content];
  if (quote !== undefined) parts.push(`The part of the page the person selected:\n${untrusted(quote)}`);
  for (const attachment of attachments) {
    if (attachment.kind === 'file') parts.push(personFile(attachment.name, attachment.text, attachment.chars));
    if (attachment.kind === 'image') parts.push(`The person attached the image "${attachment.name}" (below).`);
    if (attachment.kind === 'tab')
      parts.push(
        `A tab the person picked as context: "${attachment.title}" (${attachment.url})${cutNote(attachment.text, attachment.chars)}\n${untrusted(attachment.text)}`,
      );
  }
  const image = attachments.find((a) => a.kind === 'image');
  return { role: 'user', content: parts.join('\n\n'), ...(image ? { image: image.dataUrl } : {}) };
}

const cutNote = (text: string, chars: number) =>
  chars > text.length ? `, its first ${text.length} of ${chars} characters` : '';

/** A tag of the file block's name inside the file is renamed, so the file cannot close its block early. */
const FILE_TAG = /<\s*\/?\s*person_file(?![\w-])/gi;

/** The person's own file: theirs to ask about, given as data with its name. */
const personFile = (name: string, text: string, chars: number): string =>
  [
    `A file the person attached from their computer: "${name}"${cutNote(text, chars)}.`,
    '<person_file>',
    text.replace(FILE_TAG, '$&_'),
    '</person_file>',
  ].join('\n');
