import { existsSync, readFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import * as v from 'valibot';
import { BackgroundToAbp } from '../../src/protocol/background-to-abp';
import { MAX_HOST_MESSAGE_BYTES, TabResult, type TabRequest } from '../../src/protocol/native-bridge';
import { ToolError } from '../server/errors';
import { createFrameReader, encodeFrame } from '../native/framing';
import { socketPath, type AttachBrowser } from '../native/socket-path';
import { bosunIds, unreachableInWords, whyUnreachable } from './why-unreachable';

/** The most Bosun may send in one answer (a screenshot), as the host allows it. */
const MAX_ANSWER_BYTES = 64 * 1024 * 1024;

export const TURN_ON =
  'In the browser, open Bosun\'s Settings and turn on "Let AI agents on this computer use this browser" (run "npx bosun-bridge install" once first), then call again.';

const Accepted = v.object({
  type: v.literal('ACCEPTED'),
  sessionId: v.string(),
  agent: v.string(),
  browser: v.picklist(['chromium', 'firefox']),
  extensionOrigin: v.string(),
});
const FromHost = v.variant('type', [
  Accepted,
  v.object({ type: v.literal('ABP'), message: v.variant('type', Object.values(BackgroundToAbp)) }),
  v.object({ type: v.literal('TAB_RESULT'), requestId: v.string(), result: TabResult }),
  /** `browserPid`: the host's browser, when it closed the link without a word of why. */
  v.object({ type: v.literal('END'), reason: v.string(), browserPid: v.optional(v.pipe(v.number(), v.integer())) }),
  v.object({ type: v.literal('ERROR'), message: v.string() }),
]);
export type Accepted = v.InferOutput<typeof Accepted>;

/** A call's error that tells the client the link ended (so the end needs no telling again). */
export class LinkLost extends ToolError {}

/** Why no link is open, as plainly as this computer shows it. */
function unreachable(asked: AttachBrowser | undefined, env: NodeJS.ProcessEnv, packageRoot: string): ToolError {
  const { problem, nextStep } = unreachableInWords(whyUnreachable(asked, env, bosunIds(packageRoot)), TURN_ON);
  return new ToolError(problem, nextStep);
}

/** Whether process `pid` runs (a browser that exited may stay a zombie until it is reaped: that is not running). */
function runs(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return true;
  }
}

/**
 * Why the browser closed its link without a word, as far as can be seen now: it has exited, or it
 * runs on and Bosun went away (reloaded, updated, disabled, removed).
 */
const closedWithout = (browserPid: number) =>
  runs(browserPid)
    ? 'Bosun closed its link to the bridge while the browser kept running: Bosun was reloaded, updated, disabled or removed.'
    : 'The browser was closed.';

/** The sockets there are: the one asked for, or the one browser that has Bosun's link open. */
function pickSocket(asked: AttachBrowser | undefined, env: NodeJS.ProcessEnv, packageRoot: string): string {
  const candidates = (asked ? [asked] : (['chromium', 'firefox'] as const)).map((b) => socketPath(b, env));
  const open = process.platform === 'win32' ? candidates : candidates.filter((path) => existsSync(path));
  if (open.length === 0) throw unreachable(asked, env, packageRoot);
  if (open.length > 1)
    throw new ToolError(
      'Both Chromium and Firefox let agents use them.',
      'Start the bridge with --browser chromium or --browser firefox.',
    );
  return open[0]!;
}

/**
 * One attached client's connection to the native host (and through it to Bosun's background): the
 * requests waiting for answers, and the reason it ended, given to every one still waiting.
 */
export class HostLink {
  private readonly waiting = new Map<string, (answer: unknown) => void>();
  private counter = 0;
  private endedWith: string | null = null;
  /** The browser that closed the link without a word of why, asked about when the reason is told. */
  private closedBy: number | undefined;
  private readonly closeListeners: ((reason: () => string) => void)[] = [];

  private constructor(
    private readonly socket: Socket,
    readonly accepted: Accepted,
  ) {}

  /** Connects and introduces the client by its MCP name; Bosun answers with the session it opened for it. */
  static async open(
    name: string,
    asked: AttachBrowser | undefined,
    env: NodeJS.ProcessEnv,
    packageRoot: string,
  ): Promise<HostLink> {
    const path = pickSocket(asked, env, packageRoot);
    const socket = connect(path);
    let link: HostLink | null = null;
    const early: ((reason: string) => void)[] = [];
    return new Promise<HostLink>((resolve, reject) => {
      const fail = (reason: string) => reject(new ToolError(reason, TURN_ON));
      socket.once('error', (error) => {
        const code = (error as NodeJS.ErrnoException).code;
        // A socket nobody listens on is left by a host that stopped: as good as none.
        if (code === 'ECONNREFUSED' || code === 'ENOENT') reject(unreachable(asked, env, packageRoot));
        else fail(`Could not reach the browser's Bosun link at ${path} (${code}).`);
      });
      const feed = createFrameReader(
        MAX_ANSWER_BYTES,
        (raw) => {
          const parsed = v.safeParse(FromHost, raw);
          if (!parsed.success) return;
          const message = parsed.output;
          if (message.type === 'ACCEPTED' && !link) {
            link = new HostLink(socket, message);
            return resolve(link);
          }
          if (!link) {
            if (message.type === 'END' || message.type === 'ERROR')
              fail(message.type === 'END' ? message.reason : message.message);
            return;
          }
          link.receive(message);
        },
        () => {},
      );
      socket.on('data', feed);
      socket.on('close', () => {
        const reason = "The browser's Bosun link closed (the browser was closed, or Bosun was reloaded).";
        if (link) link.ended(reason);
        else for (const each of early) each(reason);
        fail(reason);
      });
      socket.write(encodeFrame({ type: 'HELLO', name: name.slice(0, 60) }));
    });
  }

  get closed(): boolean {
    return this.endedWith !== null;
  }

  /** Why the link ended (as far as can be seen now), or null while it is up. */
  get endReason(): string | null {
    if (this.endedWith === null) return null;
    return this.closedBy === undefined ? this.endedWith : closedWithout(this.closedBy);
  }

  onClose(listener: (reason: () => string) => void): void {
    this.closeListeners.push(listener);
  }

  private receive(message: v.InferOutput<typeof FromHost>): void {
    if (message.type === 'ABP' && message.message.payload.requestId !== null)
      this.settle(message.message.payload.requestId, message.message);
    else if (message.type === 'TAB_RESULT') this.settle(message.requestId, message.result);
    else if (message.type === 'END') this.ended(message.reason, message.browserPid);
  }

  private settle(id: string, answer: unknown): void {
    const resolve = this.waiting.get(id);
    this.waiting.delete(id);
    resolve?.(answer);
  }

  private ended(reason: string, browserPid?: number): void {
    if (this.endedWith !== null) return;
    this.endedWith = reason;
    this.closedBy = browserPid;
    this.socket.destroy();
    for (const resolve of this.waiting.values()) resolve(null);
    this.waiting.clear();
    for (const listener of this.closeListeners) listener(() => this.endReason ?? reason);
  }

  private send(message: Record<string, unknown>, id: string): Promise<unknown> {
    if (this.endedWith !== null) return Promise.resolve(null);
    const frame = encodeFrame(message);
    if (frame.length - 4 > MAX_HOST_MESSAGE_BYTES - 100)
      throw new ToolError('The request is too large for the browser link (1 MB).', 'Send less at once.');
    return new Promise((resolve) => {
      this.waiting.set(id, resolve);
      this.socket.write(frame);
    });
  }

  /** An ABP message to Bosun's background (as abp-app.html's port sends it); null when the link ended first. */
  async abp(type: string, payload: Record<string, unknown>): Promise<BackgroundToAbp | null> {
    const requestId = `a${++this.counter}`;
    return (await this.send(
      { type: 'ABP', message: { type, payload: { ...payload, requestId } } },
      requestId,
    )) as BackgroundToAbp | null;
  }

  /** One request about the client's tabs; its data, or a ToolError with Bosun's reason. */
  async tab(request: TabRequest): Promise<Record<string, unknown>> {
    const requestId = `t${++this.counter}`;
    const result = (await this.send({ type: 'TAB', requestId, request }, requestId)) as TabResult | null;
    if (result === null) throw this.lost();
    if (!result.ok) throw new ToolError(result.error, 'Check the tab (browser_tabs list), then call again.');
    return result.data;
  }

  /** States the client's task to Bosun, which checks its calls against it from now on. */
  async task(task: string): Promise<void> {
    const requestId = `t${++this.counter}`;
    const result = (await this.send({ type: 'TASK', requestId, task }, requestId)) as TabResult | null;
    if (result === null) throw this.lost();
    if (!result.ok) throw new ToolError(result.error, 'State the task in plain words (up to 4000 characters).');
  }

  /** The error a call gets once the link has ended. */
  lost(): LinkLost {
    return new LinkLost(
      `The attached browser is no longer reachable: ${this.endReason ?? 'the link closed'}`,
      'Call again to reconnect once the browser runs with the switch on.',
    );
  }

  close(): void {
    this.ended('The bridge closed the link.');
  }
}
