import * as v from 'valibot';
import { BackgroundToSidebar } from '../src/protocol/background-to-sidebar';
import type { SidebarToBackground } from '../src/protocol/sidebar-to-background';
import type { ConnectionStatus } from './state';

/** The part of `runtime.Port` the connector uses. */
export interface PortLike {
  postMessage(message: unknown): void;
  onMessage: { addListener(listener: (message: unknown) => void): void };
  onDisconnect: { addListener(listener: () => void): void };
}

export interface ConnectorOptions {
  connect(): PortLike;
  onMessage(message: BackgroundToSidebar): void;
  onStatus(status: ConnectionStatus): void;
  /** Delays between reconnection attempts; the last one repeats. */
  retryDelaysMs?: readonly number[];
}

const IncomingMessage = v.variant('type', Object.values(BackgroundToSidebar));

/**
 * The sidebar's only link to the background. It validates what arrives, reconnects by itself
 * when the port drops (the service worker or event page was stopped), and holds messages
 * sent while disconnected until the new port is up, so nothing typed is lost.
 */
export function createConnector(options: ConnectorOptions) {
  const delays = options.retryDelaysMs ?? [50, 200, 500, 1000, 2000];
  let port: PortLike | null = null;
  let attempt = 0;
  const queue: SidebarToBackground[] = [];

  function open(): void {
    let next: PortLike;
    try {
      next = options.connect();
    } catch {
      // The extension was reloaded or removed: this page can no longer reach it.
      options.onStatus('lost');
      return;
    }
    port = next;
    next.onMessage.addListener((raw) => {
      const parsed = v.safeParse(IncomingMessage, raw);
      if (!parsed.success) {
        console.warn('Bosun: ignored a malformed message from the background', raw);
        return;
      }
      attempt = 0;
      options.onStatus('connected');
      options.onMessage(parsed.output as BackgroundToSidebar);
    });
    next.onDisconnect.addListener(() => {
      if (port !== next) return;
      port = null;
      options.onStatus('reconnecting');
      const delay = delays[Math.min(attempt, delays.length - 1)] ?? 1000;
      attempt += 1;
      setTimeout(open, delay);
    });
    flush();
  }

  function flush(): void {
    while (port && queue.length > 0) {
      const message = queue[0];
      try {
        port.postMessage(message);
        queue.shift();
      } catch {
        return;
      }
    }
  }

  function send(message: SidebarToBackground): void {
    queue.push(message);
    flush();
  }

  options.onStatus('connecting');
  open();
  return { send };
}
export type Connector = ReturnType<typeof createConnector>;
