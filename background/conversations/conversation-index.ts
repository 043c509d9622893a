import * as v from 'valibot';
import { browser } from '../../src/platform/browser';
import type { BackgroundToSidebar } from '../../src/protocol/background-to-sidebar';
import { ConversationSummary } from '../../src/protocol/conversations';
import { createConversationStore } from '../storage/conversation-store';
import type { Db } from '../storage/db';
import { createConversation, type Conversation } from './conversation-messages';

const INDEX_KEY = 'conversations';
const CURRENT_KEY = 'currentConversation';
/** The id the single conversation of earlier versions was kept under: it stays a conversation like any other. */
export const FIRST_CONVERSATION = 'current';
const TITLE_CHARS = 60;

const titleOf = (text: string) => (text.length > TITLE_CHARS ? `${text.slice(0, TITLE_CHARS - 1).trimEnd()}…` : text);

/**
 * The index of conversations (title, dates, the tab each started in), kept in the `state` store,
 * which one the sidebar shows, and the conversations held in memory: the shown one and each one a
 * task runs in. A task works in its own conversation whichever one is shown meanwhile.
 */
export interface ConversationIndex {
  readonly database: Promise<Db>;
  readonly broadcast: (message: BackgroundToSidebar) => void;
  /** A conversation is shown: the sidebars hear of its running task, if any. */
  readonly shown: (id: string) => void;
  readonly live: Map<string, Conversation>;
  index: ConversationSummary[];
  currentId: string;
}

export const entry = (history: ConversationIndex, id: string) => history.index.find((c) => c.id === id);

/** The shown conversation; held from the first load on. */
export function current(history: ConversationIndex): Conversation {
  const shown = history.live.get(history.currentId);
  if (!shown) throw new Error('The conversations are not loaded yet.');
  return shown;
}

async function save(history: ConversationIndex): Promise<void> {
  const db = await history.database;
  await db.put('state', history.index, INDEX_KEY);
  await db.put('state', history.currentId, CURRENT_KEY);
}

export function listing(history: ConversationIndex): BackgroundToSidebar {
  const { currentId, index } = history;
  // Conversations in memory grow as answers arrive: their counts are taken now.
  for (const [id, conversation] of history.live) {
    const known = entry(history, id);
    if (known) known.messageCount = conversation.all().length;
  }
  return { type: 'CONVERSATIONS', payload: { currentId, list: structuredClone(index) } };
}

/** Saves the index and tells every sidebar. */
export async function announce(history: ConversationIndex): Promise<void> {
  await save(history);
  history.broadcast(listing(history));
}

/**
 * A conversation by id: the one in memory, else read from storage. Its changes reach the sidebars
 * only while it is the shown one.
 */
export async function conversationOf(history: ConversationIndex, id: string): Promise<Conversation> {
  const held = history.live.get(id);
  if (held) return held;
  const loaded = createConversation(createConversationStore(history.database, id), (message) => {
    if (history.currentId === id) history.broadcast(message);
  });
  await loaded.restore();
  return history.live.get(id) ?? loaded;
}

/**
 * Shows a conversation: the person's next message starts a task in it. The one shown before stays
 * in memory while a task runs in it, and goes on there.
 */
export async function open(history: ConversationIndex, id: string): Promise<void> {
  const conversation = await conversationOf(history, id);
  history.live.set(id, conversation);
  history.currentId = id;
  for (const [held, other] of history.live) if (held !== id && !other.busy) history.live.delete(held);
  history.broadcast({ type: 'CONVERSATION_STATE', payload: conversation.snapshot() });
  history.shown(id);
}

/** The shown conversation's store, read before the agent restores its runs. */
export async function load(history: ConversationIndex): Promise<void> {
  const db = await history.database;
  const stored = v.safeParse(v.array(ConversationSummary), await db.get('state', INDEX_KEY));
  // A damaged index is rebuilt as conversations are used; their messages are untouched.
  history.index = stored.success ? stored.output : [];
  const shown = await db.get('state', CURRENT_KEY);
  await open(
    history,
    typeof shown === 'string' && v.is(ConversationSummary.entries.id, shown) ? shown : FIRST_CONVERSATION,
  );
}

/**
 * After each message of the person: the conversation enters the history, bound to the tab it started
 * in. Returns the title it was given from these words when it entered now, else null.
 */
export async function noteMessage(
  history: ConversationIndex,
  id: string,
  content: string,
  tabId: number,
): Promise<string | null> {
  const now = new Date().toISOString();
  const known = entry(history, id);
  let given: string | null = null;
  if (known) known.updatedAt = now;
  else {
    given = titleOf(content);
    const tab = await browser.tabs.get(tabId).catch(() => undefined);
    history.index.unshift({
      id,
      title: given,
      createdAt: now,
      updatedAt: now,
      messageCount: 0,
      ...(tab?.id !== undefined ? { tab: { id: tab.id, title: tab.title ?? '', url: tab.url ?? '' } } : {}),
    });
  }
  history.index.sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
  await announce(history);
  return given;
}

/** A conversation was emptied (Clear): it leaves the history until its next message. */
export async function cleared(history: ConversationIndex, id: string): Promise<void> {
  history.index = history.index.filter((c) => c.id !== id);
  await announce(history);
}
