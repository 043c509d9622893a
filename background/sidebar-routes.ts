import { createRouter, type Routes } from '../src/messaging/router';
import type { Settings } from '../src/protocol/common';
import { SidebarToBackground } from '../src/protocol/sidebar-to-background';
import type { TestResult } from '../src/llm/test-connection';
import type { ChatService } from './chat-service';
import type { SidebarPort, SidebarReply } from './port-hub';
import type { BackgroundToSidebar } from '../src/protocol/background-to-sidebar';

export interface SidebarRouteDeps {
  chat: ChatService;
  settings: { current(): Settings | null; save(settings: Settings): Promise<void> };
  testConnection(settings: Settings): Promise<TestResult>;
  broadcast(message: BackgroundToSidebar): void;
}

const PAGES = ['extension-page'] as const;

/** The sidebar channel's table: message type → who may send it → handler (its schema is in the protocol table). */
export function sidebarRoutes(deps: SidebarRouteDeps): Routes<typeof SidebarToBackground, SidebarPort, SidebarReply> {
  return {
    CHAT_MESSAGE: {
      senders: PAGES,
      handle: async ({ payload }) => {
        const refusal = await deps.chat.send(payload.content);
        return refusal ? [{ type: 'ERROR', payload: { error: refusal, inReplyTo: 'CHAT_MESSAGE' } }] : [];
      },
    },
    STOP_CHAT: { senders: PAGES, handle: () => deps.chat.stop() },
    CLEAR_HISTORY: { senders: PAGES, handle: () => deps.chat.clear() },
    GET_SETTINGS: { senders: PAGES, handle: () => [{ type: 'SETTINGS', payload: deps.settings.current() }] },
    SAVE_SETTINGS: {
      senders: PAGES,
      handle: async ({ payload }) => {
        await deps.settings.save(payload);
        // Every open sidebar shows the new settings, not only the one that saved them.
        deps.broadcast({ type: 'SETTINGS', payload });
      },
    },
    TEST_CONNECTION: {
      senders: PAGES,
      handle: async ({ payload }) => [{ type: 'TEST_RESULT', payload: await deps.testConnection(payload) }],
    },
  };
}

export const createSidebarRouter = (deps: SidebarRouteDeps) => createRouter(SidebarToBackground, sidebarRoutes(deps));
