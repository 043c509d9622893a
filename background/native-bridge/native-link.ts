import * as v from 'valibot';
import { AbpError, fail, type AbpResponse } from '../../src/abp/response';
import { refuse, type Refusal } from '../../src/messaging/refusal';
import { describeIssues } from '../../src/messaging/router';
import { browser } from '../../src/platform/browser';
import type { Runtime } from '../../src/platform/browser';
import {
  ClientTask,
  HostToBackground,
  NATIVE_HOST_NAME,
  TabRequest,
  type BackgroundToHost,
  type TabResult,
} from '../../src/protocol/native-bridge';
import { abpReply, type AbpPortOptions } from '../abp/abp-ports';
import { createCallTracker } from '../abp/caller';
import type { ScopeHolder } from '../permissions/scope-check';
import type { TaskBoard } from '../agent/task-board';
import { AgentTabs, type SharedTab } from './agent-tabs';
import { confineToTabs } from './tab-address';

/** An attached MCP client as the sidebar lists it, with the person's tabs shared with it. */
export interface AgentClient {
  id: string;
  name: string;
  shared: SharedTab[];
}

export interface NativeLinkDeps extends Pick<AbpPortOptions, 'ready' | 'route'> {
  extensionOrigin: string;
  /** The gate forgets what a gone client's calls read. */
  endRun(runId: string): void;
  /** The connected clients changed. */
  announce(clients: AgentClient[]): void;
  /** A task's scope from its words, as a chat task's is made. */
  taskScope(words: string): ScopeHolder;
  /** Which task or caller holds which tab: a client holds the tabs it opened while it is connected. */
  tabs: Pick<TaskBoard, 'hold' | 'letGo'>;
}

/** How long an allowed navigation may wait to be made. */
const ALLOW_LIFETIME_MS = 120_000;
/** The host closed while the switch is on (it crashed, or was not installed): tried again this often. */
const RECONNECT_MS = 10_000;

interface Client extends Omit<AgentClient, 'shared'> {
  /** Who asks, in Bosun's questions and the Action Log. */
  agent: string;
  sessionId: string;
  runId: string;
  gone: AbortController;
  calls: ReturnType<typeof createCallTracker>;
  tabs: AgentTabs;
  /** Navigations Bosun's gate allowed this client, by URL, until used or stale. */
  allowedOpens: Map<string, number>;
  /** The task the client stated last, as its calls' scope; none until it states one. */
  scope?: ScopeHolder;
}

/** The operations whose allow lets the client's own tab go to the URL judged. */
const OPENING = new Set(['browser_navigate.open', 'browser_tabs.open']);

/**
 * The link to the bridge's native host, open while the person lets AI agents use this browser
 * (Settings). Each attached client gets an ABP session named for it, its own tabs, and its calls go
 * through the same router and gate as the ABP page's; turning the switch off ends every client.
 */
export class NativeLink {
  private port: Runtime.Port | null = null;
  private wanted = false;
  private retry: ReturnType<typeof setTimeout> | undefined;
  private readonly clientsById = new Map<string, Client>();
  private readonly browserName: 'chromium' | 'firefox';

  constructor(private readonly deps: NativeLinkDeps) {
    this.browserName = deps.extensionOrigin.startsWith('moz-extension:') ? 'firefox' : 'chromium';
    // A shared tab that closes ends its share.
    browser.tabs.onRemoved.addListener((tabId) => {
      const ended = [...this.clientsById.values()].filter((client) => client.tabs.unshare(tabId));
      if (ended.length > 0) this.deps.announce(this.clients());
    });
  }

  /** Follows the Settings switch: on opens the link, off ends every client and closes it. */
  apply(on: boolean): void {
    this.wanted = on;
    if (on) this.open();
    else this.close('The person turned off "Let AI agents on this computer use this browser" in Bosun\'s Settings.');
  }

  clients(): AgentClient[] {
    return [...this.clientsById.values()].map(({ id, name, tabs }) => ({ id, name, shared: tabs.sharedTabs() }));
  }

  /** The person's "Share this tab with the agent": the client may list and read their tab `tabId` until they stop. */
  async share(id: string, tabId: number): Promise<void | Refusal> {
    const client = this.clientsById.get(id);
    if (!client) return refuse('That agent is no longer connected.');
    const shared = await client.tabs.share(tabId).then(
      () => true,
      () => false,
    );
    if (!shared) return refuse('There is no open page to share.');
    this.deps.announce(this.clients());
  }

  /** The person's "Stop sharing": the client no longer lists or uses the tabs they shared with it. */
  stopSharing(id: string): void {
    if (this.clientsById.get(id)?.tabs.unshare()) this.deps.announce(this.clients());
  }

  /** The person's Disconnect in the sidebar. */
  disconnect(id: string): void {
    this.end(id, "The person disconnected this agent in Bosun's sidebar.");
  }

  private send(message: BackgroundToHost): void {
    try {
      this.port?.postMessage(message);
    } catch {
      // The host went away; its disconnect ends the clients.
    }
  }

  private forget(id: string): void {
    const client = this.clientsById.get(id);
    if (!client) return;
    this.clientsById.delete(id);
    client.gone.abort(new DOMException('The agent disconnected.', 'AbortError'));
    void client.tabs.release();
    this.deps.tabs.letGo(client.runId);
    this.deps.endRun(client.runId);
    this.deps.announce(this.clients());
  }

  private open(): void {
    clearTimeout(this.retry);
    if (this.port || !this.wanted) return;
    let opened: Runtime.Port;
    try {
      opened = browser.runtime.connectNative(NATIVE_HOST_NAME);
    } catch (error) {
      console.warn('Bosun: could not start the bridge host:', error);
      return;
    }
    this.port = opened;
    opened.onMessage.addListener((raw: unknown) => void this.receive(raw));
    opened.onDisconnect.addListener(() => {
      if (this.port !== opened) return;
      this.port = null;
      for (const id of [...this.clientsById.keys()]) this.forget(id);
      // The host is not installed, or it stopped: tried again while the switch stays on.
      if (this.wanted) this.retry = setTimeout(() => this.open(), RECONNECT_MS);
    });
  }

  private close(reason: string): void {
    clearTimeout(this.retry);
    for (const id of [...this.clientsById.keys()]) this.end(id, reason);
    const closing = this.port;
    this.port = null;
    closing?.disconnect();
  }

  private end(id: string, reason: string): void {
    if (!this.clientsById.has(id)) return;
    this.send({ type: 'END', client: id, reason });
    this.forget(id);
  }

  private async receive(raw: unknown): Promise<void> {
    const parsed = v.safeParse(HostToBackground, raw);
    // The host checks what it relays; anything else here is dropped, changing nothing.
    if (!parsed.success)
      return void console.warn(`Bosun: refused a message from the bridge host: ${describeIssues(parsed.issues)}`);
    const message = parsed.output;
    const client = this.clientsById.get(message.client);
    if (message.type === 'HELLO') this.hello(message.client, message.name);
    else if (message.type === 'CLOSED') this.forget(message.client);
    else if (client && message.type === 'ABP') await this.abp(client, message.message);
    else if (client && message.type === 'TAB') await this.tab(client, message.requestId, message.request);
    else if (client && message.type === 'TASK') this.task(client, message.requestId, message.task);
  }

  /** The client states its task: from now on its calls are checked against it, as a chat task's against the person's words. */
  private task(client: Client, requestId: string, raw: unknown): void {
    const parsed = v.safeParse(ClientTask, raw);
    let result: TabResult;
    if (!parsed.success) result = { ok: false, error: `Invalid task: ${describeIssues(parsed.issues)}` };
    else {
      client.scope = this.deps.taskScope(parsed.output);
      result = { ok: true, data: { task: parsed.output } };
    }
    this.send({ type: 'TAB_RESULT', client: client.id, requestId, result });
  }

  private hello(id: string, name: string): void {
    if (this.clientsById.has(id)) return;
    const sessionId = crypto.randomUUID();
    const agent = `${name} via MCP`;
    const allowedOpens = new Map<string, number>();
    const runId = `native:${id}:${sessionId}`;
    const caller = { id: runId, kind: 'attached-agent' as const };
    this.clientsById.set(id, {
      id,
      name,
      agent,
      sessionId,
      runId,
      gone: new AbortController(),
      calls: createCallTracker(),
      allowedOpens,
      tabs: new AgentTabs(
        (url) => {
          const at = allowedOpens.get(url);
          allowedOpens.delete(url);
          return at !== undefined && Date.now() - at < ALLOW_LIFETIME_MS;
        },
        // A tab it opened is new: no task works in it yet, and none may while the client is connected.
        {
          take: (tabId) => void this.deps.tabs.hold(caller, tabId),
          drop: (tabId) => this.deps.tabs.letGo(runId, tabId),
        },
      ),
    });
    const { extensionOrigin } = this.deps;
    this.send({ type: 'ACCEPTED', client: id, sessionId, agent, browser: this.browserName, extensionOrigin });
    this.deps.announce(this.clients());
  }

  private async abp(client: Client, raw: unknown): Promise<void> {
    const type = (raw as { type?: unknown } | null)?.type;
    let payload = (raw as { payload?: unknown } | null)?.payload;
    const requestId = (payload as { requestId?: unknown } | null)?.requestId;
    const refuse = (response: AbpResponse) =>
      this.send({
        type: 'ABP',
        client: client.id,
        message: {
          type: 'ABP_RESULT',
          payload: { requestId: typeof requestId === 'string' ? requestId : null, response },
        },
      });
    // Grants come from the person: an attached agent cannot grant itself anything.
    if (type === 'ABP_GRANT')
      return refuse(
        fail('PERMISSION_DENIED', 'An attached agent cannot grant itself access: the person grants it in Bosun.'),
      );
    if (type === 'ABP_CALL' && typeof payload === 'object' && payload !== null) {
      const call = payload as { capability?: unknown; params?: unknown };
      try {
        payload = { ...call, params: await confineToTabs(client.tabs, call.capability, call.params) };
      } catch (error) {
        return refuse(
          error instanceof AbpError ? fail(error.code, error.message) : fail('OPERATION_FAILED', String(error)),
        );
      }
    }
    // The session and the name are Bosun's, never the client's own word.
    const named =
      typeof payload === 'object' && payload !== null && type !== 'ABP_LIST_CAPABILITIES' && type !== 'ABP_CANCEL'
        ? { type, payload: { ...payload, sessionId: client.sessionId, agent: client.agent } }
        : raw;
    const ctx = {
      signal: client.gone.signal,
      calls: client.calls,
      runId: client.runId,
      caller: 'attached-agent' as const,
      ...(client.scope ? { scope: client.scope } : {}),
    };
    const reply = await abpReply(this.deps, named, ctx);
    if (client.gone.signal.aborted) return;
    if (type === 'ABP_AUTHORIZE' && reply.type === 'ABP_RESULT' && reply.payload.response.success) {
      const { operation, url } = (named as { payload: { operation: string; url: string } }).payload;
      if (OPENING.has(operation)) client.allowedOpens.set(url, Date.now());
    }
    this.send({ type: 'ABP', client: client.id, message: reply });
  }

  private async tab(client: Client, requestId: string, raw: unknown): Promise<void> {
    const parsed = v.safeParse(TabRequest, raw);
    let result: TabResult;
    if (!parsed.success) result = { ok: false, error: `Invalid tab request: ${describeIssues(parsed.issues)}` };
    else
      try {
        result = { ok: true, data: await client.tabs.handle(parsed.output) };
      } catch (error) {
        result = { ok: false, error: (error instanceof Error ? error.message : String(error)).slice(0, 2000) };
      }
    if (!client.gone.signal.aborted) this.send({ type: 'TAB_RESULT', client: client.id, requestId, result });
  }
}
