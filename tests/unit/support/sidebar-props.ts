// The props the sidebar's components are given in unit tests: every action a spy, a saved provider.
import { signal } from '@preact/signals';
import { vi } from 'vitest';
import { NO_ERRORS, type PageDraft } from '../../../sidebar/settings-page-draft';
import type { SidebarActions } from '../../../sidebar/actions';

export const actions = (): SidebarActions => ({
  send: vi.fn(),
  summarize: vi.fn(),
  runAgain: vi.fn(),
  shareTabWithAgent: vi.fn(),
  stopSharingWithAgent: vi.fn(),
  stop: vi.fn(),
  stopTask: vi.fn(),
  clear: vi.fn(),
  saveSettings: vi.fn(),
  testConnection: vi.fn(),
  forgetTestResult: vi.fn(),
  listModels: vi.fn(),
  switchModel: vi.fn(),
  dismissNotice: vi.fn(),
  answer: vi.fn(),
  answerPlan: vi.fn(),
  answerHandOver: vi.fn(),
  disconnectAgent: vi.fn(),
  detectOllama: vi.fn(),
  changePermissions: vi.fn(),
  clearLog: vi.fn(),
  show: vi.fn(),
  openStoredPage: vi.fn(),
  saveVoice: vi.fn(),
  setTrustedInput: vi.fn(),
  setBuiltInModel: vi.fn(),
  newConversation: vi.fn(),
  openConversation: vi.fn(),
  renameConversation: vi.fn(),
  deleteConversation: vi.fn(),
  exportConversation: vi.fn(),
  importConversation: vi.fn(),
  refreshLibrary: vi.fn(),
  searchLibrary: vi.fn(),
  previewPage: vi.fn(),
  exportCrawlJob: vi.fn(),
  openCrawl: vi.fn(),
  showMorePages: vi.fn(),
  cancelCrawl: vi.fn(),
  resumeCrawl: vi.fn(),
  deleteCrawl: vi.fn(),
  workflow: workflowActions(),
});
export const voice = () => ({ start: vi.fn(), finish: vi.fn(), cancel: vi.fn() });
export const at = '2026-01-01T00:00:00Z';
export const saved = {
  provider: 'ollama' as const,
  model: 'llama3.1',
  apiKey: '',
  baseUrl: 'http://localhost:11434/v1',
};

/** What the Settings form keeps outside itself: no edits yet, no errors, limits not known. */
export const settingsStore = () => ({ edits: signal<PageDraft | null>(null), errors: signal(NO_ERRORS), limits: null });

/** The Research view's actions (the sidebar's `workflow` ones), each a spy. */
export const workflowActions = (): SidebarActions['workflow'] => ({
  start: vi.fn(),
  approve: vi.fn(),
  cancel: vi.fn(),
  show: vi.fn(),
  resume: vi.fn(),
  runAgain: vi.fn(),
  remove: vi.fn(),
  exportZip: vi.fn(),
  save: vi.fn(),
  runSaved: vi.fn(),
  removeSaved: vi.fn(),
  saveSchedule: vi.fn(),
  pauseSchedule: vi.fn(),
  removeSchedule: vi.fn(),
  dismissError: vi.fn(),
});
