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

/** Bosun pushes nothing: long work is fire-and-poll, and there are no questions for the agent. */
const FEATURES = { notifications: false, progress: false, elicitation: false, dynamicCapabilities: false };

const LOST =
  "The connection to Bosun's background was lost (it was stopped or reloaded) before the answer arrived; the call may or may not have completed.";

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
  let sessionId: string | null = null;

  async function listCapabilities(): Promise<CapabilityInfo[]> {
    const reply = await client.request('ABP_LIST_CAPABILITIES', {});
    if (reply?.type !== 'ABP_CAPABILITIES') throw new Error(LOST);
    return reply.payload.capabilities;
  }

  return Object.freeze({
    protocolVersion: ABP_PROTOCOL_VERSION,
    app: Object.freeze({ ...app }),
    get initialized(): boolean {
      return sessionId !== null;
    },
    get sessionId(): string | null {
      return sessionId;
    },

    async initialize(params?: unknown) {
      const parsed = v.safeParse(InitializeParams, params);
      if (!parsed.success) throw new TypeError(`INVALID_PARAMS: ${describeIssues(parsed.issues)}`);
      const capabilities = await listCapabilities();
      sessionId = newSessionId();
      return {
        sessionId,
        protocolVersion: ABP_PROTOCOL_VERSION,
        app: { ...app },
        capabilities: capabilities.map(({ name, available }) => ({ name, available })),
        features: { ...FEATURES },
      };
    },

    async shutdown(): Promise<AbpResponse> {
      sessionId = null;
      return ok({});
    },

    async call(capability: unknown, params?: unknown): Promise<AbpResponse> {
      if (sessionId === null) return fail('NOT_INITIALIZED', 'Call initialize() before call().');
      if (typeof capability !== 'string')
        return fail('INVALID_PARAMS', 'capability: must be a capability name (a string).');
      let json: unknown;
      try {
        // Params cross a runtime port, which Chrome serializes as JSON and Firefox clones: making
        // them JSON here gives both browsers the same params, and refuses what JSON cannot carry.
        json = params === undefined ? undefined : JSON.parse(JSON.stringify(params));
      } catch (error) {
        return fail('INVALID_PARAMS', `params: must be JSON data (${String(error)}).`);
      }
      const reply = await client.request('ABP_CALL', { capability, params: json });
      if (reply === null) return fail('OPERATION_FAILED', LOST, true);
      return reply.type === 'ABP_RESULT'
        ? reply.payload.response
        : fail('OPERATION_FAILED', `Unexpected answer ${reply.type}.`);
    },

    /** A plain array, never wrapped in an envelope (the bridge iterates it directly). */
    listCapabilities,
  });
}
export type AbpRuntime = ReturnType<typeof createAbpRuntime>;
