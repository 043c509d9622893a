import * as v from 'valibot';
import type { BridgeOperation } from '../../src/abp/bridge-operations';
import { AbpResponse, CapabilityInfo } from '../../src/abp/response';
import { describeIssues } from '../../src/messaging/router';
import { ToolError } from './errors';

/** The part of abp-app.html's `window.abp` the bridge uses. */
interface WindowAbp {
  initialize(params: unknown): Promise<unknown>;
  listCapabilities(): Promise<unknown>;
  call(capability: string, params: unknown, options?: unknown): Promise<unknown>;
  cancel(callId: string): Promise<unknown>;
  shutdown(): Promise<unknown>;
}
/** abp-app.html's channel for the bridge itself (see abp-app/bridge-channel.ts). */
interface BridgeChannel {
  authorize(request: unknown): Promise<unknown>;
  grant(request: unknown): Promise<unknown>;
  noteRead(request: unknown): Promise<unknown>;
}
type WithAbp = { abp: WindowAbp; bosunBridge: BridgeChannel };

/** Bosun's ABP page in a tab, as either engine's page object offers it. */
export interface AbpPage {
  evaluate<R, A>(fn: (arg: A) => R | Promise<R>, arg: A): Promise<R>;
  isClosed(): boolean;
}

/** One `--allow`: a site (host, host:port or URL) and the highest level allowed there. */
export interface SiteGrant {
  site: string;
  level: 'read-only' | 'navigate' | 'interact' | 'submit';
}

/** What the bridge's ABP session is opened with. */
export interface AbpSessionSettings {
  /** Who is asking, in Bosun's questions and Action Log (the MCP client's name once it is known). */
  agent: { name: string; version: string };
  /** The developer's --allow grants, made for the session as it opens. */
  allow: readonly SiteGrant[];
  /** The bridge's own tools those grants cover (Bosun's own tools are added by Bosun). */
  tools: readonly string[];
  log(line: string): void;
}

/** How one call waits for a permission question: the id cancel() names, and how long it may wait. */
export interface CallOptions {
  callId: string;
  questionTimeoutMs: number;
}

/** What the tools use of an ABP session: on Bosun's ABP page (AbpClient) or over the attached browser's link. */
export type AbpSession = Pick<
  AbpClient,
  'sessionId' | 'closed' | 'listCapabilities' | 'call' | 'authorize' | 'noteRead' | 'cancel' | 'shutdown'
>;

/** The most of one reading noted (the background's limit for ABP_NOTE_READ). */
export const MAX_NOTED_TEXT = 200_000;

const CapabilityList = v.array(CapabilityInfo);
const Session = v.object({ sessionId: v.string() });
const Granted = v.object({ success: v.literal(true), data: v.object({ granted: v.array(v.string()) }) });

/** What the page answered is checked like any other input before the bridge relies on it. */
export function checked<S extends v.GenericSchema>(schema: S, value: unknown, what: string): v.InferOutput<S> {
  const parsed = v.safeParse(schema, value);
  if (parsed.success) return parsed.output;
  throw new ToolError(
    `Bosun's ABP page answered ${what} in an unexpected shape: ${describeIssues(parsed.issues)}.`,
    'Rebuild Bosun (npm run build) so the bridge and the extension match.',
  );
}

/**
 * An agent's session on Bosun's ABP page (abp-app.html in a tab of the bridge's browser): the same
 * window.abp an agent in a page uses, so every call goes through Bosun's permission gate.
 */
export class AbpClient {
  private constructor(
    private readonly page: AbpPage,
    readonly sessionId: string,
    private readonly agent: string,
  ) {}

  /** `page` shows abp-app.html, loaded. The session opens with the developer's grants in place. */
  static async open(page: AbpPage, settings: AbpSessionSettings): Promise<AbpClient> {
    const opened = await page.evaluate(
      (who) =>
        (window as unknown as WithAbp).abp.initialize({
          agent: who,
          protocolVersion: '0.1',
          // The bridge takes no pushed notifications, progress or elicitation from the page: it polls.
          features: { notifications: false, progress: false, elicitation: false },
        }),
      { ...settings.agent },
    );
    if ((opened as { success?: unknown }).success === false)
      throw new ToolError(
        `Bosun's ABP page refused the session: ${JSON.stringify((opened as { error?: unknown }).error)}.`,
        'Rebuild Bosun (npm run build) so the bridge and the extension match.',
      );
    const { sessionId } = checked(Session, opened, 'initialize()');
    const client = new AbpClient(page, sessionId, settings.agent.name);
    if (settings.allow.length > 0) await client.grant(settings);
    return client;
  }

  private async grant(settings: AbpSessionSettings): Promise<void> {
    const answer = await this.page.evaluate((request) => (window as unknown as WithAbp).bosunBridge.grant(request), {
      sessionId: this.sessionId,
      access: [...settings.allow],
      tools: [...settings.tools],
    });
    const granted = v.safeParse(Granted, answer);
    if (!granted.success)
      throw new ToolError(
        `Bosun did not record the --allow grants: ${JSON.stringify(answer).slice(0, 500)}.`,
        'Check each --allow names a web site (such as example.com or 127.0.0.1:8080), then restart the bridge.',
      );
    const asked = settings.allow.map((a) => `${a.site}:${a.level}`).join(', ');
    settings.log(`allowed for this session: ${granted.output.data.granted.join(', ') || 'nothing'} (asked: ${asked})`);
  }

  get closed(): boolean {
    return this.page.isClosed();
  }

  async listCapabilities(): Promise<CapabilityInfo[]> {
    return checked(
      CapabilityList,
      await this.page.evaluate(() => (window as unknown as WithAbp).abp.listCapabilities(), undefined),
      'listCapabilities()',
    );
  }

  async call(capability: string, params: unknown, options: CallOptions): Promise<AbpResponse> {
    const answer = await this.page.evaluate(
      ({ capability, params, options }) => (window as unknown as WithAbp).abp.call(capability, params, options),
      { capability, params, options: { callId: options.callId, questionTimeout: options.questionTimeoutMs } },
    );
    return checked(AbpResponse, answer, capability);
  }

  /** The bridge's own tool asks before it acts: Bosun's policy decides, and may ask the person. */
  async authorize(
    request: { operation: BridgeOperation; url: string; summary: string },
    options: CallOptions,
  ): Promise<AbpResponse> {
    const answer = await this.page.evaluate(
      (payload) => (window as unknown as WithAbp).bosunBridge.authorize(payload),
      {
        ...request,
        sessionId: this.sessionId,
        agent: this.agent,
        callId: options.callId,
        questionTimeoutMs: options.questionTimeoutMs,
      },
    );
    return checked(AbpResponse, answer, `the permission check for ${request.operation}`);
  }

  /**
   * Tells Bosun what one of the bridge's own tools read on the page at `url` (cookies, storage, a
   * script's result), so its data-flow rule knows where that text came from. A note Bosun refuses
   * fails the call: the value is not handed on unnoted.
   */
  async noteRead(url: string, text: string, options: CallOptions): Promise<void> {
    if (!/^https?:/.test(url) || text === '') return;
    const answer = await this.page.evaluate((payload) => (window as unknown as WithAbp).bosunBridge.noteRead(payload), {
      url,
      text: text.slice(0, MAX_NOTED_TEXT),
      sessionId: this.sessionId,
      agent: this.agent,
      callId: options.callId,
      questionTimeoutMs: options.questionTimeoutMs,
    });
    const response = checked(AbpResponse, answer, 'the note of what was read');
    if (!response.success)
      throw new ToolError(
        `Bosun did not note what was read on ${url} (${response.error.message}); it is not handed on.`,
        'Call again; if it keeps failing, restart the bridge.',
      );
  }

  /** Withdraws a call's question: an answer given later finds nothing to run. */
  async cancel(callId: string): Promise<void> {
    await this.page.evaluate((id) => (window as unknown as WithAbp).abp.cancel(id), callId);
  }

  /** Ends the ABP session, as the spec asks of a client that is done. */
  async shutdown(): Promise<void> {
    await this.page.evaluate(() => (window as unknown as WithAbp).abp.shutdown(), undefined);
  }
}
