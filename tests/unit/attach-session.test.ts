// The attached client's session over a real unix socket, with a host that answers as Bosun's would:
// an end that cuts a call short is told by that call, and the next call connects anew.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AttachSession } from '../../bridge/attach/attach-session';
import { createFrameReader, encodeFrame } from '../../bridge/native/framing';
import { prepareSocketDir, socketPath } from '../../bridge/native/socket-path';

const ACCEPTED = {
  type: 'ACCEPTED',
  sessionId: 's1',
  agent: 'Test Agent via MCP',
  browser: 'chromium',
  extensionOrigin: 'chrome-extension://abcdefghijklmnopabcdefghijklmnop/',
};

/** A host on the socket: each HELLO is accepted; the first tab request is cut by the person's Disconnect. */
function startHost(env: NodeJS.ProcessEnv): { server: Server; hellos: number } {
  const state = { server: createServer(), hellos: 0, cut: false };
  state.server.on('connection', (socket: Socket) => {
    socket.on(
      'data',
      createFrameReader(
        1024 * 1024,
        (raw) => {
          const message = raw as { type: string; requestId?: string };
          if (message.type === 'HELLO') {
            state.hellos += 1;
            socket.write(encodeFrame(ACCEPTED));
          } else if (message.type === 'TAB' && !state.cut) {
            state.cut = true;
            socket.write(encodeFrame({ type: 'END', reason: 'The person disconnected this agent.' }));
          } else if (message.type === 'TAB')
            socket.write(
              encodeFrame({ type: 'TAB_RESULT', requestId: message.requestId, result: { ok: true, data: {} } }),
            );
        },
        () => {},
      ),
    );
  });
  prepareSocketDir(env);
  state.server.listen(socketPath('chromium', env));
  return state;
}

describe('an attached session', () => {
  let home = '';
  let server: Server | undefined;
  afterEach(() => {
    server?.close();
    rmSync(home, { recursive: true, force: true });
  });

  it('a call the end cuts short tells why; the next call connects anew instead of telling it again', async () => {
    home = mkdtempSync(join(tmpdir(), 'bosun-attach-'));
    const env = { HOME: home };
    const host = startHost(env);
    server = host.server;
    await new Promise((resolve) => server!.once('listening', resolve));
    const session = new AttachSession(
      { name: () => 'Test Agent', browser: 'chromium', env, packageRoot: process.cwd() },
      () => {},
    );
    const call = () => session.use((browser) => browser.link.tab({ op: 'current' }));
    await expect(call()).rejects.toThrow(/no longer reachable: The person disconnected this agent/);
    await expect(call()).resolves.toEqual({});
    expect(host.hellos).toBe(2);
  });
});
