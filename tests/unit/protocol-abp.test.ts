import { describe, expect, it } from 'vitest';
import { AbpToBackground } from '../../src/protocol/abp-to-background';
import { BackgroundToAbp } from '../../src/protocol/background-to-abp';
import { valid } from './support/protocol-valid';

describe('the abp channel', () => {
  it.each([
    ['a call', { type: 'ABP_CALL', payload: { requestId: 'r1', capability: 'storage.jobs.list', params: {} } }, true],
    // Chrome's port drops a key whose value is undefined.
    [
      'a call without params',
      { type: 'ABP_CALL', payload: { requestId: 'r1', capability: 'extension.getInfo' } },
      true,
    ],
    ['a capability list request', { type: 'ABP_LIST_CAPABILITIES', payload: { requestId: 'r2' } }, true],
    ['a call without a request id', { type: 'ABP_CALL', payload: { capability: 'x.y', params: {} } }, false],
    ['an empty request id', { type: 'ABP_CALL', payload: { requestId: ' ', capability: 'x.y' } }, false],
    [
      'a capability name of 201 characters',
      { type: 'ABP_CALL', payload: { requestId: 'r', capability: 'x'.repeat(201) } },
      false,
    ],
    ['an unknown payload field', { type: 'ABP_LIST_CAPABILITIES', payload: { requestId: 'r', all: true } }, false],
  ])('page → background: %s', (_name, message, expected) => {
    expect(valid(AbpToBackground, message)).toBe(expected);
  });

  it.each([
    [
      'a success',
      { type: 'ABP_RESULT', payload: { requestId: 'r1', response: { success: true, data: { a: 1 } } } },
      true,
    ],
    [
      'a failure with a spec code',
      {
        type: 'ABP_RESULT',
        payload: {
          requestId: null,
          response: { success: false, error: { code: 'TIMEOUT', message: 'm', retryable: true } },
        },
      },
      true,
    ],
    [
      'a failure with an invented code',
      {
        type: 'ABP_RESULT',
        payload: {
          requestId: 'r',
          response: { success: false, error: { code: 'OOPS', message: 'm', retryable: true } },
        },
      },
      false,
    ],
    [
      'a capability without its schema',
      {
        type: 'ABP_CAPABILITIES',
        payload: { requestId: 'r', capabilities: [{ name: 'a.b', description: 'd', available: true }] },
      },
      false,
    ],
  ])('background → page: %s', (_name, message, expected) => {
    expect(valid(BackgroundToAbp, message)).toBe(expected);
  });
});
