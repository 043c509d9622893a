/**
 * Background entry: wiring only. Every listener is registered synchronously at top level,
 * because Chrome's service worker and Firefox's event page can be stopped at any moment and
 * are woken by the events those listeners are registered for.
 */
import { streamChatCompletion } from '../src/llm/openai-chat';
import { testConnection } from '../src/llm/test-connection';
import { classifySender } from '../src/messaging/sender';
import { browser } from '../src/platform/browser';
import { createConversationStore } from '../src/storage/conversation-store';
import { openBosunDb } from '../src/storage/db';
import { createSettingsStore } from '../src/storage/settings-store';
import { createChatService } from './chat-service';
import { createContentRouter } from './content-routes';
import { holdAlive } from './keep-alive';
import { setUpPanelOpening } from './panel-opening';
import { createPortHub } from './port-hub';
import { createSettingsService } from './settings-service';
import { createSidebarRouter } from './sidebar-routes';

const extensionId = browser.runtime.id;
const extensionOrigin = browser.runtime.getURL('').replace(/\/$/, '');
const database = openBosunDb();

const settings = createSettingsService(createSettingsStore(database));
const broadcast: Parameters<typeof createChatService>[0]['broadcast'] = (message) => hub.broadcast(message);
const chat = createChatService({
  store: createConversationStore(database, 'current'),
  getSettings: async () => settings.current(),
  stream: streamChatCompletion,
  broadcast,
  holdAlive,
});
const ready = Promise.all([settings.load(), chat.restore()]).then(() => undefined);

const routeSidebar = createSidebarRouter({ chat, settings, testConnection, broadcast });
const hub = createPortHub({
  extensionId,
  extensionOrigin,
  ready,
  route: (raw, port) => routeSidebar(raw, 'extension-page', port),
  greeting: () => [
    { type: 'SETTINGS', payload: settings.current() },
    { type: 'CONVERSATION_STATE', payload: chat.snapshot() },
  ],
});
browser.runtime.onConnect.addListener((port) => hub.connect(port));

const routeContent = createContentRouter(broadcast);
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
