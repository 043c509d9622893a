import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { modelChoices, testConnection } from '../../src/llm/test-connection';
import type { Settings } from '../../src/protocol/common';
import { startLlmServer, type LlmServer } from '../fixtures/llm-server';

let llm: LlmServer;
let settings: Settings;
beforeAll(async () => {
  llm = await startLlmServer({ apiKey: 'sk-good', models: ['test-model', 'other-model'] });
  settings = { provider: 'openrouter', model: 'test-model', apiKey: 'sk-good', baseUrl: llm.baseUrl };
});
afterAll(() => llm.close());

describe('testConnection', () => {
  it('succeeds with a good key and an offered model, and returns the models for the picker', async () => {
    await expect(testConnection(settings)).resolves.toEqual({ success: true, models: ['test-model', 'other-model'] });
    expect(llm.requests.at(-1)?.path).toBe('/v1/models');
  });
  it('names a bad key', async () => {
    const result = await testConnection({ ...settings, apiKey: 'sk-wrong' });
    expect(result).toMatchObject({
      success: false,
      error: expect.stringMatching(/^Invalid API key\. Double-check your openrouter key/),
    });
  });
  it('names an unknown model and lists what is offered', async () => {
    const result = await testConnection({ ...settings, model: 'nope' });
    expect(result).toEqual({
      success: false,
      error: 'Connected, but the model "nope" is not available there. Available models: test-model, other-model.',
      models: ['test-model', 'other-model'],
    });
  });
  it('names an unreachable host', async () => {
    const result = await testConnection({ ...settings, provider: 'ollama', baseUrl: 'http://127.0.0.1:9/v1' });
    expect(result).toMatchObject({
      success: false,
      error: expect.stringMatching(/Cannot reach 127\.0\.0\.1:9.*ollama serve/),
    });
  });
  it('returns no models from a failed test', async () => {
    const result = await testConnection({ ...settings, apiKey: 'sk-wrong' });
    expect(result).not.toHaveProperty('models');
  });
  it('modelChoices lists the models for the chat switch, and nothing when the provider fails', async () => {
    await expect(modelChoices(settings)).resolves.toEqual(['test-model', 'other-model']);
    await expect(modelChoices({ ...settings, apiKey: 'sk-wrong' })).resolves.toEqual([]);
    await expect(modelChoices({ ...settings, baseUrl: 'http://127.0.0.1:9/v1' })).resolves.toEqual([]);
  });
  it('names a base URL that is not an OpenAI-compatible API', async () => {
    const result = await testConnection({ ...settings, baseUrl: `${llm.url}/nothing-here` });
    expect(result).toMatchObject({ success: false, error: expect.stringMatching(/No OpenAI-compatible API at/) });
  });
});
