import type { RouteOutcome } from '../../src/messaging/router';
import { classifySender, type StampedSender } from '../../src/messaging/sender';
import { describeFailure } from '../storage/storage-errors';
import type { BackgroundToSidebar } from '../../src/protocol/background-to-sidebar';

/** The part of `runtime.Port` the hub uses; the same in both browsers. */
export interface SidebarPort {
  name: string;
  sender?: StampedSender;
  postMessage(message: unknown): void;
  disconnect(): void;
  onMessage: { addListener(listener: (message: unknown) => void): void };
  onDisconnect: { addListener(listener: () => void): void };
}

/** What a sidebar handler answers: one message, several, or nothing (a refusal goes to the router). */
export type SidebarReply = BackgroundToSidebar | readonly BackgroundToSidebar[] | void;

export interface PortHubOptions {
  extensionId: string;
  extensionOrigin: string;
  /** Resolves when stored state is loaded; nothing is answered before. */
  ready: Promise<void>;
  route(raw: unknown, port: SidebarPort): Promise<RouteOutcome<SidebarReply>>;
  /**
   * What a newly connected sidebar is sent first (the conversation and the settings). It is
   * synchronous so that no broadcast can fall between the snapshot and the port joining.
   */
  greeting(): BackgroundToSidebar[];
  /** A sidebar went away (closed, reloaded): what it had open ends with it. */
  disconnected(port: SidebarPort): void;
}

/**
 * Serves any number of sidebar ports (one per window, plus tests). Only this extension's own
 * pages may connect as `sidebar`; the check uses what the browser stamped on the port.
 */
export function createPortHub(options: PortHubOptions) {
  const ports = new Set<SidebarPort>();

  const post = (port: SidebarPort, message: BackgroundToSidebar) => {
    try {
      port.postMessage(message);
    } catch {
      // The sidebar closed between the check and the post; its disconnect listener cleans up.
      ports.delete(port);
    }
  };

  async function handle(port: SidebarPort, raw: unknown) {
    let outcome: RouteOutcome<SidebarReply>;
    try {
      await options.ready;
      outcome = await options.route(raw, port);
    } catch (error) {
      const type =
        typeof (raw as { type?: unknown })?.type === 'string' ? String((raw as { type: string }).type) : null;
      outcome = { ok: false, error: `Bosun could not do that: ${describeFailure(error)}`, inReplyTo: type };
    }
    if (!outcome.ok) post(port, { type: 'ERROR', payload: { error: outcome.error, inReplyTo: outcome.inReplyTo } });
    else for (const reply of [outcome.value ?? []].flat()) post(port, reply);
  }

  function connect(port: SidebarPort): void {
    if (port.name !== 'sidebar') return;
    const sender = port.sender ?? {};
    if (classifySender(sender, options.extensionId, options.extensionOrigin) !== 'extension-page') {
      port.disconnect();
      return;
    }
    let connected = true;
    port.onDisconnect.addListener(() => {
      connected = false;
      ports.delete(port);
      options.disconnected(port);
    });
    port.onMessage.addListener((raw) => void handle(port, raw));
    options.ready.then(
      () => {
        if (!connected) return;
        for (const message of options.greeting()) post(port, message);
        ports.add(port);
      },
      (error: unknown) =>
        post(port, {
          type: 'ERROR',
          payload: { error: `Bosun could not load its data: ${String(error)}`, inReplyTo: null },
        }),
    );
  }

  function broadcast(message: BackgroundToSidebar): void {
    for (const port of ports) post(port, message);
  }

  return {
    connect,
    broadcast,
    get size() {
      return ports.size;
    },
  };
}
export type PortHub = ReturnType<typeof createPortHub>;
