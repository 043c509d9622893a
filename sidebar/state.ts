import { signal } from '@preact/signals';
import type { TestResult } from '../src/llm/test-connection';
import type { ChatMessage, Settings, VoiceSettings } from '../src/protocol/common';
import type { PayloadOf } from '../src/protocol/background-to-sidebar';
import type { Limits } from '../src/protocol/limits';
import type { SentAttachment } from '../src/protocol/attachments';
import { NO_ERRORS, type PageDraft, type PageErrors } from './settings-page-draft';
import { createWorkflowState } from './workflow-state';
import type { TaskScope } from '../policy';

export type PermissionPrompt = PayloadOf<'PERMISSION_REQUEST'>;
export type PlanRequest = PayloadOf<'PLAN_REQUEST'>;
export type HandOverRequest = PayloadOf<'HAND_OVER_REQUEST'>;
export type ActionLogEntry = PayloadOf<'ACTION_LOG_UPDATE'>;
export type Policy = PayloadOf<'PERMISSIONS_STATE'>['policy'];
export type View = 'chat' | 'history' | 'library' | 'research' | 'permissions' | 'log' | 'settings';
export type ConversationList = PayloadOf<'CONVERSATIONS'>;
export type CrawlJobSummary = PayloadOf<'CRAWL_JOBS'>['jobs'][number];
export type LibrarySearch = PayloadOf<'LIBRARY_SEARCH_RESULTS'>;
export type LibraryPage = PayloadOf<'LIBRARY_PAGE'>;
export type CrawlPages = PayloadOf<'CRAWL_PAGES'>;

/** Where a list of models came from: the same provider at another address lists other models. */
export type ModelSource = Pick<Settings, 'provider' | 'baseUrl'>;

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

/** Everything the sidebar shows, as signals. Background messages change it through the inbox (`state-inbox.ts`). */
export function createSidebarState() {
  return {
    messages: signal<ChatMessage[]>([]),
    busy: signal(false),
    /** What the running chat task may do, once the background has worked it out; null otherwise. */
    taskScope: signal<TaskScope | null>(null),
    /** The running action's element by its name on the page, once the gate has read it. */
    taskStep: signal<PayloadOf<'TASK_STEP'>['step']>(null),
    /** Every running chat task, one per conversation, with what it is doing now. */
    runningTasks: signal<PayloadOf<'RUNNING_TASKS'>['tasks']>([]),
    /** `undefined` until the background has said; `null` when nothing is saved yet. */
    settings: signal<Settings | null | undefined>(undefined),
    /** A save of the Settings page the background has not confirmed yet: the chat opens once it has. */
    settingsSaving: signal(false),
    /** The Settings page's unsaved edits (null: none), kept while another view is shown. */
    settingsEdits: signal<PageDraft | null>(null),
    /** The Settings page's field errors from its last Save, each gone once its field is fixed. */
    settingsErrors: signal<PageErrors>(NO_ERRORS),
    testResult: signal<TestResult | 'testing' | null>(null),
    /** The provider and address the last Test connection asked; its answer's models belong to them. */
    testedFor: signal<ModelSource | null>(null),
    /** The models a provider listed at the last test: the setup form's model picker. */
    modelList: signal<(ModelSource & { models: string[] }) | null>(null),
    /** The models the saved provider offers, for the chat's model switch (asked for once the chat shows). */
    chatModels: signal<string[] | null>(null),
    /** An Ollama found on this computer at first run; null when none answered. */
    ollama: signal<PayloadOf<'OLLAMA_DETECTED'>>(null),
    notice: signal<string | null>(null),
    connection: signal<ConnectionStatus>('connecting'),
    limits: signal<Limits | null>(null),
    trustedInput: signal<PayloadOf<'TRUSTED_INPUT'> | null>(null),
    /** The browser's built-in model as the background detected it, and the person's switch. */
    builtInModel: signal<PayloadOf<'BUILT_IN_MODEL'> | null>(null),
    /** MCP clients attached to this browser (bosun-bridge --connect). */
    agentClients: signal<PayloadOf<'AGENT_CLIENTS'>['clients']>([]),
    /** Why trusted input stayed off after the person tried to turn it on (Chrome refused the permission). */
    trustedInputNote: signal<string | null>(null),
    /** Questions waiting for the person, oldest first. */
    prompts: signal<PermissionPrompt[]>([]),
    /** A chat task's plan waiting for the person's approval (one task runs at a time). */
    plans: signal<PlanRequest[]>([]),
    /** Tasks waiting for the person to do something only they can (ask_person), oldest first. */
    handOvers: signal<HandOverRequest[]>([]),
    log: signal<ActionLogEntry[]>([]),
    policy: signal<Policy | null>(null),
    view: signal<View>('chat'),
    conversations: signal<ConversationList>({ currentId: '', list: [] }),
    /** The Library view: crawl jobs newest first, the last search's results, the page being previewed. */
    crawlJobs: signal<CrawlJobSummary[]>([]),
    librarySearch: signal<LibrarySearch | null>(null),
    libraryPage: signal<LibraryPage | null>(null),
    /** The crawl opened to list its pages, or null. */
    libraryCrawl: signal<CrawlPages | null>(null),
    /** The input box: typed text and push-to-talk transcripts land here. */
    draft: signal(''),
    /** A message sent and not yet taken by the background: put back in the box if it is refused. */
    unsent: signal<string | null>(null),
    /** Files and tabs to go with the next message; kept when a message is refused, so it can be sent again. */
    attachments: signal<DraftAttachment[]>([]),
    /** Why the last file or tab could not be attached, until the next is. */
    attachError: signal<string | null>(null),
    voice: signal<VoiceState>({ phase: 'idle', mode: 'whisper' }),
    /** Set when browser speech was asked for where the browser has none: the sidebar offers Whisper. */
    speechUnavailable: signal(false),
    workflow: createWorkflowState(),
  };
}
export type SidebarState = ReturnType<typeof createSidebarState>;

/** A file or tab waiting to go with the next message, with how the composer names it. */
export interface DraftAttachment {
  label: string;
  sent: SentAttachment;
}
