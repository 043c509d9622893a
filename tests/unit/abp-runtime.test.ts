import { describe, expect, it } from 'vitest';
import { createPortClient, type PortLike } from '../../abp-app/port-client';
import { createAbpRuntime } from '../../abp-app/runtime';
import { ok } from '../../src/abp/response';

/** A runtime port whose other end is the test: it sees what the page posts and answers or drops. */
function fakePort() {
  const listeners = { message: [] as ((m: unknown) => void)[], disconnect: [] as (() => void)[] };
  const posted: { type: string; payload: Record<string, unknown> }[] = [];
  const port: PortLike = {
    postMessage: (m) => void posted.push(m as (typeof posted)[number]),
    onMessage: { addListener: (l) => void listeners.message.push(l) },
    onDisconnect: { addListener: (l) => void listeners.disconnect.push(l) },
  };
  return {
    port,
    posted,
    reply: (message: unknown) => listeners.message.forEach((l) => l(message)),
    drop: () => listeners.disconnect.forEach((l) => l()),
  };
}

const CAPABILITIES = [
  {
    name: 'extension.getInfo',
    description: 'Get extension metadata',
    available: true,
    annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: false },
    inputSchema: { type: 'object' },
  },
];
const APP = { id: 'org.bosun-agent.bosun', name: 'Bosun', version: '0.1.0' };

/** A runtime over one fake port that answers capability lists, and echoes calls as success. */
function setUp() {
  const ports: ReturnType<typeof fakePort>[] = [];
  const client = createPortClient(() => {
    const next = fakePort();
    ports.push(next);
    return next.port;
  });
  const abp = createAbpRuntime(client, APP, () => 'session-1');
  const answer = () => {
    const port = ports.at(-1);
    const last = port?.posted.at(-1);
    if (!port || !last) throw new Error('nothing was sent');
    const requestId = last.payload.requestId;
    port.reply(
      last.type === 'ABP_LIST_CAPABILITIES'
        ? { type: 'ABP_CAPABILITIES', payload: { requestId, capabilities: CAPABILITIES } }
        : { type: 'ABP_RESULT', payload: { requestId, response: ok({ echo: last.payload }) } },
    );
  };
  return { abp, ports, answer };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('window.abp', () => {
  it('has the identity of the spec before anything is sent', () => {
    const { abp, ports } = setUp();
    expect([abp.protocolVersion, abp.app, abp.initialized, abp.sessionId]).toEqual(['0.1', APP, false, null]);
    expect(ports).toEqual([]);
    expect(Object.isFrozen(abp)).toBe(true);
  });

  it('answers NOT_INITIALIZED without reaching the background', async () => {
    const { abp, ports } = setUp();
    expect(await abp.call('extension.getInfo')).toEqual({
      success: false,
      error: { code: 'NOT_INITIALIZED', message: 'Call initialize() before call().', retryable: true },
    });
    expect(ports).toEqual([]);
  });

  it('initializes with the capability names and availability, then forwards calls as JSON', async () => {
    const { abp, ports, answer } = setUp();
    const session = abp.initialize({ agent: { name: 'test' } });
    await settle();
    answer();
    expect(await session).toEqual({
      sessionId: 'session-1',
      protocolVersion: '0.1',
      app: APP,
      capabilities: [{ name: 'extension.getInfo', available: true }],
      features: { notifications: false, progress: false, elicitation: false, dynamicCapabilities: false },
    });
    expect([abp.initialized, abp.sessionId]).toEqual([true, 'session-1']);

    const result = abp.call('storage.pages.search', { query: 'x', when: new Date(0), skip: undefined });
    await settle();
    answer();
    expect(await result).toEqual({
      success: true,
      data: {
        echo: {
          capability: 'storage.pages.search',
          params: { query: 'x', when: '1970-01-01T00:00:00.000Z' },
          requestId: 'r2',
          sessionId: 'session-1',
          agent: 'test',
        },
      },
    });
    expect(ports).toHaveLength(1);
  });

  it('refuses bad initialize params, a capability that is not a name, and params JSON cannot carry', async () => {
    const { abp, answer } = setUp();
    expect(await abp.initialize({ agent: 'me' })).toEqual({
      success: false,
      error: { code: 'INVALID_PARAMS', message: expect.stringMatching(/^initialize: agent: /), retryable: false },
    });
    expect(await abp.initialize({ protocolVersion: '0.2' })).toMatchObject({
      success: false,
      error: {
        code: 'INVALID_PARAMS',
        message: expect.stringMatching(/^protocolVersion: Bosun speaks ABP 0\.1, not 0\.2/),
      },
    });
    expect(abp.initialized).toBe(false);
    const session = abp.initialize();
    await settle();
    answer();
    await session;
    expect(await abp.call(7 as unknown as string)).toMatchObject({ success: false, error: { code: 'INVALID_PARAMS' } });
    expect(await abp.call('x.y', { big: 1n })).toMatchObject({
      success: false,
      error: { code: 'INVALID_PARAMS', message: expect.stringMatching(/^params: must be JSON data/) },
    });
  });

  it('answers a call cut off by a stopped background with a retryable OPERATION_FAILED, then reconnects', async () => {
    const { abp, ports, answer } = setUp();
    const session = abp.initialize();
    await settle();
    answer();
    await session;
    const cutOff = abp.call('extension.getInfo');
    await settle();
    ports[0]?.drop();
    expect(await cutOff).toMatchObject({ success: false, error: { code: 'OPERATION_FAILED', retryable: true } });
    const next = abp.call('extension.getInfo');
    await settle();
    answer();
    expect(await next).toMatchObject({ success: true });
    expect(ports).toHaveLength(2);
  });

  it('answers a second initialize with ALREADY_INITIALIZED and keeps the session; after shutdown a new one opens', async () => {
    const { abp, answer } = setUp();
    const first = abp.initialize({ protocolVersion: '0.1' });
    await settle();
    answer();
    await first;
    expect(await abp.initialize({ protocolVersion: '0.1' })).toMatchObject({
      success: false,
      error: { code: 'ALREADY_INITIALIZED', retryable: false },
    });
    expect(abp.sessionId).toBe('session-1');
    await abp.shutdown();
    const again = abp.initialize();
    await settle();
    answer();
    expect(await again).toMatchObject({ sessionId: 'session-1' });
  });

  it('sends a call id and question time with a call, cancels by id, and refuses malformed options', async () => {
    const { abp, ports, answer } = setUp();
    const session = abp.initialize();
    await settle();
    answer();
    await session;
    const result = abp.call('page.act', {}, { callId: 'c1', questionTimeout: 0 });
    await settle();
    expect(ports[0]?.posted.at(-1)).toEqual({
      type: 'ABP_CALL',
      payload: {
        capability: 'page.act',
        params: {},
        sessionId: 'session-1',
        callId: 'c1',
        questionTimeoutMs: 0,
        requestId: 'r2',
      },
    });
    answer();
    await result;
    const cancelled = abp.cancel('c1');
    await settle();
    expect(ports[0]?.posted.at(-1)).toEqual({ type: 'ABP_CANCEL', payload: { callId: 'c1', requestId: 'r3' } });
    ports[0]?.reply({
      type: 'ABP_RESULT',
      payload: { requestId: 'r3', response: ok({ callId: 'c1', cancelled: true }) },
    });
    expect(await cancelled).toEqual({ callId: 'c1', cancelled: true });
    expect(await abp.call('page.act', {}, { questionTimeout: -1 })).toMatchObject({
      success: false,
      error: { code: 'INVALID_PARAMS', message: expect.stringMatching(/^options: questionTimeout/) },
    });
  });

  it('shutdown ends the session', async () => {
    const { abp, answer } = setUp();
    const session = abp.initialize();
    await settle();
    answer();
    await session;
    expect(await abp.shutdown()).toEqual({ success: true, data: {} });
    expect([abp.initialized, abp.sessionId]).toEqual([false, null]);
  });
});

describe('the page port client', () => {
  it('pairs replies with requests by id, whatever their order, and ignores malformed ones', async () => {
    const port = fakePort();
    const client = createPortClient(() => port.port);
    const first = client.request('ABP_CALL', { capability: 'a.b', params: {} });
    const second = client.request('ABP_CALL', { capability: 'c.d', params: {} });
    port.reply({ type: 'ABP_RESULT', payload: { requestId: 'r2', response: ok({ n: 2 }) } });
    port.reply({ type: 'ABP_RESULT', payload: { requestId: 'r1', response: { success: 'yes' } } });
    port.reply({ type: 'ABP_RESULT', payload: { requestId: 'r1', response: ok({ n: 1 }) } });
    expect(await second).toMatchObject({ payload: { response: { data: { n: 2 } } } });
    expect(await first).toMatchObject({ payload: { response: { data: { n: 1 } } } });
  });

  it('resolves null when the extension cannot be reached at all', async () => {
    const client = createPortClient(() => {
      throw new Error('Extension context invalidated.');
    });
    expect(await client.request('ABP_LIST_CAPABILITIES', {})).toBeNull();
  });
});
