import type { PermissionDecisionValue } from '../policy/vocabulary';
import type { PermissionChange, PlanAnswer } from '../src/protocol/sidebar-to-background';
import type { HandOverAnswer } from '../src/protocol/hand-over';
import type { Connector } from './connector';
import { createConversationActions, type ConversationActions } from './conversation-actions';
import { createLibraryActions, type LibraryActions } from './library-actions';
import { createSettingsActions, type SettingsActions } from './settings-actions';
import type { SidebarState, View } from './state';
import { createWorkflowActions, type WorkflowActions } from './workflow-actions';

/** What the person can ask for; components call these and never touch the port. */
export interface SidebarActions extends SettingsActions, ConversationActions, LibraryActions {
  send(content: string): void;
  summarize(): void;
  /** Runs the conversation's last finished task again (replay), in the tab the person is looking at. */
  runAgain(): void;
  /** Shares the tab the person is looking at with an attached agent, which may then list and read it. */
  shareTabWithAgent(id: string): void;
  stopSharingWithAgent(id: string): void;
  /** Stops the shown conversation's task. */
  stop(): void;
  /** Stops one task of the list of running tasks (a chat elsewhere, a research run, an agent run). */
  stopTask(id: string): void;
  clear(): void;
  dismissNotice(): void;
  answer(requestId: string, decision: PermissionDecisionValue): void;
  answerPlan(requestId: string, answer: PlanAnswer): void;
  answerHandOver(requestId: string, answer: HandOverAnswer): void;
  changePermissions(change: PermissionChange): void;
  clearLog(): void;
  show(view: View): void;
  /** A citation of a page stored in the Library: the Library opens on its stored copy, not the live page. */
  openStoredPage(pageId: string): void;
  workflow: WorkflowActions;
}

/** `currentTab` names the tab the person is looking at, which the conversation works in. */
export function createActions(
  connector: Connector,
  state: SidebarState,
  currentTab: () => Promise<number | undefined>,
): SidebarActions {
  const { send } = connector;
  return {
    send: (content) => {
      state.unsent.value = content;
      const attachments = state.attachments.value.map((a) => a.sent);
      void currentTab().then((tabId) =>
        send({
          type: 'CHAT_MESSAGE',
          payload: {
            content,
            ...(tabId === undefined ? {} : { tabId }),
            ...(attachments.length > 0 ? { attachments } : {}),
          },
        }),
      );
    },
    summarize: () => send({ type: 'SUMMARIZE_PAGE' }),
    ...createSharingActions(send, currentTab),
    runAgain: () =>
      void currentTab().then((tabId) => send({ type: 'RUN_AGAIN', payload: tabId === undefined ? {} : { tabId } })),
    stop: () => send({ type: 'STOP_CHAT' }),
    stopTask: (id) => send({ type: 'STOP_TASK', payload: { id } }),
    clear: () => send({ type: 'CLEAR_HISTORY' }),
    dismissNotice: () => {
      state.notice.value = null;
    },
    answer: (requestId, decision) => {
      // Hidden at once; the background confirms with PERMISSION_RESOLVED to every sidebar.
      state.prompts.value = state.prompts.value.filter((p) => p.id !== requestId);
      send({ type: 'PERMISSION_RESPONSE', payload: { requestId, decision } });
    },
    answerPlan: (requestId, answer) => {
      state.plans.value = state.plans.value.filter((p) => p.id !== requestId);
      send({ type: 'PLAN_RESPONSE', payload: { requestId, answer } });
    },
    answerHandOver: (requestId, answer) => {
      state.handOvers.value = state.handOvers.value.filter((h) => h.id !== requestId);
      send({ type: 'HAND_OVER_RESPONSE', payload: { requestId, answer } });
    },
    changePermissions: (change) => send({ type: 'UPDATE_PERMISSIONS', payload: change }),
    clearLog: () => send({ type: 'CLEAR_ACTION_LOG' }),
    ...createSettingsActions(send, state),
    ...createConversationActions(send, state),
    ...createLibraryActions(send, state),
    workflow: createWorkflowActions(send, state.workflow),
    show: (view) => show(send, state, view),
    openStoredPage: (pageId) => {
      state.libraryPage.value = null;
      send({ type: 'GET_LIBRARY_PAGE', payload: { pageId } });
      show(send, state, 'library');
    },
  };
}

/** Sharing the tab the person is looking at with an attached agent, and ending it. */
function createSharingActions(send: Connector['send'], currentTab: () => Promise<number | undefined>) {
  return {
    shareTabWithAgent: (id: string) =>
      void currentTab().then((tabId) =>
        send({ type: 'SHARE_TAB_WITH_AGENT', payload: tabId === undefined ? { id } : { id, tabId } }),
      ),
    stopSharingWithAgent: (id: string) => send({ type: 'STOP_SHARING_WITH_AGENT', payload: { id } }),
  };
}

/** Opens a view; each view asks for its data when it opens, so it is fresh. */
function show(send: Connector['send'], state: SidebarState, view: View): void {
  // A connection result speaks for the settings it tested: reopening Settings starts without an old one.
  if (view === 'settings' && state.view.value !== 'settings' && state.testResult.value !== 'testing')
    state.testResult.value = null;
  state.view.value = view;
  if (view === 'permissions') send({ type: 'GET_PERMISSIONS' });
  if (view === 'history') send({ type: 'LIST_CONVERSATIONS' });
  if (view === 'library') send({ type: 'LIST_CRAWL_JOBS' });
  if (view === 'log') send({ type: 'GET_ACTION_LOG' });
}
