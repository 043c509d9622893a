import { t } from '../src/i18n';
import type { ChatMessage } from '../src/protocol/common';
import { withSlice } from './crawl-pages-slice';
import type { Handlers, InboxPart, StateTypes } from './inbox';
import type { SidebarState } from './state';
import { workflowPart } from './workflow-state';

/** The Action Log shows this many entries, the newest. */
const LOG_SHOWN = 500;

/** The conversation: replays, new messages, streamed text and how each answer ended. */
function conversationHandlers(state: SidebarState) {
  const updateMessage = (id: string, change: (message: ChatMessage) => ChatMessage | null) => {
    const list = state.messages.value;
    const index = list.findIndex((m) => m.id === id);
    const current = list[index];
    if (!current) return;
    const next = change(current);
    if (next) state.messages.value = [...list.slice(0, index), next, ...list.slice(index + 1)];
  };
  return {
    CONVERSATION_STATE: ({ payload }) => {
      state.messages.value = payload.messages;
      state.busy.value = payload.busy;
      // A replay (a new connection, a restart, a clear) comes before the questions still open: older ones are gone.
      state.prompts.value = [];
      state.plans.value = [];
      state.handOvers.value = [];
    },
    MESSAGE_ADDED: ({ payload: { message } }) => {
      const known = state.messages.value.some((m) => m.id === message.id);
      if (!known) state.messages.value = [...state.messages.value, message];
      if (message.role === 'user' && state.unsent.value !== null) {
        state.unsent.value = null;
        // Taken with the message: the files and tabs went with it.
        state.attachments.value = [];
      }
      // Every message of the person starts a task, which ends with CHAT_RESPONSE.
      if (message.role === 'user' || message.status === 'streaming') state.busy.value = true;
    },
    CHAT_DELTA: ({ payload: { messageId, offset, delta } }) =>
      updateMessage(messageId, (m) => {
        // Deltas carry their offset: text this sidebar already has (from a replay) is skipped.
        const known = m.content.length;
        if (offset > known || offset + delta.length <= known) return null;
        return { ...m, content: m.content + delta.slice(known - offset) };
      }),
    // The one announcement of a finished answer: its whole text (or why it failed), how it ended, what it cost.
    CHAT_RESPONSE: ({ payload: { messageId, content, isError, status, usage, fix } }) => {
      const ending = {
        status,
        ...(isError ? { error: content } : { content }),
        ...(usage ? { usage } : {}),
        ...(fix ? { fix } : {}),
      };
      updateMessage(messageId, (m) => ({ ...m, ...ending }));
      state.busy.value = false;
    },
    MESSAGE_UPDATED: ({ payload: { message } }) => updateMessage(message.id, () => message),
    TASK_SCOPE: ({ payload }) => (state.taskScope.value = payload.scope),
    TASK_STEP: ({ payload }) => (state.taskStep.value = payload.step),
    RUNNING_TASKS: ({ payload }) => (state.runningTasks.value = payload.tasks),
  } satisfies Handlers<
    | 'CONVERSATION_STATE'
    | 'RUNNING_TASKS'
    | 'MESSAGE_ADDED'
    | 'CHAT_DELTA'
    | 'CHAT_RESPONSE'
    | 'MESSAGE_UPDATED'
    | 'TASK_SCOPE'
    | 'TASK_STEP'
  >;
}

/** Settings, limits, a connection test and a local Ollama found at first run. */
function settingsHandlers(state: SidebarState) {
  return {
    SETTINGS: ({ payload }) => {
      const before = state.settings.value;
      state.settings.value = payload;
      // Another provider or address offers other models: the chat's switch asks again.
      if (before?.provider !== payload?.provider || before?.baseUrl !== payload?.baseUrl) state.chatModels.value = null;
      // Only now: the chat, its model switch and Talk work with what the background holds.
      if (state.settingsSaving.value) {
        state.settingsSaving.value = false;
        state.settingsEdits.value = null;
        state.view.value = 'chat';
      }
    },
    LIMITS: ({ payload }) => (state.limits.value = payload),
    TRUSTED_INPUT: ({ payload }) => (state.trustedInput.value = payload),
    BUILT_IN_MODEL: ({ payload }) => (state.builtInModel.value = payload),
    AGENT_CLIENTS: ({ payload }) => (state.agentClients.value = payload.clients),
    OLLAMA_DETECTED: ({ payload }) => (state.ollama.value = payload),
    TEST_RESULT: ({ payload }) => {
      const error = payload.error ?? t('settings_test_failed');
      const models = payload.models ? { models: payload.models } : {};
      state.testResult.value = payload.success ? { success: true, ...models } : { success: false, error, ...models };
      const source = state.testedFor.value;
      if (source && payload.models && payload.models.length > 0)
        state.modelList.value = { ...source, models: payload.models };
    },
    MODELS: ({ payload }) => (state.chatModels.value = payload.models),
  } satisfies Handlers<
    | 'SETTINGS'
    | 'LIMITS'
    | 'TRUSTED_INPUT'
    | 'BUILT_IN_MODEL'
    | 'AGENT_CLIENTS'
    | 'OLLAMA_DETECTED'
    | 'TEST_RESULT'
    | 'MODELS'
  >;
}

type PermissionTypes =
  | 'PERMISSION_REQUEST'
  | 'PERMISSION_RESOLVED'
  | 'PLAN_REQUEST'
  | 'PLAN_RESOLVED'
  | 'HAND_OVER_REQUEST'
  | 'HAND_OVER_RESOLVED'
  | 'PERMISSIONS_STATE'
  | 'ACTION_LOG'
  | 'ACTION_LOG_UPDATE';

/** Questions to the person, the policy and the Action Log. */
function permissionHandlers(state: SidebarState) {
  return {
    PERMISSION_REQUEST: ({ payload }) => {
      const prompts = state.prompts.value;
      if (!prompts.some((p) => p.id === payload.id)) state.prompts.value = [...prompts, payload];
    },
    PERMISSION_RESOLVED: ({ payload }) => {
      state.prompts.value = state.prompts.value.filter((p) => p.id !== payload.id);
    },
    PLAN_REQUEST: ({ payload }) => {
      if (!state.plans.value.some((p) => p.id === payload.id)) state.plans.value = [...state.plans.value, payload];
    },
    PLAN_RESOLVED: ({ payload }) => {
      state.plans.value = state.plans.value.filter((p) => p.id !== payload.id);
    },
    HAND_OVER_REQUEST: ({ payload }) => {
      if (!state.handOvers.value.some((h) => h.id === payload.id))
        state.handOvers.value = [...state.handOvers.value, payload];
    },
    HAND_OVER_RESOLVED: ({ payload }) => {
      state.handOvers.value = state.handOvers.value.filter((h) => h.id !== payload.id);
    },
    PERMISSIONS_STATE: ({ payload }) => (state.policy.value = payload.policy),
    ACTION_LOG: ({ payload }) => (state.log.value = payload.entries.slice(-LOG_SHOWN)),
    // A call's entry comes first as running, then again with its outcome (or interrupted, after a restart).
    ACTION_LOG_UPDATE: ({ payload }) => {
      const at = state.log.value.findIndex((entry) => entry.id === payload.id);
      state.log.value = at === -1 ? [...state.log.value, payload].slice(-LOG_SHOWN) : state.log.value.with(at, payload);
    },
  } satisfies Handlers<PermissionTypes>;
}

/** The history of conversations and the Library of crawled pages. */
function historyAndLibraryHandlers(state: SidebarState) {
  return {
    CONVERSATIONS: ({ payload }) => (state.conversations.value = payload),
    CRAWL_JOBS: ({ payload }) => {
      state.crawlJobs.value = payload.jobs;
      // A deleted crawl's pages are gone: its list closes, and so does the preview of one of them.
      const known = new Set(payload.jobs.map((job) => job.id));
      const opened = state.libraryCrawl.value;
      if (opened && !known.has(opened.jobId)) state.libraryCrawl.value = null;
      const previewed = state.libraryPage.value;
      if (previewed && !known.has(previewed.jobId)) state.libraryPage.value = null;
      const search = state.librarySearch.value;
      if (search && search.pages.some((page) => !known.has(page.jobId)))
        state.librarySearch.value = { ...search, pages: search.pages.filter((page) => known.has(page.jobId)) };
    },
    CRAWL_PAGES: ({ payload }) => (state.libraryCrawl.value = withSlice(state.libraryCrawl.value, payload)),
    LIBRARY_SEARCH_RESULTS: ({ payload }) => (state.librarySearch.value = payload),
    LIBRARY_PAGE: ({ payload }) => (state.libraryPage.value = payload),
  } satisfies Handlers<'CONVERSATIONS' | 'CRAWL_JOBS' | 'CRAWL_PAGES' | 'LIBRARY_SEARCH_RESULTS' | 'LIBRARY_PAGE'>;
}

/** The part of the inbox that the sidebar's signals take: every message but voice, files and ERROR. */
export function statePart(state: SidebarState): InboxPart<StateTypes> {
  const workflow = workflowPart(state.workflow);
  const handlers: Handlers<StateTypes> = {
    ...conversationHandlers(state),
    ...settingsHandlers(state),
    ...permissionHandlers(state),
    ...historyAndLibraryHandlers(state),
    ...workflow.handlers,
  };
  const testRefused = () => {
    state.testResult.value = null;
  };
  // A refused save keeps the person on Settings, with the notice saying why.
  const saveRefused = () => {
    state.settingsSaving.value = false;
  };
  // A refused message goes back in the box, unless the person has started typing another.
  const chatRefused = () => {
    if (state.unsent.value !== null && state.draft.value.trim() === '') state.draft.value = state.unsent.value;
    state.unsent.value = null;
  };
  return {
    handlers,
    refusals: {
      ...workflow.refusals,
      TEST_CONNECTION: testRefused,
      SAVE_SETTINGS: saveRefused,
      CHAT_MESSAGE: chatRefused,
    },
  };
}
