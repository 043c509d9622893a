import * as v from 'valibot';
import type { AbpToBackground } from '../src/protocol/abp-to-background';
import { BackgroundToAbp } from '../src/protocol/background-to-abp';

/** The part of `runtime.Port` the client uses. */
export interface PortLike {
  postMessage(message: unknown): void;
  onMessage: { addListener(listener: (message: unknown) => void): void };
  onDisconnect: { addListener(listener: () => void): void };
}

/** A request's payload as the runtime builds it; the client adds the id that pairs it with its reply. */
type Payload<T extends AbpToBackground['type']> = Omit<Extract<AbpToBackground, { type: T }>['payload'], 'requestId'>;

const Incoming = v.variant('type', Object.values(BackgroundToAbp));

/**
 * The page's only link to the background: one `abp` port, opened on first use and again after
 * the background stops (Chrome's service worker and Firefox's event page both may), with each
 * reply paired to its request by id. A request in flight when the port drops resolves to null,
 * never left waiting.
 */
export function createPortClient(connect: () => PortLike) {
  let port: PortLike | null = null;
  let counter = 0;
  const pending = new Map<string, (reply: BackgroundToAbp | null) => void>();

  function open(): PortLike {
    const next = connect();
    next.onMessage.addListener((raw) => {
      const parsed = v.safeParse(Incoming, raw);
      // A reply that is not one is dropped: the call it would answer is settled by the disconnect.
      if (!parsed.success || parsed.output.payload.requestId === null) return;
      const waiting = pending.get(parsed.output.payload.requestId);
      pending.delete(parsed.output.payload.requestId);
      waiting?.(parsed.output as BackgroundToAbp);
    });
    next.onDisconnect.addListener(() => {
      if (port === next) port = null;
      const lost = [...pending.values()];
      pending.clear();
      for (const waiting of lost) waiting(null);
    });
    return next;
  }

  function request<T extends AbpToBackground['type']>(type: T, payload: Payload<T>): Promise<BackgroundToAbp | null> {
    const requestId = `r${++counter}`;
    return new Promise((resolve) => {
      pending.set(requestId, resolve);
      try {
        port ??= open();
        port.postMessage({ type, payload: { ...payload, requestId } });
      } catch {
        // The extension was reloaded or removed: this page can no longer reach it.
        pending.delete(requestId);
        port = null;
        resolve(null);
      }
    });
  }

  return { request };
}
export type PortClient = ReturnType<typeof createPortClient>;
