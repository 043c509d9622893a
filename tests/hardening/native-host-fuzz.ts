// The native messaging host (bridge/native/host.ts), as the browser and the clients meet it: its real
// program, bundled from source, with stdin/stdout as the browser's pipe and its same-user socket. Frames
// from a client that has not introduced itself, and from the "browser" for nobody or of no known type,
// are malformed, oversized, mutated or junk: each is refused (the client hears why, in time), none
// reaches the other side, the host never exits, and a well-behaved client's round trip still works.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as esbuild from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFrameReader, encodeFrame } from '../../bridge/native/framing';
import { mutate, oddValue } from './message-mutations';
import { FUZZ_SEED, seededRandom, type Random } from './seeded-random';

type Json = Parameters<typeof mutate>[0];

const CHROME_ORIGIN = 'chrome-extension://abcdefghijklmnopabcdefghijklmnop/';

/** Collects the frames one side receives. */
function collector() {
  const frames: Record<string, unknown>[] = [];
  const feed = createFrameReader(
    128 * 1024 * 1024,
    (m) => frames.push(m),
    () => frames.push({ fault: true }),
  );
  return { frames, feed };
}

async function until(check: () => boolean, what: string, ms = 5_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** A frame a client or the browser might send by mistake or malice: raw bytes. */
function junkFrame(random: Random, valid: Json): Buffer {
  const roll = random.int(8);
  if (roll === 0) {
    // A length over Chrome's 1 MB, with its bytes: passed over, not kept.
    const body = Buffer.alloc(1024 * 1024 + 1 + random.int(1000), 0x20);
    const head = Buffer.alloc(4);
    head.writeUInt32LE(body.length);
    return Buffer.concat([head, body]);
  }
  if (roll === 1) {
    const body = Buffer.from(`{"type":"ABP",${'x'.repeat(random.int(50))}`);
    const head = Buffer.alloc(4);
    head.writeUInt32LE(body.length);
    return Buffer.concat([head, body]);
  }
  if (roll === 2) return encodeFrame(random.pick([[], 'text', 42, null, true, [{ type: 'HELLO' }]]));
  if (roll === 3) return encodeFrame(oddValue(random));
  let message: Json = structuredClone(valid);
  for (let i = 0, n = 1 + random.int(3); i < n; i++) message = mutate(message, random);
  return encodeFrame(message ?? null);
}

export function defineNativeHostFuzz(count: number): void {
  describe(
    `the native messaging host refuses ${count} malformed, oversized and unknown messages`,
    { timeout: 600_000 },
    () => {
      let dir: string;
      let home: string;
      let host: ChildProcessWithoutNullStreams;
      const toBrowser = collector();
      let hostLog = '';

      beforeAll(async () => {
        dir = await mkdtemp(join(tmpdir(), 'bb-fuzz-'));
        home = join(dir, 'h');
        // The host's program as install runs it, built from its source.
        await esbuild.build({
          entryPoints: [join(import.meta.dirname, '../../bridge/native/host.ts')],
          outfile: join(dir, 'host.mjs'),
          bundle: true,
          platform: 'node',
          format: 'esm',
          logLevel: 'warning',
        });
        host = spawn(process.execPath, [join(dir, 'host.mjs'), CHROME_ORIGIN], {
          env: { ...process.env, HOME: home },
        });
        host.stdout.on('data', toBrowser.feed);
        host.stderr.on('data', (chunk: Buffer) => (hostLog += chunk.toString()));
        await until(() => existsSync(join(home, '.bosun-bridge', 'chromium.sock')), 'the host socket', 15_000);
      });
      afterAll(async () => {
        host?.stdin.end();
        await rm(dir, { recursive: true, force: true });
      });

      const open = async () => {
        const socket: Socket = connect(join(home, '.bosun-bridge', 'chromium.sock'));
        await new Promise((resolve) => socket.once('connect', resolve));
        const received = collector();
        socket.on('data', received.feed);
        return { socket, received };
      };

      it('0 crashes, 0 hangs, nothing relayed, and a well-behaved client still works', async () => {
        const random = seededRandom(FUZZ_SEED);
        // The well-behaved client: its HELLO reaches the browser with the id the host gave it.
        const good = await open();
        good.socket.write(encodeFrame({ type: 'HELLO', name: 'Good Agent' }));
        await until(() => toBrowser.frames.length === 1, 'the HELLO relayed');
        const client = toBrowser.frames[0]!.client as string;
        expect(toBrowser.frames[0]).toEqual({ type: 'HELLO', name: 'Good Agent', client });

        const fuzzer = await open();
        const validFromClient: Json = { type: 'ABP', message: { type: 'ABP_CALL', payload: { requestId: 'r1' } } };
        // Every type a client sends is a base to mutate: its ABP calls, its tab requests, its stated task.
        const clientMessages: Json[] = [
          validFromClient,
          { type: 'TAB', requestId: 't1', request: { op: 'list' } },
          { type: 'TASK', requestId: 't2', task: 'Tell me the price of the shoes' },
        ];
        const validFromBrowser: Json = { type: 'ABP', client, message: { type: 'ABP_RESULT', payload: {} } };
        let refusedAnswers = 0;
        let slowest = 0;
        for (let i = 0; i < count; i++) {
          // A client that never said HELLO: whatever it sends is refused with an ERROR, never relayed.
          const before = fuzzer.received.frames.length;
          const started = Date.now();
          const frame = junkFrame(random, random.pick(clientMessages));
          fuzzer.socket.write(frame);
          await until(
            () => fuzzer.received.frames.length > before,
            `an answer to case ${i} (${frame.length} bytes: ${frame.subarray(4, 200).toString()})`,
          );
          slowest = Math.max(slowest, Date.now() - started);
          const answer = fuzzer.received.frames.at(-1)!;
          expect(answer.type).toBe('ERROR');
          refusedAnswers += 1;
          // The browser's side: what is for no client, or of no type the host relays to clients, goes nowhere.
          const fromBrowser = random.chance(0.5)
            ? junkFrame(random, { ...(validFromBrowser as object), client: `not-${client}` })
            : encodeFrame({ ...(validFromBrowser as object), type: random.pick(['HELLO', 'CLOSED', 'TAB', 'x', '']) });
          host.stdin.write(fromBrowser);
        }
        // Only the one HELLO ever reached the browser; nothing reached the good client.
        expect(toBrowser.frames).toHaveLength(1);
        expect(good.received.frames).toEqual([]);
        expect(host.exitCode).toBeNull();

        // The round trip still works, both ways.
        good.socket.write(encodeFrame(validFromClient));
        await until(() => toBrowser.frames.length === 2, 'the good client relayed');
        expect(toBrowser.frames[1]).toEqual({ ...(validFromClient as object), client });
        host.stdin.write(encodeFrame(validFromBrowser));
        await until(() => good.received.frames.length === 1, 'the answer to the good client');
        expect(good.received.frames[0]).toEqual({ type: 'ABP', message: { type: 'ABP_RESULT', payload: {} } });

        // An introduced client's task too large for the browser's pipe is refused, and nothing reaches the browser.
        const relayedBefore = toBrowser.frames.length;
        good.socket.write(encodeFrame({ type: 'TASK', requestId: 't3', task: 'x'.repeat(1024 * 1024) }));
        await until(() => good.received.frames.length === 2, 'the refusal of the oversized task');
        expect(good.received.frames[1]).toMatchObject({ type: 'ERROR' });
        // Its well-formed task goes on, named for it.
        good.socket.write(encodeFrame({ type: 'TASK', requestId: 't4', task: 'Compare the prices' }));
        await until(() => toBrowser.frames.length === relayedBefore + 1, 'the task relayed');
        expect(toBrowser.frames.at(-1)).toEqual({ type: 'TASK', requestId: 't4', task: 'Compare the prices', client });

        // Closing a client tells the browser; the host stays up for the others.
        fuzzer.socket.destroy();
        good.socket.destroy();
        await until(() => toBrowser.frames.some((f) => f.type === 'CLOSED'), 'the close relayed');
        expect(toBrowser.frames.filter((f) => f.type === 'CLOSED')).toEqual([{ type: 'CLOSED', client }]);
        expect(host.exitCode).toBeNull();
        console.log(
          `native host fuzz: ${count} client cases and ${count} browser cases, ${refusedAnswers} refused with an answer, slowest ${slowest} ms, 0 crashes, 0 relayed (seed ${FUZZ_SEED})`,
        );
        expect(hostLog).not.toMatch(/could not start|Error/);
      });
    },
  );
}
