import type { HarborPolicy } from '../policy';
import type { TestResult } from '../src/llm/test-connection';
import { createRouter, type Routes } from '../src/messaging/router';
import type { BackgroundToSidebar } from '../src/protocol/background-to-sidebar';
import type { Settings } from '../src/protocol/common';
import type { Limits } from '../src/protocol/limits';
import { SidebarToBackground } from '../src/protocol/sidebar-to-background';
import type { Agent } from './agent/agent';
import type { ActionLog } from './permissions/action-log';
import { applyPermissionChange } from './permissions/permission-changes';
import type { PolicyStore } from './permissions/policy-store';
import type { Prompts } from './permissions/prompts';
import type { SidebarPort, SidebarReply } from './port-hub';
import type { VoiceSessions } from './voice-sessions';
import type { Conversations } from './conversations';
import type { LibraryView } from './library/library-view';
import type { Workflows } from './workflows/workflows';

export interface SidebarRouteDeps {
  agent: Agent;
  settings: { current(): Settings | null; save(settings: Settings): Promise<void> };
  limits: { save(limits: Limits): Promise<void> };
  testConnection(settings: Settings): Promise<TestResult>;
  detectOllama(): Promise<{ baseUrl: string; models: string[] } | null>;
  prompts: Prompts;
  policy: PolicyStore;
  log: ActionLog;
  tabToWorkIn(requested: number | undefined): Promise<number>;
  broadcast(message: BackgroundToSidebar): void;
  voice: VoiceSessions;
  conversations: Conversations;
  workflows: Workflows;
  library: LibraryView;
}

const PAGES = ['extension-page'] as const;
const SUMMARY_REQUEST = 'Summarize the page I am looking at: what it is, and its key points.';
const error = (text: string, inReplyTo: string): BackgroundToSidebar[] => [{ type: 'ERROR', payload: { error: text, inReplyTo } }];
/** A message to send back, or a refusal to show. */
const reply = (answer: BackgroundToSidebar | string, inReplyTo: string) => (typeof answer === 'string' ? error(answer, inReplyTo) : [answer]);
const policyState = (policy: HarborPolicy): BackgroundToSidebar => ({ type: 'PERMISSIONS_STATE', payload: { policy } });

/** Starts a task in a tab (the one asked for, else the one the person is looking at); the refusal to show, if any. */
export async function startTask(deps: Pick<SidebarRouteDeps, 'agent' | 'tabToWorkIn' | 'conversations'>, content: string, requestedTab: number | undefined): Promise<string | null> {
  const tabId = await deps.tabToWorkIn(requestedTab);
  const refusal = await deps.agent.start(content, tabId);
  if (refusal) return refusal;
  await deps.conversations.noteMessage(content, tabId);
  return null;
}

/** The sidebar channel's table: message type → who may send it → handler (its schema is in the protocol table). */
export function sidebarRoutes(deps: SidebarRouteDeps): Routes<typeof SidebarToBackground, SidebarPort, SidebarReply> {
  const answer = async (type: string, result: Promise<string | null>) => {
    const refusal = await result;
    return refusal ? error(refusal, type) : [];
  };
  const ask = async (content: string, requestedTab: number | undefined, type: string) => {
    const refusal = await startTask(deps, content, requestedTab);
    return refusal ? error(refusal, type) : [];
  };
  return {
    CHAT_MESSAGE: { senders: PAGES, handle: ({ payload }) => ask(payload.content, payload.tabId, 'CHAT_MESSAGE') },
    SUMMARIZE_PAGE: { senders: PAGES, handle: () => ask(SUMMARY_REQUEST, undefined, 'SUMMARIZE_PAGE') },
    STOP_CHAT: { senders: PAGES, handle: () => deps.agent.stop() },
    CLEAR_HISTORY: {
      senders: PAGES,
      handle: async () => {
        await deps.agent.clear();
        await deps.conversations.cleared();
      },
    },
    LIST_CONVERSATIONS: { senders: PAGES, handle: () => [deps.conversations.listing()] },
    NEW_CONVERSATION: { senders: PAGES, handle: () => deps.conversations.create() },
    OPEN_CONVERSATION: { senders: PAGES, handle: ({ payload }) => deps.conversations.openOne(payload.id) },
    RENAME_CONVERSATION: { senders: PAGES, handle: ({ payload }) => deps.conversations.rename(payload.id, payload.title) },
    DELETE_CONVERSATION: { senders: PAGES, handle: ({ payload }) => deps.conversations.remove(payload.id) },
    EXPORT_CONVERSATION: { senders: PAGES, handle: ({ payload }) => deps.conversations.exportOne(payload.id, payload.format) },
    IMPORT_CONVERSATION: { senders: PAGES, handle: ({ payload }) => deps.conversations.importOne(payload.data) },
    GET_SETTINGS: { senders: PAGES, handle: () => [{ type: 'SETTINGS', payload: deps.settings.current() }] },
    SAVE_SETTINGS: {
      senders: PAGES,
      handle: async ({ payload }) => {
        await deps.settings.save(payload);
        // Every open sidebar shows the new settings, not only the one that saved them.
        deps.broadcast({ type: 'SETTINGS', payload });
      },
    },
    SAVE_LIMITS: {
      senders: PAGES,
      handle: async ({ payload }) => {
        await deps.limits.save(payload);
        deps.broadcast({ type: 'LIMITS', payload });
      },
    },
    TEST_CONNECTION: {
      senders: PAGES,
      handle: async ({ payload }) => [{ type: 'TEST_RESULT', payload: await deps.testConnection(payload) }],
    },
    DETECT_OLLAMA: { senders: PAGES, handle: async () => [{ type: 'OLLAMA_DETECTED', payload: await deps.detectOllama() }] },
    PERMISSION_RESPONSE: {
      senders: PAGES,
      handle: ({ payload }) =>
        deps.prompts.answer(payload.requestId, payload.decision) ? [] : error('That question was already answered or has expired.', 'PERMISSION_RESPONSE'),
    },
    START_VOICE: { senders: PAGES, handle: (_message, port) => deps.voice.start(port, 'whisper') },
    STOP_VOICE: { senders: PAGES, handle: (_message, port) => deps.voice.stop(port) },
    VOICE_AUDIO: { senders: PAGES, handle: ({ payload }, port) => deps.voice.audio(port, payload) },
    START_SPEECH_RECOGNITION: { senders: PAGES, handle: (_message, port) => deps.voice.start(port, 'browser') },
    STOP_SPEECH_RECOGNITION: { senders: PAGES, handle: (_message, port) => deps.voice.stop(port) },
    GET_PERMISSIONS: { senders: PAGES, handle: async () => [policyState(await deps.policy.load())] },
    UPDATE_PERMISSIONS: {
      senders: PAGES,
      // The store tells every sidebar about the change.
      handle: async ({ payload }) => {
        await deps.policy.update((policy) => applyPermissionChange(policy, payload));
      },
    },
    START_WORKFLOW: { senders: PAGES, handle: ({ payload }) => answer('START_WORKFLOW', deps.workflows.start(payload.intent)) },
    APPROVE_WORKFLOW: { senders: PAGES, handle: ({ payload }) => answer('APPROVE_WORKFLOW', deps.workflows.approve(payload.id, payload.stepIds)) },
    CANCEL_WORKFLOW: { senders: PAGES, handle: () => answer('CANCEL_WORKFLOW', deps.workflows.cancel()) },
    RESUME_WORKFLOW: { senders: PAGES, handle: ({ payload }) => answer('RESUME_WORKFLOW', deps.workflows.resume(payload.id)) },
    SAVE_WORKFLOW: { senders: PAGES, handle: ({ payload }) => answer('SAVE_WORKFLOW', deps.workflows.save(payload.id, payload.name, payload.parameters)) },
    RUN_SAVED_WORKFLOW: { senders: PAGES, handle: ({ payload }) => answer('RUN_SAVED_WORKFLOW', deps.workflows.runSaved(payload.savedId, payload.values)) },
    DELETE_SAVED_WORKFLOW: { senders: PAGES, handle: ({ payload }) => answer('DELETE_SAVED_WORKFLOW', deps.workflows.removeSaved(payload.savedId)) },
    EXPORT_WORKFLOW: {
      senders: PAGES,
      handle: ({ payload }) => {
        const files = deps.workflows.files(payload.id);
        return typeof files === 'string' ? error(files, 'EXPORT_WORKFLOW') : [{ type: 'WORKFLOW_EXPORT', payload: files }];
      },
    },
    LIST_CRAWL_JOBS: { senders: PAGES, handle: async () => [await deps.library.jobs()] },
    SEARCH_LIBRARY: { senders: PAGES, handle: async ({ payload }) => [await deps.library.search(payload.query)] },
    GET_LIBRARY_PAGE: { senders: PAGES, handle: async ({ payload }) => reply(await deps.library.page(payload.pageId), 'GET_LIBRARY_PAGE') },
    EXPORT_CRAWL_JOB: { senders: PAGES, handle: async ({ payload }) => reply(await deps.library.exportJob(payload.jobId), 'EXPORT_CRAWL_JOB') },
    GET_ACTION_LOG: { senders: PAGES, handle: async () => [{ type: 'ACTION_LOG', payload: { entries: await deps.log.list() } }] },
    CLEAR_ACTION_LOG: {
      senders: PAGES,
      handle: async () => {
        await deps.log.clear();
        deps.broadcast({ type: 'ACTION_LOG', payload: { entries: [] } });
      },
    },
  };
}

export const createSidebarRouter = (deps: SidebarRouteDeps) => createRouter(SidebarToBackground, sidebarRoutes(deps));
