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
  conversationOf,
  current,
  entry,
  FIRST_CONVERSATION,
  listing,
  load,
  noteMessage,
  open,
  type ConversationIndex,
} from './conversation-index';
import type { Conversation } from './conversation-messages';
import { modelTitle } from './model-title';
import type { BuiltInPrompt } from '../llm/built-in-model';

export { FIRST_CONVERSATION } from './conversation-index';

const BUSY = 'Stop the running task first: a conversation cannot be deleted while Bosun works in it.';
const GONE = 'That conversation is no longer in the history.';

/**
 * The history of conversations: an index (title, dates, the tab each started in) kept in the
 * `state` store, and each conversation's messages in the `messages` store under its id. One is
 * shown at a time: the person's next message starts a task in it. Tasks run in their own
 * conversations, several at once, whichever one is shown.
 */
export function createConversationHistory(
  database: Promise<Db>,
  broadcast: (message: BackgroundToSidebar) => void,
  shown: (id: string) => void,
  /** The built-in model's prompt when it is to title conversations, else null. */
  titler: () => Promise<BuiltInPrompt | null> = () => Promise.resolve(null),
) {
  const history: ConversationIndex = {
    database,
    broadcast,
    shown,
    live: new Map(),
    index: [],
    currentId: FIRST_CONVERSATION,
  };
  return {
    /** The shown conversation's store, read before the agent restores its runs. */
    load: () => load(history),
    listing: () => listing(history),
    /** The shown conversation and its id. */
    current: (): { id: string; conversation: Conversation } => ({
      id: history.currentId,
      conversation: current(history),
    }),
    /** A conversation by id, in memory or read from storage (a restart's interrupted runs). */
    conversationOf: (id: string) => conversationOf(history, id),
    /**
     * After each message of the person: the conversation enters the history, bound to the tab it
     * started in, titled by its first words, then by the built-in model when there is one to ask.
     */
    noteMessage: async (id: string, content: string, tabId: number) => {
      const given = await noteMessage(history, id, content, tabId);
      if (given !== null) void titleByModel(history, titler, id, content, given);
    },
    /** A conversation was emptied (Clear): it leaves the history until its next message. */
    cleared: (id: string) => cleared(history, id),
    create: () => create(history),
    openOne: (id: string) => openOne(history, id),
    rename: (id: string, title: string) => rename(history, id, title),
    /** The model's title replaces the one given from the first words, unless the person renamed it meanwhile. */
    remove: (id: string) => remove(history, id),
    exportOne: (id: string, format: 'markdown' | 'json') => exportOne(history, id, format),
    importOne: (data: string) => importOne(history, data),
  };
}
export type ConversationHistory = ReturnType<typeof createConversationHistory>;

/** A new empty conversation is shown; a task running in the one shown before goes on there. */
async function create(history: ConversationIndex): Promise<void> {
  await open(history, newId('conv'));
  await announce(history);
}

async function openOne(history: ConversationIndex, id: string): Promise<Refusal | undefined> {
  const found = entry(history, id);
  if (!found) return refuse(GONE);
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

/** The model's title replaces the one given from the first words, unless the person renamed it meanwhile. */
async function titleByModel(
  history: ConversationIndex,
  titler: () => Promise<BuiltInPrompt | null>,
  id: string,
  words: string,
  given: string,
): Promise<void> {
  const prompt = await titler().catch(() => null);
  const title = prompt ? await modelTitle(prompt, words) : null;
  if (title !== null && entry(history, id)?.title === given) await rename(history, id, title);
}

async function remove(history: ConversationIndex, id: string): Promise<Refusal | undefined> {
  if (!entry(history, id)) return refuse(GONE);
  if (history.live.get(id)?.busy) return refuse(BUSY);
  await createConversationStore(history.database, id).clear();
  if (id !== history.currentId) history.live.delete(id);
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
  const messages = (await conversationOf(history, id)).all();
  const content = format === 'json' ? toJson(found.title, messages) : toMarkdown(found.title, messages);
  const name = fileName(found.title, format === 'json' ? 'json' : 'md');
  return { type: 'CONVERSATION_EXPORT', payload: { id, format, fileName: name, content } };
}

/** A conversation from an export file becomes a new one in the history, and is shown. */
async function importOne(history: ConversationIndex, data: string): Promise<Refusal | undefined> {
  const parsed = parseExport(data);
  if (!parsed.ok) return refuse(parsed.error);
  const { title, messages } = parsed.conversation;
  const id = newId('conv');
  const store = createConversationStore(history.database, id);
  await store.putAll(messages);
  const now = new Date().toISOString();
  history.index.unshift({ id, title, createdAt: now, updatedAt: now, messageCount: messages.length });
  await open(history, id);
  await announce(history);
}
