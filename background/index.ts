/**
 * Background entry: wiring only. Every listener is registered synchronously at top level,
 * because Chrome's service worker and Firefox's event page can be stopped at any moment and
 * are woken by the events those listeners are registered for.
 */
import { complete } from './llm/complete';
import { detectOllama } from './llm/detect-ollama';
import { modelChoices, testConnection } from '../src/llm/test-connection';
import { transcribe, transcriptionTarget } from './llm/transcribe';
import { classifySender } from '../src/messaging/sender';
import { browser } from '../src/platform/browser';
import type { BackgroundToSidebar } from '../src/protocol/background-to-sidebar';
import type { SidebarToBackground } from '../src/protocol/sidebar-to-background';
import { createCrawlLibrary } from './storage/crawl-library';
import { openBosunDb } from './storage/db';
import { createPageCache } from './storage/page-cache';
import { createSettingsStore } from './storage/settings-store';
import { createBuiltInModelSetting } from './settings/built-in-model-setting';
import { createAbpPorts } from './abp/abp-ports';
import { createAbpRouter } from './abp/abp-routes';
import { NativeLink } from './native-bridge/native-link';
import { chooseAgentContainer, whenAgentContainerGone } from './tabs/agent-container';
import { createTaskScope } from './agent/task-scope';
import { createCapabilityTable } from './abp/capability-table';
import { createAgent } from './agent/agent';
import { createPlanQuestions } from './agent/plan-questions';
import { createHandOvers } from './agent/hand-overs';
import { createTaskBoard } from './agent/task-board';
import type { SharedTaskDeps } from './agent/run-task';
import { createCrawler } from './crawl/crawler';
import { crawlSiteCheck } from './crawl/site-check';
import { libraryControl } from './library/library-control';
import { libraryView } from './library/library-view';
import { chatRunRecords, createRunRecords, interruptedChats } from './agent/run-record';
import { createContentRouter } from './content-channel/content-routes';
import { createConversationHistory } from './conversations/conversation-history';
import { createErrorLog } from './diagnostics/error-log';
import { holdAlive } from './browser-setup/keep-alive';
import { createLimitsService } from './settings/limits-service';
import { setUpRedirectLookout } from './llm/redirect-lookout';
import { DEFAULT_OLLAMA, keepOllamaReachable, whileReachingOllama } from './llm/ollama-origin';
import { setUpPanelOpening } from './browser-setup/panel-opening';
import { setUpWelcome } from './browser-setup/welcome';
import { pageMask } from './content-channel/page-mask';
import { forgetReadings } from './content-channel/forget-readings';
import { createConnectionReadings } from './abp/connection-readings';
import { createActionLog } from './permissions/action-log';
import { createGate } from './permissions/gate';
import { createPolicyStore } from './permissions/policy-store';
import { createPrompts } from './permissions/prompts';
import { createPortHub } from './sidebar-channel/port-hub';
import { createSettingsService } from './settings/settings-service';
import { setUpTrustedInput } from './trusted/trusted-input-events';
import { createTrustedInputSetting } from './trusted/trusted-input-setting';
import { detachAll, pressTrusted } from './trusted/trusted-input';
import { createSidebarRouter, startTask } from './sidebar-channel/sidebar-routes';
import { setUpContextMenu } from './browser-setup/context-menu';
import { TOOLS, toolSpecs } from './tools/registry';
import { createVoiceSessions } from './sidebar-channel/voice-sessions';
import { tabToWorkIn } from '../src/work-tab';
import { createSavedStore } from './workflows/saved-store';
import { createWorkflowStore } from './workflows/workflow-store';
import { createWorkflows } from './workflows/workflows';
import { outlinedTabs } from './tools/outlined-tabs';
import { notifyPerson } from './schedules/notify';
import { createScheduleStore } from './schedules/schedule-store';
import { createSchedules } from './schedules/schedules';
import { browserSessionStart } from './schedules/session-start';
import { chatTaskOf } from './schedules/chat-task';
import { leaveStartTab, startScheduledChat } from './schedules/scheduled-chat';

const extensionId = browser.runtime.id;
const extensionOrigin = browser.runtime.getURL('').replace(/\/$/, '');
const database = openBosunDb();
const broadcast = (message: BackgroundToSidebar) => hub.broadcast(message);

const errors = createErrorLog(database);
// Uncaught errors are kept for diagnostics; the browser still reports them as before.
globalThis.addEventListener('error', (event) => void errors.add('background', String(event.error ?? event.message)));
globalThis.addEventListener(
  'unhandledrejection',
  (event) => void errors.add('background', `Unhandled rejection: ${String(event.reason)}`),
);

// Before any provider request: a refused redirect names the host it pointed to.
setUpRedirectLookout();
const settingsStore = createSettingsStore(database);
// The settings also say whether attached agents may connect (the native link, wired below).
const settings = createSettingsService(settingsStore, async (current) => {
  nativeLink.apply(current?.agentsMayConnect === true);
  chooseAgentContainer(current?.agentContainer);
  await keepOllamaReachable(current);
});
whenAgentContainerGone({ settings, broadcast, notify: notifyPerson });
const trustedInput = createTrustedInputSetting(settingsStore, (state) => {
  // Not awaited: a detach that fails is of a tab already gone (detachTab swallows it); sidebars hear the change now.
  void detachAll();
  broadcast({ type: 'TRUSTED_INPUT', payload: state });
});
setUpTrustedInput(trustedInput);
const builtInModel = createBuiltInModelSetting(settingsStore, (state) =>
  broadcast({ type: 'BUILT_IN_MODEL', payload: state }),
);
const limits = createLimitsService(database);
const policy = createPolicyStore(database, (current) =>
  broadcast({ type: 'PERMISSIONS_STATE', payload: { policy: current } }),
);
const log = createActionLog(database, (entry) => broadcast({ type: 'ACTION_LOG_UPDATE', payload: entry }));
const prompts = createPrompts(
  (request) => broadcast({ type: 'PERMISSION_REQUEST', payload: request }),
  (id) => broadcast({ type: 'PERMISSION_RESOLVED', payload: { id } }),
);
const promptTimeoutMs = () => limits.current().promptTimeoutSeconds * 1000;
const gate = createGate({ policy, prompts, log, promptTimeoutMs });
const plans = createPlanQuestions(
  (request) => broadcast({ type: 'PLAN_REQUEST', payload: request }),
  (id) => broadcast({ type: 'PLAN_RESOLVED', payload: { id } }),
  promptTimeoutMs,
);
const handOvers = createHandOvers(
  (request) => broadcast({ type: 'HAND_OVER_REQUEST', payload: request }),
  (id) => broadcast({ type: 'HAND_OVER_RESOLVED', payload: { id } }),
);
// The shown conversation's running task, if any, is what the status bar shows.
const conversations = createConversationHistory(database, broadcast, (id) => announceTask(id), builtInModel.prompt);
const pages = createPageCache(database);
const library = createCrawlLibrary(database);
const crawler = createCrawler(library, holdAlive, crawlSiteCheck(gate));
// What every task runs with, whoever started it: the chat's agent, a workflow step, an ABP agent run.
// The chat's crawl_site tool starts crawls as a page using Bosun's protocol does.
const task: SharedTaskDeps = {
  complete,
  gate,
  settings: settings.current,
  builtIn: builtInModel.prompt,
  limits: limits.current,
  pages,
  crawl: { crawler, library },
  tools: toolSpecs,
  mask: pageMask,
  forgetReadings,
  handOver: handOvers.pose,
};
// Every running task, whoever started it, in the sidebars' list; and which tab each one holds.
const board = createTaskBoard(() => broadcast(runningTasks()));
const runningTasks = (): BackgroundToSidebar => ({ type: 'RUNNING_TASKS', payload: { tasks: board.list() } });
const agent = createAgent({
  ...task,
  runRecords: (id) => chatRunRecords(database, id),
  interruptedRuns: () => interruptedChats(database),
  leaveStartTab: async (record) => leaveStartTab(record, await sessionStart),
  holdAlive,
  plans,
  board,
  changed: (id) => {
    if (id === conversations.current().id) announceTask(id);
  },
});
/** What the sidebars show of the shown conversation's chat task: its scope and action. */
const shownTask = (id: string): BackgroundToSidebar[] => {
  const run = agent.run(id);
  return [
    { type: 'TASK_SCOPE', payload: { scope: run?.scope ?? null } },
    { type: 'TASK_STEP', payload: { step: run?.step ?? null } },
  ];
};
function announceTask(id: string): void {
  for (const message of shownTask(id)) broadcast(message);
}
const workflows = createWorkflows({
  ...task,
  database,
  policy,
  log,
  store: createWorkflowStore(database),
  saved: createSavedStore(database),
  broadcast,
  holdAlive,
  board,
  toolNames: () => [...TOOLS.keys()],
  notify: notifyPerson,
});
// When this browser session began, taken as the background starts: a run due before it was missed.
const sessionStart = browserSessionStart(Date.now());
const schedules = createSchedules({
  store: createScheduleStore(database),
  sessionStart: () => sessionStart,
  saved: (savedId) => workflows.saved().find((s) => s.id === savedId),
  run: (savedId, values, note) => workflows.runScheduled(savedId, values, note),
  chatTask: async (id) =>
    chatTaskOf(id, (await conversations.conversationOf(id)).all(), (name) => TOOLS.get(name)?.level),
  runChat: (chatTask, note) => startScheduledChat({ gate, agent, conversations, notify: notifyPerson }, chatTask, note),
  notify: notifyPerson,
  alarms: browser.alarms,
  broadcast,
});
const ready = Promise.all([
  settings.load(),
  trustedInput.load(),
  builtInModel.load(),
  limits.load(),
  policy.load(),
  conversations.load().then(() => agent.restore(conversations.conversationOf)),
  crawler.markInterrupted(),
  log.markInterrupted(),
  outlinedTabs.removeLeftovers(),
  pageMask.removeLeftovers(),
  workflows.restore(),
  schedules.load(),
]).then(() => undefined);
// A schedule's time that passed while the browser was closed (or the background stopped) runs now, once.
void ready.then(() => schedules.catchUp());
// Listened for so that both browsers start the background with themselves: a missed run runs at the
// next start, not whenever something else wakes Bosun, and the session's start is the browser's.
browser.runtime.onStartup.addListener(() => undefined);
browser.alarms.onAlarm.addListener((alarm) => void ready.then(() => schedules.onAlarm(alarm.name)));

const voice = createVoiceSessions({ settings: settings.current, target: transcriptionTarget, transcribe, holdAlive });
// The Library view reads what crawls stored (live counts from the running crawl) and controls crawls.
const libraryPages = libraryView(library, (jobId) => crawler.status(jobId));
const routeSidebar = createSidebarRouter({
  trustedInput,
  builtInModel,
  agents: {
    disconnect: (id) => nativeLink.disconnect(id),
    share: async (id, tabId) => nativeLink.share(id, await tabToWorkIn(tabId)),
    stopSharing: (id) => nativeLink.stopSharing(id),
  },
  agent,
  board,
  settings,
  limits,
  testConnection: (candidate) => whileReachingOllama(candidate, () => testConnection(candidate)),
  listModels: modelChoices,
  detectOllama: () => whileReachingOllama(DEFAULT_OLLAMA, detectOllama),
  prompts,
  gate,
  plans,
  handOvers,
  policy,
  log,
  tabToWorkIn,
  broadcast,
  voice,
  conversations,
  workflows,
  schedules,
  library: libraryPages,
  crawls: libraryControl(crawler, gate, libraryPages),
});
const hub = createPortHub({
  extensionId,
  extensionOrigin,
  ready,
  route: (raw, port) => routeSidebar(raw, 'extension-page', port),
  disconnected: (port) => voice.close(port),
  greeting: () => [
    { type: 'SETTINGS', payload: settings.current() },
    { type: 'TRUSTED_INPUT', payload: trustedInput.state() },
    { type: 'BUILT_IN_MODEL', payload: builtInModel.state() },
    { type: 'AGENT_CLIENTS', payload: { clients: nativeLink.clients() } },
    { type: 'LIMITS', payload: limits.current() },
    { type: 'CONVERSATION_STATE', payload: conversations.current().conversation.snapshot() },
    ...shownTask(conversations.current().id),
    runningTasks(),
    conversations.listing(),
    ...(policy.current()
      ? [{ type: 'PERMISSIONS_STATE', payload: { policy: policy.current() } } as BackgroundToSidebar]
      : []),
    { type: 'SAVED_WORKFLOWS', payload: { workflows: workflows.saved() } },
    { type: 'SCHEDULES', payload: { schedules: schedules.list() } },
    ...workflows.all().map((plan): BackgroundToSidebar => ({ type: 'WORKFLOW_UPDATE', payload: plan })),
    // What running steps do now: the plans above say which steps run, these what they are doing.
    ...workflows.actions(),
    // A question asked while no sidebar was open is shown by the first one that opens.
    ...prompts.open().map((request): BackgroundToSidebar => ({ type: 'PERMISSION_REQUEST', payload: request })),
    ...plans.open().map((request): BackgroundToSidebar => ({ type: 'PLAN_REQUEST', payload: request })),
    ...handOvers.open().map((request): BackgroundToSidebar => ({ type: 'HAND_OVER_REQUEST', payload: request })),
  ],
});
const connectionReadings = createConnectionReadings();
/** An ABP page closed or an attached agent left: what its calls read is forgotten, by the gate and by the pages. */
const endConnection = (runId: string) => {
  gate.endRun(runId);
  connectionReadings.end(runId);
};
const routeAbp = createAbpRouter({
  capabilities: createCapabilityTable({
    errors,
    library,
    gate,
    pages,
    crawler,
    tabs: board,
    connectionReadings,
    agent: { ...task, database, runs: createRunRecords(database, 'abpAgent'), board },
  }),
  recordFailure: (capability, message) => errors.add(capability, message),
  gate,
  updatePolicy: (change) => policy.update(change),
  toolNames: [...TOOLS.keys()],
});
const abpPorts = createAbpPorts({
  extensionId,
  extensionOrigin,
  ready,
  route: (raw, ctx) => routeAbp(raw, 'extension-page', ctx),
  endRun: endConnection,
});
// Attached MCP clients reach the same router over native messaging, while the person allows it.
const nativeLink = new NativeLink({
  extensionOrigin,
  ready,
  route: (raw, ctx) => routeAbp(raw, 'extension-page', ctx),
  endRun: endConnection,
  announce: (clients) => broadcast({ type: 'AGENT_CLIENTS', payload: { clients } }),
  // As a chat task's scope is made, from the client's words alone.
  taskScope: (words) => createTaskScope({ complete, settings: settings.current, announce: () => undefined }, words),
  tabs: board,
});
// Each hub takes only the ports named for it ('sidebar', 'abp').
browser.runtime.onConnect.addListener((port) => {
  hub.connect(port);
  abpPorts.connect(port);
});

const routeContent = createContentRouter({
  trustedInput: async (tabId, request) =>
    (await trustedInput.active()) ? pressTrusted(tabId, request) : { used: false },
});
browser.runtime.onMessage.addListener((raw: unknown, sender, sendResponse: (reply: unknown) => void) => {
  const senderClass = classifySender(sender, extensionId, extensionOrigin);
  void ready
    .then(() => routeContent(raw, senderClass, { tabId: sender.tab?.id, frameId: sender.frameId }))
    .then(
      (outcome) =>
        sendResponse(
          outcome.ok
            ? { success: true, ...(outcome.value === undefined ? {} : { reply: outcome.value }) }
            : { success: false, error: outcome.error },
        ),
      (error: unknown) => sendResponse({ success: false, error: String(error) }),
    );
  // Keeps the reply channel open for the asynchronous answer (both browsers, with or without the polyfill).
  return true;
});

setUpPanelOpening();
setUpWelcome();
// A question from the page's context menu is asked as if typed in the chat, in the tab it came from,
// so a refusal answers as one to the chat message it stands for.
const askedLike: SidebarToBackground['type'] = 'CHAT_MESSAGE';
setUpContextMenu(({ question, quote }, tabId) => {
  void ready
    .then(() => startTask({ agent, tabToWorkIn, conversations }, question, tabId, { quote }))
    .then(
      (refusal) => refusal && broadcast({ type: 'ERROR', payload: { error: refusal.reason, inReplyTo: askedLike } }),
    );
});
