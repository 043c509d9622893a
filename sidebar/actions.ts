import type { PermissionDecisionValue } from '../policy/vocabulary';
import type { Settings, VoiceSettings } from '../src/protocol/common';
import type { Limits } from '../src/protocol/limits';
import type { PermissionChange } from '../src/protocol/sidebar-to-background';
import type { Connector } from './connector';
import type { SidebarState, View } from './state';
import { createWorkflowActions, type WorkflowActions } from './workflow-actions';

/** What the person can ask for; components call these and never touch the port. */
export interface SidebarActions {
  send(content: string): void;
  summarize(): void;
  stop(): void;
  clear(): void;
  saveSettings(settings: Settings): void;
  testConnection(settings: Settings): void;
  /** The settings changed since the last test: its result is dropped (a test still running keeps going). */
  forgetTestResult(): void;
  /** Asks for the saved provider's models, for the chat's model switch. */
  listModels(): void;
  /** Switches the chat to another of the provider's models, keeping every other setting. */
  switchModel(model: string): void;
  detectOllama(): void;
  dismissNotice(): void;
  answer(requestId: string, decision: PermissionDecisionValue): void;
  saveLimits(limits: Limits): void;
  changePermissions(change: PermissionChange): void;
  clearLog(): void;
  show(view: View): void;
  /** Turns a setting of voice on, keeping the provider settings as they are. */
  saveVoice(voice: VoiceSettings): void;
  newConversation(): void;
  openConversation(id: string): void;
  renameConversation(id: string, title: string): void;
  deleteConversation(id: string): void;
  exportConversation(id: string, format: 'markdown' | 'json'): void;
  importConversation(data: string): void;
  /** The Library view: jobs asked for again (a crawl is running), a search (empty clears it), a page previewed or closed, a job's ZIP. */
  refreshLibrary(): void;
  searchLibrary(query: string): void;
  previewPage(pageId: string | null): void;
  exportCrawlJob(jobId: string): void;
  /** A crawl opened to list its pages (null closes the list); cancelled, resumed, deleted. */
  openCrawl(jobId: string | null): void;
  cancelCrawl(jobId: string): void;
  resumeCrawl(jobId: string): void;
  deleteCrawl(jobId: string): void;
  workflow: WorkflowActions;
}

/** `currentTab` names the tab the person is looking at, which the conversation works in. */
export function createActions(
  connector: Connector,
  state: SidebarState,
  currentTab: () => Promise<number | undefined>,
): SidebarActions {
  return {
    send: (content) => {
      void currentTab().then((tabId) =>
        connector.send({ type: 'CHAT_MESSAGE', payload: tabId === undefined ? { content } : { content, tabId } }),
      );
    },
    summarize: () => connector.send({ type: 'SUMMARIZE_PAGE' }),
    stop: () => connector.send({ type: 'STOP_CHAT' }),
    clear: () => connector.send({ type: 'CLEAR_HISTORY' }),
    saveSettings: (settings) => connector.send({ type: 'SAVE_SETTINGS', payload: settings }),
    detectOllama: () => connector.send({ type: 'DETECT_OLLAMA' }),
    testConnection: (settings) => {
      state.testResult.value = 'testing';
      state.testedFor.value = { provider: settings.provider, baseUrl: settings.baseUrl };
      connector.send({ type: 'TEST_CONNECTION', payload: settings });
    },
    forgetTestResult: () => {
      if (state.testResult.value !== 'testing') state.testResult.value = null;
    },
    listModels: () => connector.send({ type: 'LIST_MODELS' }),
    switchModel: (model) => {
      const settings = state.settings.value;
      if (settings && model && model !== settings.model)
        connector.send({ type: 'SAVE_SETTINGS', payload: { ...settings, model } });
    },
    dismissNotice: () => {
      state.notice.value = null;
    },
    answer: (requestId, decision) => {
      // Hidden at once; the background confirms with PERMISSION_RESOLVED to every sidebar.
      state.prompts.value = state.prompts.value.filter((p) => p.id !== requestId);
      connector.send({ type: 'PERMISSION_RESPONSE', payload: { requestId, decision } });
    },
    saveVoice: (voice) => {
      const settings = state.settings.value;
      if (settings) connector.send({ type: 'SAVE_SETTINGS', payload: { ...settings, voice } });
    },
    saveLimits: (limits) => connector.send({ type: 'SAVE_LIMITS', payload: limits }),
    changePermissions: (change) => connector.send({ type: 'UPDATE_PERMISSIONS', payload: change }),
    clearLog: () => connector.send({ type: 'CLEAR_ACTION_LOG' }),
    newConversation: () => {
      connector.send({ type: 'NEW_CONVERSATION' });
      state.view.value = 'chat';
    },
    openConversation: (id) => {
      connector.send({ type: 'OPEN_CONVERSATION', payload: { id } });
      state.view.value = 'chat';
    },
    renameConversation: (id, title) => connector.send({ type: 'RENAME_CONVERSATION', payload: { id, title } }),
    deleteConversation: (id) => connector.send({ type: 'DELETE_CONVERSATION', payload: { id } }),
    exportConversation: (id, format) => connector.send({ type: 'EXPORT_CONVERSATION', payload: { id, format } }),
    importConversation: (data) => connector.send({ type: 'IMPORT_CONVERSATION', payload: { data } }),
    refreshLibrary: () => {
      connector.send({ type: 'LIST_CRAWL_JOBS' });
      // The pages of an opened crawl that is still running grow: they are listed again too.
      const opened = state.libraryCrawl.value;
      const job = opened && state.crawlJobs.value.find((j) => j.id === opened.jobId);
      if (job && (job.status === 'in_progress' || job.status === 'pending'))
        connector.send({ type: 'LIST_CRAWL_PAGES', payload: { jobId: job.id } });
    },
    searchLibrary: (query) => {
      const trimmed = query.trim();
      if (trimmed) connector.send({ type: 'SEARCH_LIBRARY', payload: { query: trimmed.slice(0, 200) } });
      else state.librarySearch.value = null;
    },
    previewPage: (pageId) => {
      if (pageId) connector.send({ type: 'GET_LIBRARY_PAGE', payload: { pageId } });
      else state.libraryPage.value = null;
    },
    exportCrawlJob: (jobId) => connector.send({ type: 'EXPORT_CRAWL_JOB', payload: { jobId } }),
    openCrawl: (jobId) => {
      if (jobId) connector.send({ type: 'LIST_CRAWL_PAGES', payload: { jobId } });
      else state.libraryCrawl.value = null;
    },
    cancelCrawl: (jobId) => connector.send({ type: 'CANCEL_CRAWL_JOB', payload: { jobId } }),
    resumeCrawl: (jobId) => connector.send({ type: 'RESUME_CRAWL_JOB', payload: { jobId } }),
    deleteCrawl: (jobId) => connector.send({ type: 'DELETE_CRAWL_JOB', payload: { jobId } }),
    workflow: createWorkflowActions(connector.send, state.workflow),
    show: (view) => {
      // A connection result speaks for the settings it tested: reopening Settings starts without an old one.
      if (view === 'settings' && state.view.value !== 'settings' && state.testResult.value !== 'testing')
        state.testResult.value = null;
      state.view.value = view;
      // Each view asks for its data when it opens, so it is fresh.
      if (view === 'permissions') connector.send({ type: 'GET_PERMISSIONS' });
      if (view === 'history') connector.send({ type: 'LIST_CONVERSATIONS' });
      if (view === 'library') connector.send({ type: 'LIST_CRAWL_JOBS' });
      if (view === 'log') connector.send({ type: 'GET_ACTION_LOG' });
    },
  };
}
