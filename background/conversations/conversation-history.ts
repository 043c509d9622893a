import { fileName, parseExport, toJson, toMarkdown } from './conversation-export';
import { newId } from '../storage/ids';
import { refuse, type Refusal } from '../../src/messaging/refusal';
import { browser } from '../../src/platform/browser';
import type { BackgroundToSidebar } from '../../src/protocol/background-to-sidebar';
import { createConversationStore } from '../storage/conversation-store';
import type { Db } from '../storage/db';
import {
  announce,
  cleared,
  entry,
  FIRST_CONVERSATION,
  listing,
  load,
  noteMessage,
  open,
  type ConversationIndex,
} from './conversation-index';
import type { Conversation } from './conversation-messages';

export { FIRST_CONVERSATION } from './conversation-index';

const BUSY = 'Stop the running task first: a conversation cannot change while Bosun works in it.';
const GONE = 'That conversation is no longer in the history.';

/**
 * The history of conversations: an index (title, dates, the tab each started in) kept in the
 * `state` store, and each conversation's messages in the `messages` store under its id. One is
 * open at a time: it is the conversation the agent works in.
 */
export function createConversationHistory(
  database: Promise<Db>,
  conversation: Conversation,
  broadcast: (message: BackgroundToSidebar) => void,
) {
  const history: ConversationIndex = { database, conversation, broadcast, index: [], currentId: FIRST_CONVERSATION };
  return {
    /** The open conversation's store, read before the agent restores its runs. */
    load: () => load(history),
    listing: () => listing(history),
    /** After each message of the person: the conversation enters the history, bound to the tab it started in. */
    noteMessage: (content: string, tabId: number) => noteMessage(history, content, tabId),
    /** The open conversation was emptied (Clear): it leaves the history until its next message. */
    cleared: () => cleared(history),
    create: () => create(history),
    openOne: (id: string) => openOne(history, id),
    rename: (id: string, title: string) => rename(history, id, title),
    remove: (id: string) => remove(history, id),
    exportOne: (id: string, format: 'markdown' | 'json') => exportOne(history, id, format),
    importOne: (data: string) => importOne(history, data),
  };
}
export type ConversationHistory = ReturnType<typeof createConversationHistory>;

async function create(history: ConversationIndex): Promise<Refusal | undefined> {
  if (history.conversation.busy) return refuse(BUSY);
  await open(history, newId('conv'));
  await announce(history);
}

async function openOne(history: ConversationIndex, id: string): Promise<Refusal | undefined> {
  const found = entry(history, id);
  if (!found) return refuse(GONE);
  if (history.conversation.busy) return refuse(BUSY);
  await open(history, id);
  await announce(history);
  // Bound to the tab it started in: show that tab again while it is open.
  if (found.tab) await browser.tabs.update(found.tab.id, { active: true }).catch(() => undefined);
}

async function rename(history: ConversationIndex, id: string, title: string): Promise<Refusal | undefined> {
  const found = entry(history, id);
  if (!found) return refuse(GONE);
  found.title = title;
  await announce(history);
}

async function remove(history: ConversationIndex, id: string): Promise<Refusal | undefined> {
  if (!entry(history, id)) return refuse(GONE);
  if (id === history.currentId && history.conversation.busy) return refuse(BUSY);
  await createConversationStore(history.database, id).clear();
  history.index = history.index.filter((c) => c.id !== id);
  if (id === history.currentId) await open(history, newId('conv'));
  await announce(history);
}

async function exportOne(
  history: ConversationIndex,
  id: string,
  format: 'markdown' | 'json',
): Promise<BackgroundToSidebar | Refusal> {
  const found = entry(history, id);
  if (!found) return refuse(GONE);
  const messages =
    id === history.currentId ? history.conversation.all() : await createConversationStore(history.database, id).load();
  const content = format === 'json' ? toJson(found.title, messages) : toMarkdown(found.title, messages);
  const name = fileName(found.title, format === 'json' ? 'json' : 'md');
  return { type: 'CONVERSATION_EXPORT', payload: { id, format, fileName: name, content } };
}

/** A conversation from an export file becomes a new one in the history, opened unless a task is running. */
async function importOne(history: ConversationIndex, data: string): Promise<Refusal | undefined> {
  const parsed = parseExport(data);
  if (!parsed.ok) return refuse(parsed.error);
  const { title, messages } = parsed.conversation;
  const id = newId('conv');
  const store = createConversationStore(history.database, id);
  await store.putAll(messages);
  const now = new Date().toISOString();
  history.index.unshift({ id, title, createdAt: now, updatedAt: now, messageCount: messages.length });
  if (!history.conversation.busy) await open(history, id);
  await announce(history);
}
