import { ABP_PROTOCOL_VERSION, fail, ok, type AbpResponse, type CapabilityInfo } from '../src/abp/response';
import type { PortClient } from './port-client';
import { callRequest, initializeRequest } from './runtime-params';

export interface AppInfo {
  id: string;
  name: string;
  version: string;
}

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
      const request = initializeRequest(params, session?.id ?? null);
      if ('success' in request) return request;
      const capabilities = await listCapabilities();
      session = { id: newSessionId(), agent: request.agent };
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
      const request = callRequest(capability, params, options);
      if ('success' in request) return request;
      const reply = await client.request('ABP_CALL', { ...request, ...caller() });
      if (reply === null) return fail('OPERATION_FAILED', LOST, true);
      return reply.type === 'ABP_RESULT'
        ? reply.payload.response
        : fail('OPERATION_FAILED', `Unexpected answer ${reply.type}.`);
    },

    /** The spec's cancel(): the call named stops; a permission question it waits on is withdrawn. */
    cancel: (params: unknown) => cancel(client, params),

    /** The spec's supports(): whether a capability exists here and can be used now. */
    supports: async (name: unknown) => supports(await listCapabilities(), name),

    /** A plain array, never wrapped in an envelope (the bridge iterates it directly). */
    listCapabilities,
  });
}
export type AbpRuntime = ReturnType<typeof createAbpRuntime>;

async function cancel(
  client: Pick<PortClient, 'request'>,
  params: unknown,
): Promise<{ callId: string; cancelled: boolean; reason?: string }> {
  const callId = typeof params === 'string' ? params : (params as { callId?: unknown } | null)?.callId;
  if (typeof callId !== 'string' || callId === '' || callId.length > 100)
    return { callId: String(callId ?? ''), cancelled: false, reason: 'callId: must be the id a call was given.' };
  const reply = await client.request('ABP_CANCEL', { callId });
  const cancelled =
    reply?.type === 'ABP_RESULT' && reply.payload.response.success === true
      ? reply.payload.response.data.cancelled === true
      : false;
  return cancelled ? { callId, cancelled } : { callId, cancelled, reason: 'No call with that id is running.' };
}

function supports(
  capabilities: CapabilityInfo[],
  name: unknown,
): { supported: boolean; available: boolean; reason?: string } {
  const found = capabilities.find((capability) => capability.name === name);
  if (!found) return { supported: false, available: false, reason: 'Bosun has no capability by that name.' };
  return found.available
    ? { supported: true, available: true }
    : { supported: true, available: false, reason: 'Not available in this browser.' };
}
