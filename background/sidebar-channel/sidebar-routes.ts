import { resolveSite, type HarborPolicy } from '../../policy';
import type { TestResult } from '../../src/llm/test-connection';
import { refuse, Refusal } from '../../src/messaging/refusal';
import { createRouter, type Routes } from '../../src/messaging/router';
import type { BackgroundToSidebar } from '../../src/protocol/background-to-sidebar';
import type { Settings } from '../../src/protocol/common';
import type { Limits } from '../../src/protocol/limits';
import { SidebarToBackground } from '../../src/protocol/sidebar-to-background';
import { BUSY_ERROR, type Agent, type MessageContext } from '../agent/agent';
import { readAttachments } from '../agent/picked-tabs';
import type { Gate } from '../permissions/gate';
import type { ActionLog } from '../permissions/action-log';
import { applyPermissionChange } from '../permissions/permission-changes';
import type { PolicyStore } from '../permissions/policy-store';
import type { Prompts } from '../permissions/prompts';
import type { PlanQuestions } from '../agent/plan-questions';
import type { HandOvers } from '../agent/hand-overs';
import type { SidebarPort, SidebarReply } from './port-hub';
import type { VoiceSessions } from './voice-sessions';
import type { ConversationHistory } from '../conversations/conversation-history';
import type { LibraryControl } from '../library/library-control';
import type { LibraryView } from '../library/library-view';
import type { Workflows } from '../workflows/workflows';
import type { Schedules } from '../schedules/schedules';
import type { TaskBoard } from '../agent/task-board';
import type { BuiltInModelSetting } from '../settings/built-in-model-setting';
import { summarizeWithBuiltIn } from '../agent/built-in-summary';

export interface SidebarRouteDeps {
  agent: Agent;
  /** Every running task, each with its own Stop (the sidebar's list). */
  board: Pick<TaskBoard, 'stop'>;
  settings: { current(): Settings | null; save(settings: Settings): Promise<void> };
  trustedInput: { set(on: boolean): Promise<void | Refusal> };
  builtInModel: Pick<BuiltInModelSetting, 'set' | 'summarizer'>;
  /** Attached MCP clients (the native bridge link). */
  agents: {
    disconnect(id: string): void;
    /** Shares the tab the person is looking at (as the chat picks it) with the client. */
    share(id: string, tabId: number | undefined): Promise<void | Refusal>;
    stopSharing(id: string): void;
  };
  limits: { save(limits: Limits): Promise<void> };
  testConnection(settings: Settings): Promise<TestResult>;
  /** The models the provider offers; empty when it cannot list them. */
  listModels(settings: Settings): Promise<string[]>;
  detectOllama(): Promise<{ baseUrl: string; models: string[] } | null>;
  prompts: Prompts;
  /** Judges the reading of each tab the person picks as context. */
  gate: Pick<Gate, 'authorize'>;
  plans: PlanQuestions;
  handOvers: Pick<HandOvers, 'answer'>;
  policy: PolicyStore;
  log: ActionLog;
  tabToWorkIn(requested: number | undefined): Promise<number>;
  broadcast(message: BackgroundToSidebar): void;
  voice: VoiceSessions;
  conversations: ConversationHistory;
  workflows: Workflows;
  schedules: Schedules;
  library: LibraryView;
  /** The Library view's cancel, resume and delete of a crawl. */
  crawls: LibraryControl;
}

const PAGES = ['extension-page'] as const;
/** How long the picked tabs may take to read, questions to the person included (a prompt waits up to its own timeout). */
const READ_TABS_MS = 5 * 60_000;
const SUMMARY_REQUEST = 'Summarize the page I am looking at: what it is, and its key points.';
const policyState = (policy: HarborPolicy): BackgroundToSidebar => ({ type: 'PERMISSIONS_STATE', payload: { policy } });

/**
 * Starts a task in a tab (the one asked for, else the one the person is looking at), or says why
 * not. `quote`: page text the person pointed at (a context-menu selection), kept apart from their words.
 */
export async function startTask(
  deps: Pick<SidebarRouteDeps, 'agent' | 'tabToWorkIn' | 'conversations'>,
  content: string,
  requestedTab: number | undefined,
  context?: MessageContext,
): Promise<Refusal | undefined> {
  // The task runs in the conversation shown when the person asked, whichever is shown later.
  const { id, conversation } = deps.conversations.current();
  const tabId = await deps.tabToWorkIn(requestedTab);
  const refusal = await deps.agent.start(id, conversation, content, tabId, context);
  if (refusal) return refusal;
  await deps.conversations.noteMessage(id, content, tabId);
}

type SidebarRouteTable = Routes<typeof SidebarToBackground, SidebarPort, SidebarReply>;

/**
 * The sidebar channel's table: message type → who may send it → handler (its schema is in the
 * protocol table). Each feature's part below; the table's type makes sure no message is left out.
 */
export function sidebarRoutes(deps: SidebarRouteDeps): SidebarRouteTable {
  return {
    ...chatRoutes(deps),
    ...conversationRoutes(deps),
    ...settingsRoutes(deps),
    ...permissionRoutes(deps),
    ...workRoutes(deps),
  };
}

/** The chat: a task asked for in words or by voice, stopped, or cleared away. */
function chatRoutes(deps: SidebarRouteDeps) {
  return {
    CHAT_MESSAGE: {
      senders: PAGES,
      handle: async ({ payload }) => {
        if (!payload.attachments?.length) return startTask(deps, payload.content, payload.tabId);
        // Checked before the tabs are read, so a busy chat reads nothing.
        if (deps.agent.run(deps.conversations.current().id)) return refuse(BUSY_ERROR);
        const attachments = await readAttachments(deps.gate, payload.attachments, AbortSignal.timeout(READ_TABS_MS));
        if (attachments instanceof Refusal) return attachments;
        return startTask(deps, payload.content, payload.tabId, { attachments });
      },
    },
    SUMMARIZE_PAGE: {
      senders: PAGES,
      handle: async () => {
        // No provider: the browser's own model summarizes, when the person turned it on.
        const summarizer = deps.settings.current() ? null : await deps.builtInModel.summarizer();
        if (!summarizer) return startTask(deps, SUMMARY_REQUEST, undefined);
        const { conversation } = deps.conversations.current();
        const readTab = (tabId: number, signal: AbortSignal) =>
          readAttachments(deps.gate, [{ kind: 'tab', tabId }], signal);
        return summarizeWithBuiltIn(readTab, conversation, summarizer, await deps.tabToWorkIn(undefined));
      },
    },
    RUN_AGAIN: {
      senders: PAGES,
      handle: async ({ payload }) => {
        const { id, conversation } = deps.conversations.current();
        return deps.agent.replay(id, conversation, await deps.tabToWorkIn(payload.tabId));
      },
    },
    STOP_CHAT: {
      senders: PAGES,
      handle: () => deps.agent.stop(deps.conversations.current().id),
    },
    STOP_TASK: {
      senders: PAGES,
      handle: ({ payload }) => {
        // Already ended is no error: the row was shown a moment before its task finished.
        deps.board.stop(payload.id);
      },
    },
    CLEAR_HISTORY: {
      senders: PAGES,
      handle: async () => {
        const { id, conversation } = deps.conversations.current();
        await deps.agent.clear(id, conversation);
        await deps.conversations.cleared(id);
      },
    },
    START_VOICE: { senders: PAGES, handle: (_message, port) => deps.voice.start(port, 'whisper') },
    STOP_VOICE: { senders: PAGES, handle: (_message, port) => deps.voice.stop(port) },
    VOICE_AUDIO: { senders: PAGES, handle: ({ payload }, port) => deps.voice.audio(port, payload) },
    START_SPEECH_RECOGNITION: { senders: PAGES, handle: (_message, port) => deps.voice.start(port, 'browser') },
    STOP_SPEECH_RECOGNITION: { senders: PAGES, handle: (_message, port) => deps.voice.stop(port) },
  } satisfies Partial<SidebarRouteTable>;
}

/** The history of conversations: listed, opened, renamed, deleted, exported and imported. */
function conversationRoutes(deps: SidebarRouteDeps) {
  return {
    LIST_CONVERSATIONS: { senders: PAGES, handle: () => deps.conversations.listing() },
    NEW_CONVERSATION: { senders: PAGES, handle: () => deps.conversations.create() },
    OPEN_CONVERSATION: { senders: PAGES, handle: ({ payload }) => deps.conversations.openOne(payload.id) },
    RENAME_CONVERSATION: {
      senders: PAGES,
      handle: ({ payload }) => deps.conversations.rename(payload.id, payload.title),
    },
    DELETE_CONVERSATION: { senders: PAGES, handle: ({ payload }) => deps.conversations.remove(payload.id) },
    EXPORT_CONVERSATION: {
      senders: PAGES,
      handle: ({ payload }) => deps.conversations.exportOne(payload.id, payload.format),
    },
    IMPORT_CONVERSATION: { senders: PAGES, handle: ({ payload }) => deps.conversations.importOne(payload.data) },
  } satisfies Partial<SidebarRouteTable>;
}

/** The provider settings and the limits, and what helps to choose them (a test, the models, a local Ollama). */
function settingsRoutes(deps: SidebarRouteDeps) {
  return {
    GET_SETTINGS: { senders: PAGES, handle: () => ({ type: 'SETTINGS', payload: deps.settings.current() }) },
    SAVE_SETTINGS: {
      senders: PAGES,
      handle: async ({ payload }) => {
        await deps.settings.save(payload);
        // Every open sidebar shows the new settings, not only the one that saved them.
        deps.broadcast({ type: 'SETTINGS', payload });
      },
    },
    SET_TRUSTED_INPUT: { senders: PAGES, handle: ({ payload }) => deps.trustedInput.set(payload.on) },
    SET_BUILT_IN_MODEL: { senders: PAGES, handle: ({ payload }) => deps.builtInModel.set(payload.on) },
    DISCONNECT_AGENT: { senders: PAGES, handle: ({ payload }) => deps.agents.disconnect(payload.id) },
    SHARE_TAB_WITH_AGENT: { senders: PAGES, handle: ({ payload }) => deps.agents.share(payload.id, payload.tabId) },
    STOP_SHARING_WITH_AGENT: { senders: PAGES, handle: ({ payload }) => deps.agents.stopSharing(payload.id) },
    SAVE_LIMITS: {
      senders: PAGES,
      handle: async ({ payload }) => {
        await deps.limits.save(payload);
        deps.broadcast({ type: 'LIMITS', payload });
      },
    },
    TEST_CONNECTION: {
      senders: PAGES,
      handle: async ({ payload }) => ({ type: 'TEST_RESULT', payload: await deps.testConnection(payload) }),
    },
    LIST_MODELS: {
      senders: PAGES,
      handle: async () => {
        const saved = deps.settings.current();
        return { type: 'MODELS', payload: { models: saved ? await deps.listModels(saved) : [] } };
      },
    },
    DETECT_OLLAMA: {
      senders: PAGES,
      handle: async () => ({ type: 'OLLAMA_DETECTED', payload: await deps.detectOllama() }),
    },
  } satisfies Partial<SidebarRouteTable>;
}

/** The permission policy, the answers to the gate's questions, and the Action Log. */
function permissionRoutes(deps: SidebarRouteDeps) {
  return {
    PERMISSION_RESPONSE: {
      senders: PAGES,
      handle: ({ payload }) =>
        deps.prompts.answer(payload.requestId, payload.decision)
          ? undefined
          : refuse('That question was already answered or has expired.'),
    },
    PLAN_RESPONSE: {
      senders: PAGES,
      handle: ({ payload }) =>
        deps.plans.answer(payload.requestId, payload.answer)
          ? undefined
          : refuse('That plan was already answered or has expired.'),
    },
    HAND_OVER_RESPONSE: {
      senders: PAGES,
      handle: ({ payload }) =>
        deps.handOvers.answer(payload.requestId, payload.answer)
          ? undefined
          : refuse('That hand-over was already answered, its task stopped, or it offered no such answer.'),
    },
    NAME_SITE: {
      senders: PAGES,
      handle: ({ payload }) => ({
        type: 'SITE_NAME',
        payload: { ...payload, identity: resolveSite(payload.url, { allowFileUrls: payload.allowFileUrls }) },
      }),
    },
    GET_PERMISSIONS: { senders: PAGES, handle: async () => policyState(await deps.policy.load()) },
    UPDATE_PERMISSIONS: {
      senders: PAGES,
      // The store tells every sidebar about the change.
      handle: async ({ payload }) => {
        await deps.policy.update((policy) => applyPermissionChange(policy, payload));
      },
    },
    GET_ACTION_LOG: {
      senders: PAGES,
      handle: async () => ({ type: 'ACTION_LOG', payload: { entries: await deps.log.list() } }),
    },
    CLEAR_ACTION_LOG: {
      senders: PAGES,
      handle: async () => {
        await deps.log.clear();
        deps.broadcast({ type: 'ACTION_LOG', payload: { entries: [] } });
      },
    },
  } satisfies Partial<SidebarRouteTable>;
}

/** Research workflows, saved workflows, and the library of crawled pages. */
function workRoutes(deps: SidebarRouteDeps) {
  return {
    START_WORKFLOW: { senders: PAGES, handle: ({ payload }) => deps.workflows.start(payload.intent, payload.id) },
    APPROVE_WORKFLOW: {
      senders: PAGES,
      handle: ({ payload }) => deps.workflows.approve(payload.id, payload.stepIds, payload.edits ?? []),
    },
    CANCEL_WORKFLOW: { senders: PAGES, handle: ({ payload }) => deps.workflows.cancel(payload.id) },
    RESUME_WORKFLOW: { senders: PAGES, handle: ({ payload }) => deps.workflows.resume(payload.id) },
    RUN_WORKFLOW_AGAIN: { senders: PAGES, handle: ({ payload }) => deps.workflows.runAgain(payload.id) },
    DELETE_WORKFLOW: { senders: PAGES, handle: ({ payload }) => deps.workflows.remove(payload.id) },
    SAVE_WORKFLOW: {
      senders: PAGES,
      handle: ({ payload }) => deps.workflows.save(payload.id, payload.name, payload.parameters),
    },
    RUN_SAVED_WORKFLOW: {
      senders: PAGES,
      handle: ({ payload }) => deps.workflows.runSaved(payload.savedId, payload.values),
    },
    DELETE_SAVED_WORKFLOW: { senders: PAGES, handle: ({ payload }) => deps.workflows.removeSaved(payload.savedId) },
    SAVE_SCHEDULE: { senders: PAGES, handle: ({ payload }) => deps.schedules.save(payload) },
    PAUSE_SCHEDULE: { senders: PAGES, handle: ({ payload }) => deps.schedules.setPaused(payload.id, payload.paused) },
    DELETE_SCHEDULE: { senders: PAGES, handle: ({ payload }) => deps.schedules.remove(payload.id) },
    EXPORT_WORKFLOW: { senders: PAGES, handle: ({ payload }) => deps.workflows.files(payload.id) },
    LIST_CRAWL_JOBS: { senders: PAGES, handle: () => deps.library.jobs() },
    SEARCH_LIBRARY: { senders: PAGES, handle: ({ payload }) => deps.library.search(payload.query) },
    GET_LIBRARY_PAGE: { senders: PAGES, handle: ({ payload }) => deps.library.page(payload.pageId) },
    EXPORT_CRAWL_JOB: { senders: PAGES, handle: ({ payload }) => deps.library.exportJob(payload.jobId) },
    LIST_CRAWL_PAGES: { senders: PAGES, handle: ({ payload }) => deps.library.pages(payload.jobId, payload.offset) },
    CANCEL_CRAWL_JOB: { senders: PAGES, handle: ({ payload }) => deps.crawls.cancel(payload.jobId) },
    RESUME_CRAWL_JOB: { senders: PAGES, handle: ({ payload }) => deps.crawls.resume(payload.jobId) },
    DELETE_CRAWL_JOB: { senders: PAGES, handle: ({ payload }) => deps.crawls.remove(payload.jobId) },
  } satisfies Partial<SidebarRouteTable>;
}

export const createSidebarRouter = (deps: SidebarRouteDeps) => createRouter(SidebarToBackground, sidebarRoutes(deps));
