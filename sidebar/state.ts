import { batch, signal } from '@preact/signals';
import type { TestResult } from '../src/llm/test-connection';
import type { ChatMessage, Settings, VoiceSettings } from '../src/protocol/common';
import type { BackgroundToSidebar, PayloadOf } from '../src/protocol/background-to-sidebar';
import type { Limits } from '../src/protocol/limits';
import { createWorkflowState } from './workflow-state';
import { t } from '../src/i18n';

export type PermissionPrompt = PayloadOf<'PERMISSION_REQUEST'>;
export type ActionLogEntry = PayloadOf<'ACTION_LOG_UPDATE'>;
export type Policy = PayloadOf<'PERMISSIONS_STATE'>['policy'];
export type View = 'chat' | 'history' | 'library' | 'research' | 'permissions' | 'log' | 'settings';
export type ConversationList = PayloadOf<'CONVERSATIONS'>;
export type CrawlJobSummary = PayloadOf<'CRAWL_JOBS'>['jobs'][number];
export type LibrarySearch = PayloadOf<'LIBRARY_SEARCH_RESULTS'>;
export type LibraryPage = PayloadOf<'LIBRARY_PAGE'>;
const LOG_SHOWN = 500;

export type ConnectionStatus = 'connecting' | 'connected' | 'reconnecting' | 'lost';

/** `starting`: asked the background; `recording`: the microphone is open; `transcribing`: the audio is away. */
type VoicePhase = 'idle' | 'starting' | 'recording' | 'transcribing';
export interface VoiceState {
  phase: VoicePhase;
  mode: VoiceSettings['mode'];
  /** When the microphone opened (ms since the epoch). */
  startedAt?: number;
  /** Browser speech: what is being heard, not final yet. */
  interim?: string;
}

/** Everything the sidebar shows, as signals. Only `apply` changes it from background messages. */
export function createSidebarState() {
  const state = {
    messages: signal<ChatMessage[]>([]),
    busy: signal(false),
    /** `undefined` until the background has said; `null` when nothing is saved yet. */
    settings: signal<Settings | null | undefined>(undefined),
    testResult: signal<TestResult | 'testing' | null>(null),
    /** An Ollama found on this computer at first run; null when none answered. */
    ollama: signal<PayloadOf<'OLLAMA_DETECTED'>>(null),
    notice: signal<string | null>(null),
    connection: signal<ConnectionStatus>('connecting'),
    limits: signal<Limits | null>(null),
    /** Questions waiting for the person, oldest first. */
    prompts: signal<PermissionPrompt[]>([]),
    log: signal<ActionLogEntry[]>([]),
    policy: signal<Policy | null>(null),
    view: signal<View>('chat'),
    conversations: signal<ConversationList>({ currentId: '', list: [] }),
    /** The Library view: crawl jobs newest first, the last search's results, the page being previewed. */
    crawlJobs: signal<CrawlJobSummary[]>([]),
    librarySearch: signal<LibrarySearch | null>(null),
    libraryPage: signal<LibraryPage | null>(null),
    /** The input box: typed text and push-to-talk transcripts land here. */
    draft: signal(''),
    voice: signal<VoiceState>({ phase: 'idle', mode: 'whisper' }),
    /** Set when browser speech was asked for where the browser has none: the sidebar offers Whisper. */
    speechUnavailable: signal(false),
    workflow: createWorkflowState(),
  };

  const updateMessage = (id: string, change: (message: ChatMessage) => ChatMessage | null) => {
    const list = state.messages.value;
    const index = list.findIndex((m) => m.id === id);
    const current = list[index];
    if (!current) return;
    const next = change(current);
    if (next) state.messages.value = [...list.slice(0, index), next, ...list.slice(index + 1)];
  };

  function apply(message: BackgroundToSidebar): void {
    batch(() => {
      state.workflow.apply(message);
      switch (message.type) {
        case 'CONVERSATION_STATE':
          state.messages.value = message.payload.messages;
          state.busy.value = message.payload.busy;
          // A replay (a new connection, a restart, a clear) comes before the questions still open: older ones are gone.
          state.prompts.value = [];
          break;
        case 'MESSAGE_ADDED':
          if (!state.messages.value.some((m) => m.id === message.payload.message.id)) {
            state.messages.value = [...state.messages.value, message.payload.message];
          }
          // Every message of the person starts a task, which ends with CHAT_RESPONSE.
          if (message.payload.message.role === 'user' || message.payload.message.status === 'streaming') state.busy.value = true;
          break;
        case 'CHAT_DELTA': {
          const { messageId, offset, delta } = message.payload;
          updateMessage(messageId, (m) => {
            // Deltas carry their offset: text this sidebar already has (from a replay) is skipped.
            const known = m.content.length;
            if (offset > known || offset + delta.length <= known) return null;
            return { ...m, content: m.content + delta.slice(known - offset) };
          });
          break;
        }
        case 'CHAT_RESPONSE': {
          const { messageId, content, isError, status } = message.payload;
          updateMessage(messageId, (m) => (isError ? { ...m, status, error: content } : { ...m, status, content }));
          state.busy.value = false;
          break;
        }
        case 'MESSAGE_UPDATED':
          updateMessage(message.payload.message.id, () => message.payload.message);
          break;
        case 'SETTINGS':
          state.settings.value = message.payload;
          break;
        case 'LIMITS':
          state.limits.value = message.payload;
          break;
        case 'PERMISSION_REQUEST':
          if (!state.prompts.value.some((p) => p.id === message.payload.id)) state.prompts.value = [...state.prompts.value, message.payload];
          break;
        case 'PERMISSION_RESOLVED':
          state.prompts.value = state.prompts.value.filter((p) => p.id !== message.payload.id);
          break;
        case 'ACTION_LOG':
          state.log.value = message.payload.entries.slice(-LOG_SHOWN);
          break;
        case 'ACTION_LOG_UPDATE':
          state.log.value = [...state.log.value, message.payload].slice(-LOG_SHOWN);
          break;
        case 'PERMISSIONS_STATE':
          state.policy.value = message.payload.policy;
          break;
        case 'CONVERSATIONS':
          state.conversations.value = message.payload;
          break;
        case 'CRAWL_JOBS':
          state.crawlJobs.value = message.payload.jobs;
          break;
        case 'LIBRARY_SEARCH_RESULTS':
          state.librarySearch.value = message.payload;
          break;
        case 'LIBRARY_PAGE':
          state.libraryPage.value = message.payload;
          break;
        case 'OLLAMA_DETECTED':
          state.ollama.value = message.payload;
          break;
        case 'TEST_RESULT':
          state.testResult.value = message.payload.success
            ? { success: true }
            : { success: false, error: message.payload.error ?? t('settings_test_failed') };
          break;
        case 'ERROR':
          if (message.payload.inReplyTo === 'TEST_CONNECTION') state.testResult.value = null;
          state.notice.value = message.payload.error;
          break;
        default:
          // Voice messages go to the voice controller, which owns the microphone; workflow messages to state.workflow.
          break;
      }
    });
  }

  return { ...state, apply };
}
export type SidebarState = ReturnType<typeof createSidebarState>;
