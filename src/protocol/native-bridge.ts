import * as v from 'valibot';
import { nonEmptyText, text } from './envelope';

/**
 * The native messaging link between Bosun's background and the bridge's host (bridge/native/host.ts),
 * which relays each attached MCP client (`bosun-bridge --connect`) over a same-user local socket.
 * Every message names the client it concerns: the host gives each socket connection its own id.
 */

/** The native host's name, as its manifest and runtime.connectNative() name it. */
export const NATIVE_HOST_NAME = 'org.bosun_agent.bridge';

/** Chrome refuses a message from a host larger than 1 MB; the host and the client keep under it. */
export const MAX_HOST_MESSAGE_BYTES = 1024 * 1024;

const ClientId = nonEmptyText(40);
const RequestId = nonEmptyText(100);
const TabId = v.pipe(v.number(), v.integer(), v.minValue(0));
const WebUrl = v.pipe(
  v.string(),
  v.maxLength(8192),
  v.check((u) => URL.canParse(u) && /^https?:$/.test(new URL(u).protocol), 'must be an http(s) URL'),
);

/** What an attached client may do with the tabs it opened (its own window), each answered by TAB_RESULT. */
export const TabRequest = v.variant('op', [
  /** The client's working tab (a new one in its own window if it has none). */
  v.strictObject({ op: v.literal('current') }),
  /** A new tab in the client's window, which becomes its working tab; a URL needs the person's allow first. */
  v.strictObject({ op: v.literal('open'), url: v.optional(WebUrl) }),
  v.strictObject({ op: v.literal('navigate'), tabId: TabId, url: WebUrl }),
  v.strictObject({ op: v.literal('list') }),
  v.strictObject({ op: v.literal('select'), tabId: TabId }),
  v.strictObject({ op: v.literal('close'), tabId: TabId }),
  v.strictObject({ op: v.literal('screenshot'), tabId: TabId }),
]);
export type TabRequest = v.InferOutput<typeof TabRequest>;

/** One of the client's tabs as the bridge sees it. */
export const AgentTab = v.strictObject({
  tabId: TabId,
  url: v.string(),
  title: v.string(),
  current: v.boolean(),
});
export type AgentTab = v.InferOutput<typeof AgentTab>;

/** From the host to the background. `message` of ABP is checked against the `abp` channel's own table. */
export const HostToBackground = v.variant('type', [
  /** A client connected and introduced itself by its MCP clientInfo.name. */
  v.strictObject({ type: v.literal('HELLO'), client: ClientId, name: nonEmptyText(60) }),
  /** The client's socket closed. */
  v.strictObject({ type: v.literal('CLOSED'), client: ClientId }),
  v.strictObject({ type: v.literal('ABP'), client: ClientId, message: v.unknown() }),
  v.strictObject({ type: v.literal('TAB'), client: ClientId, requestId: RequestId, request: v.unknown() }),
  /** The client states its task, which becomes its scope as a chat task's words do; answered by TAB_RESULT. */
  v.strictObject({ type: v.literal('TASK'), client: ClientId, requestId: RequestId, task: v.unknown() }),
]);
export type HostToBackground = v.InferOutput<typeof HostToBackground>;

export const TabResult = v.union([
  v.strictObject({ ok: v.literal(true), data: v.record(v.string(), v.unknown()) }),
  v.strictObject({ ok: v.literal(false), error: text(2000) }),
]);
export type TabResult = v.InferOutput<typeof TabResult>;

/** From the background to the host, which hands each to its client without `client`. */
export const BackgroundToHost = v.variant('type', [
  v.strictObject({
    type: v.literal('ACCEPTED'),
    client: ClientId,
    sessionId: v.string(),
    agent: v.string(),
    browser: v.picklist(['chromium', 'firefox']),
    extensionOrigin: v.string(),
  }),
  v.strictObject({ type: v.literal('ABP'), client: ClientId, message: v.unknown() }),
  v.strictObject({ type: v.literal('TAB_RESULT'), client: ClientId, requestId: RequestId, result: TabResult }),
  /** Bosun ends the client's connection (Disconnect, the switch turned off); the host closes its socket. */
  v.strictObject({ type: v.literal('END'), client: ClientId, reason: text(500) }),
]);
export type BackgroundToHost = v.InferOutput<typeof BackgroundToHost>;

/** What a client may send the host: the host adds its id and relays it, refusing any other type. */
export const CLIENT_MESSAGE_TYPES = ['HELLO', 'ABP', 'TAB', 'TASK'] as const;

/** An attached client's task, in its own words: judged on its start, as a chat task's are. */
export const ClientTask = nonEmptyText(4000);
