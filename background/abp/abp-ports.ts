import { fail } from '../../src/abp/response';
import type { RouteOutcome } from '../../src/messaging/router';
import { classifySender } from '../../src/messaging/sender';
import type { BackgroundToAbp } from '../../src/protocol/background-to-abp';
// The same subset of `runtime.Port` as the sidebar's.
import type { SidebarPort as RuntimePort } from '../sidebar-channel/port-hub';
import { createCallTracker, type CallTracker } from './caller';
import type { ScopeHolder } from '../permissions/scope-check';
import type { CallerKind } from '../agent/task-board';

/** The page that carries `window.abp`; no other page may open the channel. */
export const ABP_PAGE = 'abp-app.html';

export interface AbpPortOptions {
  extensionId: string;
  extensionOrigin: string;
  /** Resolves when stored state is loaded; nothing is answered before. */
  ready: Promise<void>;
  route(raw: unknown, ctx: PortContext): Promise<RouteOutcome<BackgroundToAbp>>;
  /** The page went away: what its calls outside a session read is forgotten (the gate's endRun). */
  endRun(runId: string): void;
}

/** What a message on one `abp` port is served with: the port's lifetime, and its calls that can be cancelled. */
export interface PortContext {
  signal: AbortSignal;
  calls: CallTracker;
  /**
   * The page connection's run: its calls made outside an ABP session belong to it, and the
   * data-flow rule keeps what all its calls read there, whatever their session, so what one call
   * reads on a site is what the next call's sending is checked against.
   */
  runId: string;
  /** The task the caller stated, where it stated one (an attached client): its calls' scope. */
  scope?: ScopeHolder;
  /** What the connection is: the ABP page's client, or an attached agent's native link. */
  caller: CallerKind;
}

const requestIdOf = (raw: unknown): string | null => {
  const id = (raw as { payload?: { requestId?: unknown } } | null)?.payload?.requestId;
  return typeof id === 'string' ? id : null;
};

/**
 * Serves `abp` ports: request/response over a runtime port, which works with Chrome's service
 * worker and Firefox's event page alike. Every reply goes back as an ABP envelope, so a call
 * never waits forever. When the page goes away its calls are aborted.
 */
export function createAbpPorts(options: AbpPortOptions) {
  function connect(port: RuntimePort): void {
    if (port.name !== 'abp') return;
    const sender = port.sender ?? {};
    const fromAbpPage = sender.url?.split(/[?#]/)[0] === `${options.extensionOrigin}/${ABP_PAGE}`;
    if (classifySender(sender, options.extensionId, options.extensionOrigin) !== 'extension-page' || !fromAbpPage) {
      port.disconnect();
      return;
    }
    const gone = new AbortController();
    const runId = `abp-page:${crypto.randomUUID()}`;
    port.onDisconnect.addListener(() => {
      gone.abort(new DOMException('The ABP page was closed.', 'AbortError'));
      options.endRun(runId);
    });
    const calls = createCallTracker();
    port.onMessage.addListener(
      (raw) => void handle(port, raw, { signal: gone.signal, calls, runId, caller: 'abp-client' }),
    );
  }

  async function handle(port: RuntimePort, raw: unknown, ctx: PortContext): Promise<void> {
    const reply = await abpReply(options, raw, ctx);
    if (ctx.signal.aborted) return;
    try {
      port.postMessage(reply);
    } catch {
      // The page closed while the call ran; nobody is waiting for the answer.
    }
  }

  return { connect };
}

/**
 * The answer to one message on an ABP channel (the page's port, or an attached agent's native
 * link): always an ABP envelope, so a call never waits forever.
 */
export async function abpReply(
  options: Pick<AbpPortOptions, 'ready' | 'route'>,
  raw: unknown,
  ctx: PortContext,
): Promise<BackgroundToAbp> {
  try {
    await options.ready;
    const outcome = await options.route(raw, ctx);
    // The sender sent something the channel refuses (its own bug, or a capability name too long to be one).
    return outcome.ok
      ? outcome.value
      : {
          type: 'ABP_RESULT',
          payload: { requestId: requestIdOf(raw), response: fail('INVALID_PARAMS', outcome.error) },
        };
  } catch (error) {
    return {
      type: 'ABP_RESULT',
      payload: {
        requestId: requestIdOf(raw),
        response: fail('OPERATION_FAILED', `Bosun could not do that: ${String(error)}`),
      },
    };
  }
}
