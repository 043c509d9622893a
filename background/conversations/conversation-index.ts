import * as v from 'valibot';
import { browser } from '../../src/platform/browser';
import type { BackgroundToSidebar } from '../../src/protocol/background-to-sidebar';
import { ConversationSummary } from '../../src/protocol/conversations';
import { createConversationStore } from '../storage/conversation-store';
import type { Db } from '../storage/db';
import type { Conversation } from './conversation-messages';

const INDEX_KEY = 'conversations';
const CURRENT_KEY = 'currentConversation';
/** The id the single conversation of earlier versions was kept under: it stays a conversation like any other. */
export const FIRST_CONVERSATION = 'current';
const TITLE_CHARS = 60;

const titleOf = (text: string) => (text.length > TITLE_CHARS ? `${text.slice(0, TITLE_CHARS - 1).trimEnd()}…` : text);

/**
 * The index of conversations (title, dates, the tab each started in), kept in the `state` store,
 * and which one is open: the conversation the agent works in.
 */
export interface ConversationIndex {
  readonly database: Promise<Db>;
  readonly conversation: Conversation;
  readonly broadcast: (message: BackgroundToSidebar) => void;
  index: ConversationSummary[];
  currentId: string;
}

export const entry = (history: ConversationIndex, id: string) => history.index.find((c) => c.id === id);

async function save(history: ConversationIndex): Promise<void> {
  const db = await history.database;
  await db.put('state', history.index, INDEX_KEY);
  await db.put('state', history.currentId, CURRENT_KEY);
}

export function listing(history: ConversationIndex): BackgroundToSidebar {
  const { currentId, index } = history;
  // The open conversation grows as answers arrive: its count is taken now.
  const open = entry(history, currentId);
  if (open) open.messageCount = history.conversation.all().length;
  return { type: 'CONVERSATIONS', payload: { currentId, list: structuredClone(index) } };
}

/** Saves the index and tells every sidebar. */
export async function announce(history: ConversationIndex): Promise<void> {
  await save(history);
  history.broadcast(listing(history));
}

/** Opens a conversation: the agent works in it from now on. */
export async function open(history: ConversationIndex, id: string): Promise<void> {
  history.currentId = id;
  await history.conversation.switchTo(createConversationStore(history.database, id));
}

/** The open conversation's store, read before the agent restores its runs. */
export async function load(history: ConversationIndex): Promise<void> {
  const db = await history.database;
  const stored = v.safeParse(v.array(ConversationSummary), await db.get('state', INDEX_KEY));
  // A damaged index is rebuilt as conversations are used; their messages are untouched.
  history.index = stored.success ? stored.output : [];
  const current = await db.get('state', CURRENT_KEY);
  history.currentId =
    typeof current === 'string' && v.is(ConversationSummary.entries.id, current) ? current : FIRST_CONVERSATION;
  await history.conversation.switchTo(createConversationStore(history.database, history.currentId));
}

/** After each message of the person: the conversation enters the history, bound to the tab it started in. */
export async function noteMessage(history: ConversationIndex, content: string, tabId: number): Promise<void> {
  const now = new Date().toISOString();
  const known = entry(history, history.currentId);
  if (known) known.updatedAt = now;
  else {
    const tab = await browser.tabs.get(tabId).catch(() => undefined);
    history.index.unshift({
      id: history.currentId,
      title: titleOf(content),
      createdAt: now,
      updatedAt: now,
      messageCount: 0,
      ...(tab?.id !== undefined ? { tab: { id: tab.id, title: tab.title ?? '', url: tab.url ?? '' } } : {}),
    });
  }
  history.index.sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
  await announce(history);
}

/** The open conversation was emptied (Clear): it leaves the history until its next message. */
export async function cleared(history: ConversationIndex): Promise<void> {
  history.index = history.index.filter((c) => c.id !== history.currentId);
  await announce(history);
}
