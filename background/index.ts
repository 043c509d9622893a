/**
 * Background entry: wiring only. Every listener is registered synchronously at top level,
 * because Chrome's service worker and Firefox's event page can be stopped at any moment and
 * are woken by the events those listeners are registered for.
 */
import { complete } from '../src/llm/complete';
import { testConnection } from '../src/llm/test-connection';
import { transcribe, transcriptionTarget } from '../src/llm/transcribe';
import { classifySender } from '../src/messaging/sender';
import { browser } from '../src/platform/browser';
import type { BackgroundToSidebar } from '../src/protocol/background-to-sidebar';
import { createConversationStore } from '../src/storage/conversation-store';
import { openBosunDb } from '../src/storage/db';
import { createPageCache } from '../src/storage/page-cache';
import { createSettingsStore } from '../src/storage/settings-store';
import { createAgent } from './agent/agent';
import { createRunRecords } from './agent/run-record';
import { createContentRouter } from './content-routes';
import { createConversation } from './conversation';
import { holdAlive } from './keep-alive';
import { createLimitsService } from './limits-service';
import { keepOllamaReachable } from './ollama-origin';
import { setUpPanelOpening } from './panel-opening';
import { pageMask } from './page-mask';
import { createActionLog } from './permissions/action-log';
import { createGate } from './permissions/gate';
import { createPolicyStore } from './permissions/policy-store';
import { createPrompts } from './permissions/prompts';
import { createPortHub } from './port-hub';
import { createSettingsService } from './settings-service';
import { createSidebarRouter } from './sidebar-routes';
import { TOOLS, toolSpecs } from './tools/registry';
import { createVoiceSessions } from './voice-sessions';
import { tabToWorkIn } from '../src/work-tab';
import { createSavedStore } from './workflows/saved-store';
import { createWorkflowStore } from './workflows/workflow-store';
import { createWorkflows } from './workflows/workflows';

const extensionId = browser.runtime.id;
const extensionOrigin = browser.runtime.getURL('').replace(/\/$/, '');
const database = openBosunDb();
const broadcast = (message: BackgroundToSidebar) => hub.broadcast(message);

const settings = createSettingsService(createSettingsStore(database), keepOllamaReachable);
const limits = createLimitsService(database);
const policy = createPolicyStore(database, (current) => broadcast({ type: 'PERMISSIONS_STATE', payload: { policy: current } }));
const log = createActionLog(database, (entry) => broadcast({ type: 'ACTION_LOG_UPDATE', payload: entry }));
const prompts = createPrompts(
  (request) => broadcast({ type: 'PERMISSION_REQUEST', payload: request }),
  (id) => broadcast({ type: 'PERMISSION_RESOLVED', payload: { id } }),
);
const gate = createGate({ policy, prompts, log, promptTimeoutMs: () => limits.current().promptTimeoutSeconds * 1000 });
const runs = createRunRecords(database);
const conversation = createConversation(createConversationStore(database, 'current'), broadcast);
const pages = createPageCache(database);
const agent = createAgent({
  conversation,
  complete,
  gate,
  settings: settings.current,
  limits: limits.current,
  runs,
  pages,
  tools: toolSpecs,
  mask: pageMask,
  holdAlive,
});
const workflows = createWorkflows({
  database,
  complete,
  gate,
  settings: settings.current,
  limits: limits.current,
  runs: createRunRecords(database, 'workflowStep'),
  pages,
  tools: toolSpecs,
  mask: pageMask,
  policy,
  log,
  store: createWorkflowStore(database),
  saved: createSavedStore(database),
  broadcast,
  holdAlive,
  toolNames: () => [...TOOLS.keys()],
});
const ready = Promise.all([settings.load(), limits.load(), policy.load(), agent.restore(runs), workflows.restore()]).then(() => undefined);

const voice = createVoiceSessions({ settings: settings.current, target: transcriptionTarget, transcribe, holdAlive });
const routeSidebar = createSidebarRouter({ agent, settings, limits, testConnection, prompts, policy, log, tabToWorkIn, broadcast, voice, workflows });
const hub = createPortHub({
  extensionId,
  extensionOrigin,
  ready,
  route: (raw, port) => routeSidebar(raw, 'extension-page', port),
  disconnected: (port) => voice.close(port),
  greeting: () => [
    { type: 'SETTINGS', payload: settings.current() },
    { type: 'LIMITS', payload: limits.current() },
    { type: 'CONVERSATION_STATE', payload: conversation.snapshot() },
    ...(policy.current() ? [{ type: 'PERMISSIONS_STATE', payload: { policy: policy.current() } } as BackgroundToSidebar] : []),
    { type: 'SAVED_WORKFLOWS', payload: { workflows: workflows.saved() } },
    ...(workflows.current() ? [{ type: 'WORKFLOW_UPDATE', payload: workflows.current() } as BackgroundToSidebar] : []),
    // A question asked while no sidebar was open is shown by the first one that opens.
    ...prompts.open().map((request): BackgroundToSidebar => ({ type: 'PERMISSION_REQUEST', payload: request })),
  ],
});
browser.runtime.onConnect.addListener((port) => hub.connect(port));

const routeContent = createContentRouter();
browser.runtime.onMessage.addListener((raw: unknown, sender, sendResponse: (reply: unknown) => void) => {
  const senderClass = classifySender(sender, extensionId, extensionOrigin);
  void ready
    .then(() => routeContent(raw, senderClass, undefined))
    .then(
      (outcome) => sendResponse(outcome.ok ? { success: true } : { success: false, error: outcome.error }),
      (error: unknown) => sendResponse({ success: false, error: String(error) }),
    );
  // Keeps the reply channel open for the asynchronous answer (both browsers, with or without the polyfill).
  return true;
});

setUpPanelOpening();
