import { newId } from '../storage/ids';
import type { ChatMessage } from '../../src/protocol/common';
import type { BackgroundToSidebar } from '../../src/protocol/background-to-sidebar';
import type { ConversationStore } from '../storage/conversation-store';
import { describeFailure } from '../storage/storage-errors';

/**
 * The conversation, owned by the background: every change is saved before it is announced,
 * so a sidebar that reconnects, or a background that restarts, sees every turn.
 */
export function createConversation(store: ConversationStore, broadcast: (message: BackgroundToSidebar) => void) {
  let messages: ChatMessage[] = [];
  const task = chatTask(broadcast);
  /** Changes with every clear, so a task still finishing after a clear writes nothing into the new conversation. */
  let generation = 0;

  // A message dropped by a clear while its answer was still arriving is not written back.
  const save = async (message: ChatMessage) => {
    const seq = messages.indexOf(message);
    if (seq >= 0) await store.put(message, seq);
  };
  const added = (message: ChatMessage) => broadcast({ type: 'MESSAGE_ADDED', payload: { message } });
  const open = (fields: NewMessage) => openMessage(() => messages, store, fields, added);
  const stage = (fields: NewMessage) => stageMessage(() => messages, store, fields, added);
  /** Empties the conversation; at once, so a task still finishing writes nothing into it meanwhile. */
  const clear = async () => {
    generation += 1;
    task.reset();
    messages = [];
    await store.clear();
    broadcast({ type: 'CONVERSATION_STATE', payload: { messages: [], busy: false } });
  };

  return {
    restore: async (): Promise<ChatMessage[]> => (messages = await store.load()),
    snapshot: () => ({ messages: structuredClone(messages), busy: task.busy }),
    all: (): readonly ChatMessage[] => messages,
    includes: (message: ChatMessage) => messages.includes(message),
    setBusy(value: boolean) {
      task.busy = value;
    },
    get busy() {
      return task.busy;
    },
    get generation() {
      return generation;
    },
    /** Tells every sidebar a message changed after it was added (an answer whose turn ended in tool calls). */
    updated(message: ChatMessage): void {
      if (messages.includes(message) && !unannounced.has(message))
        broadcast({ type: 'MESSAGE_UPDATED', payload: { message: structuredClone(message) } });
    },
    /** Stores a new message in its place, then announces it; one the browser refused to store is not kept. */
    async add(fields: NewMessage): Promise<ChatMessage> {
      const { message, saved } = open(fields);
      await saved;
      return message;
    },
    /**
     * Adds an answer that its text may follow before it is saved: it takes its place at once, so the
     * model can be asked meanwhile, and is announced, with its text so far, once saved. `saved`
     * rejects, and the answer is not kept, when the browser refuses to store it.
     */
    open,
    /**
     * Adds a message that takes its place at once and is stored, then announced, when its `save` is
     * called: a task issues a step's records together, in one transaction.
     */
    stage,
    save,
    /** New answer text: announced at once, saved at most every `saveEveryMs` by the caller. */
    appendText(message: ChatMessage, delta: string): void {
      const offset = message.content.length;
      message.content += delta;
      if (unannounced.has(message)) return;
      broadcast({ type: 'CHAT_DELTA', payload: { messageId: message.id, offset, delta } });
    },
    /** Saves a finished answer and tells every sidebar how it ended. */
    finish: async (message: ChatMessage) => {
      if (messages.includes(message)) task.announce(responseOf(await saveOrMark(save, message)));
    },
    clear,
  };
}
export type Conversation = ReturnType<typeof createConversation>;

/**
 * Whether a chat task runs. Its last answer is announced only once the task has let go: the sidebar
 * takes the announcement as "you may send again", and a message sent before then would be refused as busy.
 */
function chatTask(broadcast: (message: BackgroundToSidebar) => void) {
  let busy = false;
  let held: BackgroundToSidebar[] = [];
  return {
    get busy() {
      return busy;
    },
    set busy(value: boolean) {
      busy = value;
      if (busy) return;
      for (const response of held) broadcast(response);
      held = [];
    },
    announce(response: BackgroundToSidebar) {
      if (busy) held.push(response);
      else broadcast(response);
    },
    /** A cleared conversation: nothing runs in it, and nothing of an earlier task is announced. */
    reset() {
      busy = false;
      held = [];
    },
  };
}

type NewMessage = Omit<ChatMessage, 'id' | 'createdAt'>;

/** Opened answers whose first save is under way: their text so far goes out with their announcement. */
const unannounced = new WeakSet<ChatMessage>();

/**
 * See `open` above: the message is announced by `announce` once saved, unless the save is refused
 * or the conversation was replaced meanwhile (`current` gives the messages shown now).
 */
function openMessage(
  current: () => ChatMessage[],
  store: ConversationStore,
  fields: NewMessage,
  announce: (message: ChatMessage) => void,
): { message: ChatMessage; saved: Promise<void> } {
  const { message, save } = stageMessage(current, store, fields, announce);
  return { message, saved: save() };
}

/**
 * A new message in its place at once, stored when `save` is called (see `stage` above). A message
 * a clear dropped before then is not stored.
 */
function stageMessage(
  current: () => ChatMessage[],
  store: ConversationStore,
  fields: NewMessage,
  announce: (message: ChatMessage) => void,
): { message: ChatMessage; save: () => Promise<void> } {
  const message: ChatMessage = { id: newId('msg'), createdAt: new Date().toISOString(), ...fields };
  const messages = current();
  messages.push(message);
  unannounced.add(message);
  const seq = messages.length - 1;
  const save = async () => {
    if (!current().includes(message)) return;
    await store.put(message, seq).then(
      () => {
        unannounced.delete(message);
        if (current().includes(message)) announce(message);
      },
      (error: unknown) => {
        if (messages.includes(message)) messages.splice(messages.indexOf(message), 1);
        throw error;
      },
    );
  };
  return { message, save };
}

/** Saves a finished answer; one that could not be kept says so, and the person still sees how it ended. */
async function saveOrMark(save: (message: ChatMessage) => Promise<void>, message: ChatMessage): Promise<ChatMessage> {
  try {
    await save(message);
  } catch (error) {
    message.status = 'error';
    message.error = `This answer could not be saved: ${describeFailure(error)}`;
  }
  return message;
}

/** One announcement, the spec's: it carries what the deltas did not (the whole text, the final status, the usage). */
function responseOf(message: ChatMessage): BackgroundToSidebar {
  const isError = message.status === 'error';
  return {
    type: 'CHAT_RESPONSE',
    payload: {
      content: isError ? (message.error ?? '') : message.content,
      isError,
      messageId: message.id,
      status: message.status === 'error' ? 'error' : message.status === 'stopped' ? 'stopped' : 'done',
      ...(message.usage ? { usage: { ...message.usage } } : {}),
      ...(message.fix ? { fix: message.fix } : {}),
    },
  };
}
