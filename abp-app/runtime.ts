import * as v from 'valibot';
import { ABP_PROTOCOL_VERSION, fail, ok, type AbpResponse, type CapabilityInfo } from '../src/abp/response';
import { describeIssues } from '../src/messaging/router';
import type { PortClient } from './port-client';

export interface AppInfo {
  id: string;
  name: string;
  version: string;
}

/** What an agent may say about itself; Bosun needs none of it, but what is given must be well formed. */
const InitializeParams = v.optional(
  v.looseObject({
    agent: v.optional(v.looseObject({ name: v.optional(v.string()), version: v.optional(v.string()) })),
    protocolVersion: v.optional(v.string()),
    features: v.optional(v.record(v.string(), v.unknown())),
  }),
);

/**
 * The spec's CallOptions that Bosun honours: `callId`, which cancel() names; and Bosun's own
 * `questionTimeout`, how long (ms) a permission question may wait for this caller: 0 says nobody
 * can answer (a headless agent), so a call that needs a question fails at once with PERMISSION_REQUIRED.
 */
const CallOptions = v.optional(
  v.looseObject({
    callId: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(100))),
    questionTimeout: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(600_000))),
  }),
);

/** Bosun pushes nothing: long work is fire-and-poll, and there are no questions for the agent. */
const FEATURES = { notifications: false, progress: false, elicitation: false, dynamicCapabilities: false };

const LOST =
  "The connection to Bosun's background was lost (it was stopped or reloaded) before the answer arrived; the call may or may not have completed.";

/** `0.1` and `0.1.x` are this protocol; any other major.minor is another one. */
const speaks = (version: string) => /^0\.1(\.\d+)?$/.test(version.trim());

/**
 * `window.abp`: the session lives here, in the page (NOT_INITIALIZED is decided here); every
 * capability runs in the background, which validates its params and answers in the envelope.
 * Capabilities are stateless, so a background restart between calls loses nothing.
 */
export function createAbpRuntime(
  client: Pick<PortClient, 'request'>,
  app: AppInfo,
  newSessionId: () => string = () => crypto.randomUUID(),
) {
  let session: { id: string; agent: string | undefined } | null = null;

  async function listCapabilities(): Promise<CapabilityInfo[]> {
    const reply = await client.request('ABP_LIST_CAPABILITIES', {});
    if (reply?.type !== 'ABP_CAPABILITIES') throw new Error(LOST);
    return reply.payload.capabilities;
  }

  /** What every request says about its caller. */
  const caller = () => (session ? { sessionId: session.id, ...(session.agent ? { agent: session.agent } : {}) } : {});

  return Object.freeze({
    protocolVersion: ABP_PROTOCOL_VERSION,
    app: Object.freeze({ ...app }),
    get initialized(): boolean {
      return session !== null;
    },
    get sessionId(): string | null {
      return session?.id ?? null;
    },

    /**
     * Starts the session. Bad params, another protocol version, or a session already open are
     * answered with the spec's error envelope (the promise resolves; nothing changes).
     */
    async initialize(params?: unknown) {
      const parsed = v.safeParse(InitializeParams, params);
      if (!parsed.success) return fail('INVALID_PARAMS', `initialize: ${describeIssues(parsed.issues)}`);
      const asked = parsed.output?.protocolVersion;
      if (asked !== undefined && !speaks(asked))
        return fail(
          'INVALID_PARAMS',
          `protocolVersion: Bosun speaks ABP ${ABP_PROTOCOL_VERSION}, not ${asked.slice(0, 20)}; initialize with protocolVersion '${ABP_PROTOCOL_VERSION}'.`,
        );
      if (session !== null)
        return fail(
          'ALREADY_INITIALIZED',
          `A session (${session.id}) is already open on this page; call shutdown() before initializing again.`,
        );
      const capabilities = await listCapabilities();
      session = { id: newSessionId(), agent: parsed.output?.agent?.name?.trim().slice(0, 100) || undefined };
      return {
        sessionId: session.id,
        protocolVersion: ABP_PROTOCOL_VERSION,
        app: { ...app },
        capabilities: capabilities.map(({ name, available }) => ({ name, available })),
        features: { ...FEATURES },
      };
    },

    async shutdown(): Promise<AbpResponse> {
      session = null;
      return ok({});
    },

    async call(capability: unknown, params?: unknown, options?: unknown): Promise<AbpResponse> {
      if (session === null) return fail('NOT_INITIALIZED', 'Call initialize() before call().');
      if (typeof capability !== 'string')
        return fail('INVALID_PARAMS', 'capability: must be a capability name (a string).');
      const opts = v.safeParse(CallOptions, options);
      if (!opts.success) return fail('INVALID_PARAMS', `options: ${describeIssues(opts.issues)}`);
      let json: unknown;
      try {
        // Params cross a runtime port, which Chrome serializes as JSON and Firefox clones: making
        // them JSON here gives both browsers the same params, and refuses what JSON cannot carry.
        json = params === undefined ? undefined : JSON.parse(JSON.stringify(params));
      } catch (error) {
        return fail('INVALID_PARAMS', `params: must be JSON data (${String(error)}).`);
      }
      const { callId, questionTimeout } = opts.output ?? {};
      const reply = await client.request('ABP_CALL', {
        capability,
        params: json,
        ...caller(),
        ...(callId !== undefined ? { callId } : {}),
        ...(questionTimeout !== undefined ? { questionTimeoutMs: questionTimeout } : {}),
      });
      if (reply === null) return fail('OPERATION_FAILED', LOST, true);
      return reply.type === 'ABP_RESULT'
        ? reply.payload.response
        : fail('OPERATION_FAILED', `Unexpected answer ${reply.type}.`);
    },

    /** The spec's cancel(): the call named stops; a permission question it waits on is withdrawn. */
    async cancel(params: unknown): Promise<{ callId: string; cancelled: boolean; reason?: string }> {
      const callId = typeof params === 'string' ? params : (params as { callId?: unknown } | null)?.callId;
      if (typeof callId !== 'string' || callId === '' || callId.length > 100)
        return { callId: String(callId ?? ''), cancelled: false, reason: 'callId: must be the id a call was given.' };
      const reply = await client.request('ABP_CANCEL', { callId });
      const cancelled =
        reply?.type === 'ABP_RESULT' && reply.payload.response.success === true
          ? reply.payload.response.data.cancelled === true
          : false;
      return cancelled ? { callId, cancelled } : { callId, cancelled, reason: 'No call with that id is running.' };
    },

    /** The spec's supports(): whether a capability exists here and can be used now. */
    async supports(name: unknown): Promise<{ supported: boolean; available: boolean; reason?: string }> {
      const found = (await listCapabilities()).find((capability) => capability.name === name);
      if (!found) return { supported: false, available: false, reason: 'Bosun has no capability by that name.' };
      return found.available
        ? { supported: true, available: true }
        : { supported: true, available: false, reason: 'Not available in this browser.' };
    },

    /** A plain array, never wrapped in an envelope (the bridge iterates it directly). */
    listCapabilities,
  });
}
export type AbpRuntime = ReturnType<typeof createAbpRuntime>;
