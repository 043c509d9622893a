import { describe, expect, it, vi } from 'vitest';
import { createAbpPorts } from '../../background/abp/abp-ports';
import type { PortContext } from '../../background/abp/abp-ports';
import type { SidebarPort } from '../../background/sidebar-channel/port-hub';
import type { RouteOutcome } from '../../src/messaging/router';
import type { BackgroundToAbp } from '../../src/protocol/background-to-abp';

const ID = 'abcdefghijklmnop';
const ORIGIN = `chrome-extension://${ID}`;

function port(name: string, url: string, id = ID) {
  const listeners = { message: [] as ((m: unknown) => void)[], disconnect: [] as (() => void)[] };
  const posted: unknown[] = [];
  const p: SidebarPort = {
    name,
    sender: { id, url },
    postMessage: (m) => void posted.push(m),
    disconnect: vi.fn(),
    onMessage: { addListener: (l) => void listeners.message.push(l) },
    onDisconnect: { addListener: (l) => void listeners.disconnect.push(l) },
  };
  return {
    p,
    posted,
    send: (m: unknown) => listeners.message.forEach((l) => l(m)),
    close: () => listeners.disconnect.forEach((l) => l()),
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function setUp(route: (raw: unknown, ctx: PortContext) => Promise<RouteOutcome<BackgroundToAbp>>) {
  return createAbpPorts({
    extensionId: ID,
    extensionOrigin: ORIGIN,
    ready: Promise.resolve(),
    route,
    endRun: () => undefined,
  });
}

describe('the abp port', () => {
  it.each([
    ['another page of the extension', `${ORIGIN}/sidebar.html`, ID],
    ['another extension', `chrome-extension://other/abp-app.html`, 'other'],
    ['a web page', 'https://evil.test/abp-app.html', ID],
  ])('is refused to %s', (_who, url, id) => {
    const route = vi.fn();
    const { p } = port('abp', url, id);
    setUp(route).connect(p);
    expect(p.disconnect).toHaveBeenCalled();
  });

  it('leaves ports of other names alone', () => {
    const { p } = port('sidebar', `${ORIGIN}/sidebar.html`);
    setUp(vi.fn()).connect(p);
    expect(p.disconnect).not.toHaveBeenCalled();
  });

  it('routes abp-app.html calls and posts the reply; a refused message gets INVALID_PARAMS for its request', async () => {
    const route = vi.fn(async (raw: unknown): Promise<RouteOutcome<BackgroundToAbp>> =>
      (raw as { type: string }).type === 'ABP_CALL'
        ? {
            ok: true,
            value: { type: 'ABP_RESULT', payload: { requestId: 'r1', response: { success: true, data: {} } } },
          }
        : { ok: false, error: 'Unknown message type "HELLO".', inReplyTo: 'HELLO' },
    );
    const abp = port('abp', `${ORIGIN}/abp-app.html`);
    setUp(route).connect(abp.p);
    abp.send({ type: 'ABP_CALL', payload: { requestId: 'r1', capability: 'x.y' } });
    abp.send({ type: 'HELLO', payload: { requestId: 'r2' } });
    await settle();
    expect(abp.posted).toEqual([
      { type: 'ABP_RESULT', payload: { requestId: 'r1', response: { success: true, data: {} } } },
      {
        type: 'ABP_RESULT',
        payload: {
          requestId: 'r2',
          response: {
            success: false,
            error: { code: 'INVALID_PARAMS', message: 'Unknown message type "HELLO".', retryable: false },
          },
        },
      },
    ]);
  });

  it('aborts the calls of a page that goes away', async () => {
    let seen: AbortSignal | undefined;
    const abp = port('abp', `${ORIGIN}/abp-app.html`);
    setUp(async (_raw, ctx) => {
      seen = ctx.signal;
      return new Promise(() => {});
    }).connect(abp.p);
    abp.send({ type: 'ABP_CALL', payload: { requestId: 'r1', capability: 'page.act' } });
    await settle();
    expect(seen?.aborted).toBe(false);
    abp.close();
    expect(seen?.aborted).toBe(true);
  });
});
