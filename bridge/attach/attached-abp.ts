import * as v from 'valibot';
import type { BridgeOperation } from '../../src/abp/bridge-operations';
import { AbpResponse, CapabilityInfo, fail } from '../../src/abp/response';
import { checked, MAX_NOTED_TEXT, type AbpSession, type CallOptions } from '../server/abp-client';
import { ToolError } from '../server/errors';
import type { HostLink } from './host-link';

/**
 * The attached client's ABP session: the same messages abp-app.html's port sends Bosun's background,
 * over the native link. Bosun names the session and the agent itself (the client's MCP name), so
 * nothing here can speak for another client.
 */
export class AttachedAbp implements AbpSession {
  constructor(private readonly link: HostLink) {}

  get sessionId(): string {
    return this.link.accepted.sessionId;
  }

  get closed(): boolean {
    return this.link.closed;
  }

  private async result(type: string, payload: Record<string, unknown>, what: string): Promise<AbpResponse> {
    const reply = await this.link.abp(type, payload);
    if (reply === null) throw this.link.lost();
    if (reply.type !== 'ABP_RESULT') return fail('OPERATION_FAILED', `Unexpected answer ${reply.type}.`);
    return checked(AbpResponse, reply.payload.response, what);
  }

  async listCapabilities(): Promise<CapabilityInfo[]> {
    const reply = await this.link.abp('ABP_LIST_CAPABILITIES', {});
    if (reply === null) throw this.link.lost();
    if (reply.type !== 'ABP_CAPABILITIES') throw new ToolError(`Unexpected answer ${reply.type}.`, 'Call again.');
    return checked(v.array(CapabilityInfo), reply.payload.capabilities, 'listCapabilities()');
  }

  call(capability: string, params: unknown, options: CallOptions): Promise<AbpResponse> {
    return this.result(
      'ABP_CALL',
      { capability, params, callId: options.callId, questionTimeoutMs: options.questionTimeoutMs },
      capability,
    );
  }

  authorize(
    request: { operation: BridgeOperation; url: string; summary: string },
    options: CallOptions,
  ): Promise<AbpResponse> {
    return this.result(
      'ABP_AUTHORIZE',
      { ...request, callId: options.callId, questionTimeoutMs: options.questionTimeoutMs },
      `the permission check for ${request.operation}`,
    );
  }

  async noteRead(url: string, text: string, options: CallOptions): Promise<void> {
    if (!/^https?:/.test(url) || text === '') return;
    const response = await this.result(
      'ABP_NOTE_READ',
      {
        url,
        text: text.slice(0, MAX_NOTED_TEXT),
        callId: options.callId,
        questionTimeoutMs: options.questionTimeoutMs,
      },
      'the note of what was read',
    );
    if (!response.success)
      throw new ToolError(
        `Bosun did not note what was read on ${url} (${response.error.message}); it is not handed on.`,
        'Call again.',
      );
  }

  async cancel(callId: string): Promise<void> {
    await this.link.abp('ABP_CANCEL', { callId });
  }

  async shutdown(): Promise<void> {}
}
