// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConnection } from '../../src/llm/test-connection';
import type { Settings } from '../../src/protocol/common';
import { startLlmServer, type LlmServer } from '../fixtures/llm-server';

let llm: LlmServer;
let settings: Settings;
beforeAll(async () => {
  llm = await startLlmServer({ apiKey: 'sk-ant-good', models: ['claude-test-4-5-20250929', 'claude-other'] });
  settings = { provider: 'anthropic', model: 'claude-test-4-5-20250929', apiKey: 'sk-ant-good', baseUrl: llm.baseUrl };
});
afterAll(() => llm.close());

describe('testConnection with Anthropic', () => {
  it("succeeds with a good key and an offered model, sending Anthropic's headers", async () => {
    await expect(testConnection(settings)).resolves.toEqual({
      success: true,
      models: ['claude-test-4-5-20250929', 'claude-other'],
    });
    const request = llm.requests.at(-1);
    expect(request?.method).toBe('GET');
    expect(request?.path).toMatch(/^\/v1\/models(\?|$)/);
    expect(request?.headers).toMatchObject({
      'x-api-key': 'sk-ant-good',
      'anthropic-version': '2023-06-01',
      'anthropic-dangerous-direct-browser-access': 'true',
    });
    expect(request?.headers.authorization).toBeUndefined();
  });

  it('accepts a model alias of a listed model', async () => {
    await expect(testConnection({ ...settings, model: 'claude-test-4-5' })).resolves.toMatchObject({ success: true });
  });

  it('names a bad key without showing it', async () => {
    const result = await testConnection({ ...settings, apiKey: 'sk-ant-wrong' });
    expect(result).toMatchObject({
      success: false,
      error: expect.stringMatching(/^Invalid API key\. Double-check your anthropic key in Settings\./),
    });
    expect(JSON.stringify(result)).not.toContain('sk-ant-wrong');
  });

  it('names an unknown model and lists what is offered', async () => {
    const result = await testConnection({ ...settings, model: 'claude-nope' });
    expect(result).toEqual({
      success: false,
      error:
        'Connected, but the model "claude-nope" is not available there. Available models: claude-test-4-5-20250929, claude-other.',
      models: ['claude-test-4-5-20250929', 'claude-other'],
    });
  });

  it('names a base URL with no Anthropic API behind it', async () => {
    const result = await testConnection({ ...settings, baseUrl: `${llm.url}/nothing` });
    expect(result).toMatchObject({ success: false, error: expect.stringMatching(/^No Anthropic API at /) });
  });
});
