import * as v from 'valibot';
import { fileName, parseExport, toJson, toMarkdown } from '../src/conversation-export';
import { newId } from '../src/ids';
import { refuse, type Refusal } from '../src/messaging/refusal';
import { browser } from '../src/platform/browser';
import type { BackgroundToSidebar } from '../src/protocol/background-to-sidebar';
import { ConversationSummary } from '../src/protocol/conversations';
import { createConversationStore } from '../src/storage/conversation-store';
import type { Db } from '../src/storage/db';
import type { Conversation } from './conversation-messages';

const INDEX_KEY = 'conversations';
const CURRENT_KEY = 'currentConversation';
/** The id the single conversation of earlier versions was kept under: it stays a conversation like any other. */
export const FIRST_CONVERSATION = 'current';
const TITLE_CHARS = 60;
const BUSY = 'Stop the running task first: a conversation cannot change while Bosun works in it.';

const GONE = 'That conversation is no longer in the history.';
const titleOf = (text: string) => (text.length > TITLE_CHARS ? `${text.slice(0, TITLE_CHARS - 1).trimEnd()}…` : text);

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
  let index: ConversationSummary[] = [];
  let currentId = FIRST_CONVERSATION;

  const entry = (id: string) => index.find((c) => c.id === id);
  const save = async () => {
    const db = await database;
    await db.put('state', index, INDEX_KEY);
    await db.put('state', currentId, CURRENT_KEY);
  };
  const listing = (): BackgroundToSidebar => {
    // The open conversation grows as answers arrive: its count is taken now.
    const open = entry(currentId);
    if (open) open.messageCount = conversation.all().length;
    return { type: 'CONVERSATIONS', payload: { currentId, list: structuredClone(index) } };
  };
  const announce = async () => {
    await save();
    broadcast(listing());
  };
  const open = async (id: string) => {
    currentId = id;
    await conversation.switchTo(createConversationStore(database, id));
  };

  return {
    /** The open conversation's store, read before the agent restores its runs. */
    async load(): Promise<void> {
      const db = await database;
      const stored = v.safeParse(v.array(ConversationSummary), await db.get('state', INDEX_KEY));
      // A damaged index is rebuilt as conversations are used; their messages are untouched.
      index = stored.success ? stored.output : [];
      const current = await db.get('state', CURRENT_KEY);
      currentId =
        typeof current === 'string' && v.is(ConversationSummary.entries.id, current) ? current : FIRST_CONVERSATION;
      await conversation.switchTo(createConversationStore(database, currentId));
    },
    listing,
    /** After each message of the person: the conversation enters the history, bound to the tab it started in. */
    async noteMessage(content: string, tabId: number): Promise<void> {
      const now = new Date().toISOString();
      const known = entry(currentId);
      if (known) known.updatedAt = now;
      else {
        const tab = await browser.tabs.get(tabId).catch(() => undefined);
        index.unshift({
          id: currentId,
          title: titleOf(content),
          createdAt: now,
          updatedAt: now,
          messageCount: 0,
          ...(tab?.id !== undefined ? { tab: { id: tab.id, title: tab.title ?? '', url: tab.url ?? '' } } : {}),
        });
      }
      index.sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
      await announce();
    },
    /** The open conversation was emptied (Clear): it leaves the history until its next message. */
    async cleared(): Promise<void> {
      index = index.filter((c) => c.id !== currentId);
      await announce();
    },
    async create(): Promise<Refusal | undefined> {
      if (conversation.busy) return refuse(BUSY);
      await open(newId('conv'));
      await announce();
    },
    async openOne(id: string): Promise<Refusal | undefined> {
      const found = entry(id);
      if (!found) return refuse(GONE);
      if (conversation.busy) return refuse(BUSY);
      await open(id);
      await announce();
      // Bound to the tab it started in: show that tab again while it is open.
      if (found.tab) await browser.tabs.update(found.tab.id, { active: true }).catch(() => undefined);
    },
    async rename(id: string, title: string): Promise<Refusal | undefined> {
      const found = entry(id);
      if (!found) return refuse(GONE);
      found.title = title;
      await announce();
    },
    async remove(id: string): Promise<Refusal | undefined> {
      if (!entry(id)) return refuse(GONE);
      if (id === currentId && conversation.busy) return refuse(BUSY);
      await createConversationStore(database, id).clear();
      index = index.filter((c) => c.id !== id);
      if (id === currentId) await open(newId('conv'));
      await announce();
    },
    async exportOne(id: string, format: 'markdown' | 'json'): Promise<BackgroundToSidebar | Refusal> {
      const found = entry(id);
      if (!found) return refuse(GONE);
      const messages = id === currentId ? conversation.all() : await createConversationStore(database, id).load();
      const content = format === 'json' ? toJson(found.title, messages) : toMarkdown(found.title, messages);
      const name = fileName(found.title, format === 'json' ? 'json' : 'md');
      return { type: 'CONVERSATION_EXPORT', payload: { id, format, fileName: name, content } };
    },
    async importOne(data: string): Promise<Refusal | undefined> {
      const parsed = parseExport(data);
      if (!parsed.ok) return refuse(parsed.error);
      const { title, messages } = parsed.conversation;
      const id = newId('conv');
      const store = createConversationStore(database, id);
      await store.putAll(messages);
      const now = new Date().toISOString();
      index.unshift({ id, title, createdAt: now, updatedAt: now, messageCount: messages.length });
      if (!conversation.busy) await open(id);
      await announce();
    },
  };
}
export type ConversationHistory = ReturnType<typeof createConversationHistory>;
