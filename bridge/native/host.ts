/**
 * Bosun's native messaging host (dist/bridge/host.mjs, named in the manifest `bosun-bridge install`
 * writes). The browser starts it when Bosun connects (the person turned on "Let AI agents on this
 * computer use this browser") and ends it by closing stdin when Bosun disconnects or the browser
 * closes. It relays, and only relays: each `bosun-bridge --connect` that opens its same-user socket is
 * one client, whose messages go to Bosun with the client's id, and Bosun's answers come back to it.
 * Bosun checks every message itself; here a message that is malformed, oversized or of a type no
 * client sends is refused, and changes nothing.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, unlinkSync } from 'node:fs';
import { chmod } from 'node:fs/promises';
import { connect, createServer, type Socket } from 'node:net';
import { CLIENT_MESSAGE_TYPES, MAX_HOST_MESSAGE_BYTES } from '../../src/protocol/native-bridge';
import { createFrameReader, encodeFrame } from './framing';
import { prepareSocketDir, socketPath, type AttachBrowser } from './socket-path';

/** What Bosun may send a client: the answers it relays; anything bigger is refused (a screenshot fits). */
const MAX_FROM_BROWSER_BYTES = 64 * 1024 * 1024;
const FROM_BROWSER = new Set(['ACCEPTED', 'ABP', 'TAB_RESULT', 'END']);

const log = (line: string) => void process.stderr.write(`bosun-bridge host: ${line}\n`);

/** The browser that started this host (the launcher execs it, so the browser is its parent): its clients are told it. */
const browserPid = process.ppid;
/** Set once the browser closed the link: clients' messages then go nowhere. */
let closing = false;

/** Chrome names the extension's origin among the arguments; Firefox gives the manifest's path and the add-on's id. */
const browser: AttachBrowser = process.argv.slice(2).some((arg) => arg.startsWith('chrome-extension://'))
  ? 'chromium'
  : 'firefox';
const path = socketPath(browser, process.env);
const clients = new Map<string, Socket>();

const toBrowser = (message: Record<string, unknown>) => void process.stdout.write(encodeFrame(message));
const toClient = (socket: Socket, message: Record<string, unknown>) => {
  if (!socket.destroyed) socket.write(encodeFrame(message));
};

function serve(socket: Socket): void {
  const client = randomUUID();
  let introduced = false;
  const refuse = (why: string) => toClient(socket, { type: 'ERROR', message: why });
  const feed = createFrameReader(
    MAX_HOST_MESSAGE_BYTES,
    (message) => {
      if (closing) return refuse("The browser's link is closing.");
      const { type } = message;
      if (!CLIENT_MESSAGE_TYPES.includes(type as (typeof CLIENT_MESSAGE_TYPES)[number]))
        return refuse(`Unknown message type ${String(JSON.stringify(type)).slice(0, 60)}.`);
      if ((type === 'HELLO') === introduced)
        return refuse(introduced ? 'HELLO comes once.' : 'Say HELLO with your name first.');
      const relayed = { ...message, client };
      // Chrome refuses a host's message over 1 MB: refused here, so the link stays up.
      if (encodeFrame(relayed).length - 4 > MAX_HOST_MESSAGE_BYTES) return refuse('The message is too large.');
      if (type === 'HELLO') {
        introduced = true;
        clients.set(client, socket);
      }
      toBrowser(relayed);
    },
    (fault, bytes) => refuse(`A message was refused (${fault}, ${bytes} bytes).`),
  );
  socket.on('data', feed);
  socket.on('error', () => {});
  socket.on('close', () => {
    if (clients.get(client) !== socket) return;
    clients.delete(client);
    toBrowser({ type: 'CLOSED', client });
  });
}

function fromBrowser(message: Record<string, unknown>): void {
  const { type, client } = message;
  if (typeof type !== 'string' || !FROM_BROWSER.has(type) || typeof client !== 'string')
    return log(`refused a message from the browser of type ${String(JSON.stringify(type)).slice(0, 60)}`);
  const socket = clients.get(client);
  if (!socket) return;
  const { client: _id, ...forClient } = message;
  toClient(socket, forClient);
  if (type === 'END') {
    clients.delete(client);
    socket.end();
  }
}

/** The browser closed the link (the switch turned off, Bosun reloaded, the browser closed): every client hears why. */
function shutDown(): void {
  if (closing) return;
  closing = true;
  // No new client: the socket goes at once, so a new bridge finds no link rather than a closing one.
  server.close();
  if (process.platform !== 'win32' && existsSync(path)) unlinkSync(path);
  // Whether the browser still runs is for the client to see when it next calls: a closing browser takes a moment to exit.
  for (const socket of clients.values()) {
    toClient(socket, { type: 'END', reason: 'The browser closed its link to the bridge.', browserPid });
    socket.end();
  }
  clients.clear();
  // What is still being written goes first.
  setTimeout(() => process.exit(0), 200).unref();
}

/** Another host of the same browser answering on the socket keeps it; a dead one's socket is removed. */
function claimSocket(): Promise<boolean> {
  if (process.platform === 'win32' || !existsSync(path)) return Promise.resolve(true);
  return new Promise((resolve) => {
    const probe = connect(path);
    probe.once('connect', () => {
      probe.destroy();
      resolve(false);
    });
    probe.once('error', () => {
      unlinkSync(path);
      resolve(true);
    });
  });
}

const server = createServer(serve);

async function main(): Promise<void> {
  prepareSocketDir(process.env);
  if (!(await claimSocket())) {
    log(`another ${browser} already serves agents at ${path}; this one stops`);
    process.exit(0);
  }
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    // Created closed to others: the directory is 0700, the socket 0600 from the first moment.
    const mask = process.umask(0o177);
    server.listen(path, () => {
      process.umask(mask);
      resolve();
    });
  });
  if (process.platform !== 'win32') await chmod(path, 0o600);
  process.stdin.on(
    'data',
    createFrameReader(MAX_FROM_BROWSER_BYTES, fromBrowser, (fault, bytes) =>
      log(`refused a message from the browser (${fault}, ${bytes} bytes)`),
    ),
  );
  // The browser's end of the pipe may be gone while a client's message is written to it: that is the close below.
  process.stdout.on('error', () => {});
  process.stdin.on('end', shutDown);
  process.on('SIGTERM', shutDown);
  log(`serving agents for ${browser} at ${path}`);
}

main().catch((error: unknown) => {
  log(`could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
