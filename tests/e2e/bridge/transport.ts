// How the bridge talks to its browser: no port open to others.
import { expect, it } from 'vitest';
import { browserPid, commandLine, listeningSockets, processTree } from '../support/bridge';
import type { BridgeEnv } from './env';

export function transport(env: BridgeEnv): void {
  it.runIf(env.chromium)('opens no TCP port: Chromium is driven over a pipe', async () => {
    const browser = browserPid(env.bridge.pid);
    expect(browser).toBeDefined();
    const args = commandLine(browser!);
    expect(args).toContain('--remote-debugging-pipe');
    expect(args.filter((a) => a.startsWith('--remote-debugging-port'))).toEqual([]);
    const tree = processTree(env.bridge.pid);
    expect(tree.length).toBeGreaterThan(2);
    expect(listeningSockets(tree)).toEqual([]);
  });

  it.runIf(!env.chromium)('Firefox listens for WebDriver BiDi on the loopback interface only', async () => {
    const browser = browserPid(env.bridge.pid);
    expect(browser).toBeDefined();
    expect(commandLine(browser!)).toContain('--remote-debugging-port=0');
    const sockets = listeningSockets(processTree(env.bridge.pid));
    expect(sockets.length).toBeGreaterThan(0);
    // 0100007F is 127.0.0.1 in /proc/net/tcp; ::1 in tcp6.
    for (const socket of sockets) expect(socket).toMatch(/ (0100007F|0{24}01000000):[0-9A-F]{4}$/);
  });
}
