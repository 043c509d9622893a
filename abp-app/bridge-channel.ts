import { fail, type AbpResponse } from '../src/abp/response';
import type { PortClient } from './port-client';

const LOST = "The connection to Bosun's background was lost before the answer arrived.";

/**
 * The MCP bridge's own requests, beside window.abp on the same port: asking before one of its
 * browser tools acts (Bosun's policy decides, and may ask the person), and recording the grants the
 * developer gave it on its command line, and noting what it read outside Bosun's tools. They are not ABP capabilities, so an agent's tool list
 * never shows them. The background validates every field; a malformed request is INVALID_PARAMS.
 */
export function createBridgeChannel(client: Pick<PortClient, 'request'>) {
  const send = async (
    type: 'ABP_AUTHORIZE' | 'ABP_GRANT' | 'ABP_NOTE_READ',
    request: unknown,
  ): Promise<AbpResponse> => {
    if (typeof request !== 'object' || request === null) return fail('INVALID_PARAMS', 'request: must be an object.');
    let json: Record<string, unknown>;
    try {
      json = JSON.parse(JSON.stringify(request)) as Record<string, unknown>;
    } catch (error) {
      return fail('INVALID_PARAMS', `request: must be JSON data (${String(error)}).`);
    }
    const reply = await client.request(type, json as never);
    if (reply === null) return fail('OPERATION_FAILED', LOST, true);
    return reply.type === 'ABP_RESULT'
      ? reply.payload.response
      : fail('OPERATION_FAILED', `Unexpected answer ${reply.type}.`);
  };
  return Object.freeze({
    authorize: (request: unknown) => send('ABP_AUTHORIZE', request),
    grant: (request: unknown) => send('ABP_GRANT', request),
    /** A value read outside Bosun's tools (cookies, storage, a script's result), for the session's data-flow rule. */
    noteRead: (request: unknown) => send('ABP_NOTE_READ', request),
  });
}
export type BridgeChannel = ReturnType<typeof createBridgeChannel>;
