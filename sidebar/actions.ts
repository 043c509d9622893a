import type { Settings } from '../src/protocol/common';
import type { Connector } from './connector';
import type { SidebarState } from './state';

/** What the person can ask for; components call these and never touch the port. */
export interface SidebarActions {
  send(content: string): void;
  stop(): void;
  clear(): void;
  saveSettings(settings: Settings): void;
  testConnection(settings: Settings): void;
  dismissNotice(): void;
}

export function createActions(connector: Connector, state: SidebarState): SidebarActions {
  return {
    send: (content) => connector.send({ type: 'CHAT_MESSAGE', payload: { content } }),
    stop: () => connector.send({ type: 'STOP_CHAT' }),
    clear: () => connector.send({ type: 'CLEAR_HISTORY' }),
    saveSettings: (settings) => connector.send({ type: 'SAVE_SETTINGS', payload: settings }),
    testConnection: (settings) => {
      state.testResult.value = 'testing';
      connector.send({ type: 'TEST_CONNECTION', payload: settings });
    },
    dismissNotice: () => {
      state.notice.value = null;
    },
  };
}
