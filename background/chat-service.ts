import { newId } from '../src/ids';
import { ProviderError } from '../src/llm/errors';
import type { ChatResult, StreamOptions, WireMessage } from '../src/llm/openai-chat';
import type { ChatMessage, Settings } from '../src/protocol/common';
import type { BackgroundToSidebar } from '../src/protocol/background-to-sidebar';
import type { ConversationStore } from '../src/storage/conversation-store';
import { SYSTEM_PROMPT } from './system-prompt';

export interface ChatServiceDeps {
  store: ConversationStore;
  getSettings(): Promise<Settings | null>;
  stream(settings: Settings, messages: WireMessage[], options: StreamOptions): Promise<ChatResult>;
  broadcast(message: BackgroundToSidebar): void;
  /** Keeps the background alive while an answer streams (Chrome stops idle service workers). */
  holdAlive<T>(work: Promise<T>): Promise<T>;
  /** How often, at most, a streaming answer is written to storage. */
  saveEveryMs?: number;
}

export const BUSY_ERROR = 'Bosun is still answering. Wait for the answer or press Stop.';
const NO_SETTINGS = 'Choose a provider and model in Settings first.';

/**
 * The conversation, owned by the background: every change is saved before it is announced,
 * so a sidebar that reconnects, or a background that restarts, sees every turn.
 */
export function createChatService(deps: ChatServiceDeps) {
  let messages: ChatMessage[] = [];
  let active: { controller: AbortController; messageId: string } | null = null;
  const saveEveryMs = deps.saveEveryMs ?? 1000;

  const append = async (message: ChatMessage) => {
    messages.push(message);
    await deps.store.put(message, messages.length - 1);
    deps.broadcast({ type: 'MESSAGE_ADDED', payload: { message } });
  };
  // A message dropped by a clear while its answer was still arriving is not written back.
  const save = async (message: ChatMessage) => {
    const seq = messages.indexOf(message);
    if (seq >= 0) await deps.store.put(message, seq);
  };

  /** Loads the saved conversation; an answer that was streaming when the background stopped is marked interrupted. */
  async function restore(): Promise<void> {
    messages = await deps.store.load();
    for (const message of messages) {
      if (message.status !== 'streaming') continue;
      message.status = 'interrupted';
      message.error = 'The answer was interrupted because Bosun restarted. Send your message again to retry.';
      await save(message);
    }
  }

  function snapshot(): { messages: ChatMessage[]; busy: boolean } {
    return { messages: structuredClone(messages), busy: active !== null };
  }

  /** Starts an answer; resolves once the person's message is saved. Returns an error text if it cannot start. */
  async function send(content: string): Promise<string | null> {
    if (active) return BUSY_ERROR;
    // Claimed before the first await, so a second message or a Stop that arrives meanwhile sees it.
    const run = { controller: new AbortController(), messageId: newId('msg') };
    active = run;
    try {
      await append({ id: newId('msg'), createdAt: new Date().toISOString(), role: 'user', content, status: 'done' });
      const answer: ChatMessage = { id: run.messageId, createdAt: new Date().toISOString(), role: 'assistant', content: '', status: 'streaming' };
      const history = toWire(messages);
      await append(answer);
      void deps.holdAlive(answerWith(answer, history, run.controller.signal)).finally(() => {
        if (active === run) active = null;
      });
      return null;
    } catch (error) {
      if (active === run) active = null;
      throw error;
    }
  }

  async function answerWith(answer: ChatMessage, history: WireMessage[], signal: AbortSignal): Promise<void> {
    let lastSave = Date.now();
    try {
      const settings = await deps.getSettings();
      if (!settings) throw new ProviderError(NO_SETTINGS);
      const result = await deps.stream(settings, history, {
        signal,
        onText: (delta) => {
          const offset = answer.content.length;
          answer.content += delta;
          deps.broadcast({ type: 'CHAT_DELTA', payload: { messageId: answer.id, offset, delta } });
          if (Date.now() - lastSave >= saveEveryMs) {
            lastSave = Date.now();
            void save(answer);
          }
        },
      });
      answer.content = result.content;
      if (result.usage) answer.usage = result.usage;
      answer.status = 'done';
    } catch (error) {
      if (signal.aborted) {
        answer.status = 'stopped';
      } else {
        answer.status = 'error';
        answer.error = error instanceof ProviderError ? error.message : `Something went wrong: ${String(error)}`;
      }
    }
    if (!messages.includes(answer)) return;
    await save(answer);
    const isError = answer.status === 'error';
    deps.broadcast({
      type: 'CHAT_RESPONSE',
      payload: {
        content: isError ? (answer.error ?? '') : answer.content,
        isError,
        messageId: answer.id,
        status: answer.status as 'done' | 'stopped' | 'error',
      },
    });
  }

  function stop(): void {
    active?.controller.abort(new DOMException('Stopped by the person', 'AbortError'));
  }

  async function clear(): Promise<void> {
    stop();
    active = null;
    messages = [];
    await deps.store.clear();
    deps.broadcast({ type: 'CONVERSATION_STATE', payload: snapshot() });
  }

  return { restore, snapshot, send, stop, clear };
}
export type ChatService = ReturnType<typeof createChatService>;

/** The model sees the finished turns: failed answers without text, and the answer being written, are left out. */
export function toWire(messages: readonly ChatMessage[]): WireMessage[] {
  const turns = messages
    .filter((m) => m.status !== 'streaming' && m.content.trim() !== '')
    .map((m): WireMessage => ({ role: m.role, content: m.content }));
  return [{ role: 'system', content: SYSTEM_PROMPT }, ...turns];
}
