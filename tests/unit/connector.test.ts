import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createConnector, type PortLike } from '../../sidebar/connector';

/** A port double: the connector is pure logic over this interface; real ports are exercised end to end. */
class FakePort implements PortLike {
  posted: unknown[] = [];
  dead = false;
  private messageListeners: ((m: unknown) => void)[] = [];
  private disconnectListeners: (() => void)[] = [];
  postMessage(message: unknown) {
    if (this.dead) throw new Error('Attempting to use a disconnected port object');
    this.posted.push(message);
  }
  onMessage = { addListener: (l: (m: unknown) => void) => void this.messageListeners.push(l) };
  onDisconnect = { addListener: (l: () => void) => void this.disconnectListeners.push(l) };
  receive(message: unknown) {
    this.messageListeners.forEach((l) => l(message));
  }
  drop() {
    this.dead = true;
    this.disconnectListeners.forEach((l) => l());
  }
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function setup() {
  const ports: FakePort[] = [];
  const received: unknown[] = [];
  const statuses: string[] = [];
  const connector = createConnector({
    connect: () => {
      const port = new FakePort();
      ports.push(port);
      return port;
    },
    onMessage: (m) => received.push(m),
    onStatus: (s) => statuses.push(s),
    retryDelaysMs: [10, 100],
  });
  return { connector, ports, received, statuses };
}

describe('sidebar connector', () => {
  it('passes on valid messages and drops malformed ones', () => {
    const { ports, received, statuses } = setup();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    ports[0]?.receive({ type: 'SETTINGS', payload: null });
    ports[0]?.receive({ type: 'SETTINGS', payload: { provider: 'evil' } });
    ports[0]?.receive({ type: 'NOT_A_TYPE' });
    ports[0]?.receive('junk');
    expect(received).toEqual([{ type: 'SETTINGS', payload: null }]);
    expect(statuses).toEqual(['connecting', 'connected']);
  });

  it('reconnects when the port drops, backing off', () => {
    const { ports, statuses } = setup();
    ports[0]?.drop();
    expect(statuses.at(-1)).toBe('reconnecting');
    vi.advanceTimersByTime(10);
    expect(ports).toHaveLength(2);
    ports[1]?.drop();
    vi.advanceTimersByTime(99);
    expect(ports).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(ports).toHaveLength(3);
    ports[2]?.receive({ type: 'SETTINGS', payload: null });
    expect(statuses.at(-1)).toBe('connected');
  });

  it('keeps what is sent while disconnected and delivers it on the new port, in order', () => {
    const { connector, ports } = setup();
    ports[0]?.drop();
    connector.send({ type: 'CHAT_MESSAGE', payload: { content: 'one' } });
    connector.send({ type: 'GET_SETTINGS' });
    vi.advanceTimersByTime(10);
    expect(ports[1]?.posted).toEqual([{ type: 'CHAT_MESSAGE', payload: { content: 'one' } }, { type: 'GET_SETTINGS' }]);
  });

  it('says so when the extension can no longer be reached', () => {
    const statuses: string[] = [];
    createConnector({
      connect: () => {
        throw new Error('Extension context invalidated.');
      },
      onMessage: () => undefined,
      onStatus: (s) => statuses.push(s),
    });
    expect(statuses).toEqual(['connecting', 'lost']);
  });
});
