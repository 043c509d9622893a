import * as v from 'valibot';
import { describe, expect, it, vi } from 'vitest';
import { defineCapability, READS_BOSUN, type CallContext } from '../../background/abp/capability';
import { describeCapabilities, dispatch } from '../../background/abp/dispatch';
import { AbpError, AbpResponse, fail, ok } from '../../src/abp/response';

const ctx: CallContext = {
  signal: new AbortController().signal,
  runId: 'abp-page:test',
  flowRun: 'abp-page:test',
  caller: { id: 'abp-page:test', kind: 'abp-client' },
  requester: 'abp',
};

function table() {
  const handle = vi.fn(async (params: { count: number; label?: string }) => ({ doubled: params.count * 2 }));
  const capabilities = new Map([
    [
      'math.double',
      defineCapability({
        name: 'math.double',
        description: 'Double a number',
        annotations: READS_BOSUN,
        params: v.strictObject({ count: v.pipe(v.number(), v.integer()), label: v.optional(v.string()) }),
        handle,
      }),
    ],
    [
      'none.taken',
      defineCapability({
        name: 'none.taken',
        description: 'Takes nothing',
        annotations: READS_BOSUN,
        params: v.strictObject({}),
        handle: async () => ({ done: true }),
      }),
    ],
    [
      'always.denied',
      defineCapability({
        name: 'always.denied',
        description: 'Refused',
        annotations: READS_BOSUN,
        params: v.strictObject({}),
        handle: async () => {
          throw new AbpError('PERMISSION_DENIED', 'no');
        },
      }),
    ],
    [
      'always.broken',
      defineCapability({
        name: 'always.broken',
        description: 'Breaks',
        annotations: READS_BOSUN,
        params: v.strictObject({}),
        handle: async () => {
          throw new Error('disk full');
        },
      }),
    ],
  ]);
  return { capabilities, handle };
}

describe('ABP envelopes', () => {
  it('have the shapes of the spec, with retryable set by code', () => {
    expect(ok({ a: 1 })).toEqual({ success: true, data: { a: 1 } });
    expect(fail('INVALID_PARAMS', 'bad')).toEqual({
      success: false,
      error: { code: 'INVALID_PARAMS', message: 'bad', retryable: false },
    });
    expect(fail('OPERATION_FAILED', 'try again').error.retryable).toBe(true);
    expect(fail('TIMEOUT', 'slow').error.retryable).toBe(true);
    // As the spec's error table says: once the person allows it, or once initialized, a retry may succeed.
    expect(fail('PERMISSION_DENIED', 'no').error.retryable).toBe(true);
    expect(fail('PERMISSION_REQUIRED', 'ask').error.retryable).toBe(true);
    expect(fail('NOT_INITIALIZED', 'init').error.retryable).toBe(true);
    expect(fail('ALREADY_INITIALIZED', 'again').error.retryable).toBe(false);
    expect(fail('PERMISSION_REQUIRED', 'ask', undefined, { site: 'a.example' }).error.details).toEqual({
      site: 'a.example',
    });
  });

  it('the response schema refuses an unknown error code or a missing data object', () => {
    expect(
      v.safeParse(AbpResponse, { success: false, error: { code: 'OOPS', message: '', retryable: false } }).success,
    ).toBe(false);
    expect(v.safeParse(AbpResponse, { success: true }).success).toBe(false);
  });
});

describe('dispatching a capability call', () => {
  const noFailure = async () => {
    throw new Error('nothing should be recorded');
  };

  it('runs the handler with the parsed params and wraps its data', async () => {
    const { capabilities, handle } = table();
    expect(await dispatch(capabilities, 'math.double', { count: 21 }, ctx, noFailure)).toEqual({
      success: true,
      data: { doubled: 42 },
    });
    expect(handle).toHaveBeenCalledWith({ count: 21 }, ctx);
  });

  it('treats absent params as {}', async () => {
    const { capabilities } = table();
    expect(await dispatch(capabilities, 'none.taken', undefined, ctx, noFailure)).toEqual({
      success: true,
      data: { done: true },
    });
  });

  it.each([
    ['a wrong type', { count: 'two' }, /^Invalid params for math\.double: count: Invalid type/],
    ['a missing field', {}, /^Invalid params for math\.double: count: /],
    ['an unknown field', { count: 1, colour: 'red' }, /colour/],
    ['a failing check', { count: 1.5 }, /count: Invalid integer/],
    ['params that are not an object', 'count', /Expected Object/],
  ])('refuses %s with INVALID_PARAMS naming the field, without running the handler', async (_case, params, message) => {
    const { capabilities, handle } = table();
    const response = await dispatch(capabilities, 'math.double', params, ctx, noFailure);
    expect(response).toMatchObject({ success: false, error: { code: 'INVALID_PARAMS', retryable: false } });
    expect(response.success ? '' : response.error.message).toMatch(message);
    expect(handle).not.toHaveBeenCalled();
  });

  it('answers UNKNOWN_CAPABILITY, before looking at the params', async () => {
    const { capabilities } = table();
    expect(await dispatch(capabilities, 'math.triple', 'not even an object', ctx, noFailure)).toMatchObject({
      success: false,
      error: { code: 'UNKNOWN_CAPABILITY' },
    });
  });

  it('passes an AbpError code through, and records anything else as OPERATION_FAILED', async () => {
    const { capabilities } = table();
    expect(await dispatch(capabilities, 'always.denied', {}, ctx, noFailure)).toEqual(fail('PERMISSION_DENIED', 'no'));
    const recorded: string[] = [];
    const broken = await dispatch(
      capabilities,
      'always.broken',
      {},
      ctx,
      async (name, message) => void recorded.push(`${name}: ${message}`),
    );
    expect(broken).toEqual({
      success: false,
      error: { code: 'OPERATION_FAILED', message: 'always.broken failed: disk full', retryable: true },
    });
    expect(recorded).toEqual(['always.broken: disk full']);
  });

  it('describes each capability with its params as JSON Schema', () => {
    const { capabilities } = table();
    const listed = describeCapabilities(capabilities);
    expect(listed[0]).toEqual({
      name: 'math.double',
      description: 'Double a number',
      annotations: READS_BOSUN,
      available: true,
      inputSchema: {
        type: 'object',
        properties: { count: { type: 'integer' }, label: { type: 'string' } },
        required: ['count'],
        additionalProperties: false,
      },
    });
  });
});
