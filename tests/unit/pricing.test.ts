import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { estimateCost, formatCost, modelPrice, openRouterPrice } from '../../src/llm/pricing';
import type { Settings } from '../../src/protocol/common';
import { startLlmServer, type LlmServer } from '../fixtures/llm-server';

const usage = (inputTokens: number, outputTokens: number) => ({
  inputTokens,
  outputTokens,
  totalTokens: inputTokens + outputTokens,
});

describe('the cost estimate', () => {
  it('prices input and output tokens per million, over every answer', () => {
    const price = { inputPerMillion: 3, outputPerMillion: 15 };
    expect(estimateCost([usage(1000, 200), usage(3000, 600)], price)).toBeCloseTo((4000 * 3 + 800 * 15) / 1e6, 12);
    expect(estimateCost([], price)).toBe(0);
    expect(estimateCost([usage(1_000_000, 1_000_000)], { inputPerMillion: 0, outputPerMillion: 0 })).toBe(0);
  });

  it('shows three significant digits, so a small cost stays readable', () => {
    expect(formatCost(0.0123456)).toBe('$0.0123');
    expect(formatCost(0.024)).toBe('$0.024');
    expect(formatCost(1.2345)).toBe('$1.23');
    expect(formatCost(0)).toBe('$0');
  });
});

describe('the price of the configured model', () => {
  let llm: LlmServer;
  beforeAll(async () => {
    llm = await startLlmServer({
      apiKey: 'sk-or',
      models: ['test-model', 'unpriced'],
      pricing: { 'test-model': { prompt: '0.000003', completion: '0.000015' } },
    });
  });
  afterAll(() => llm.close());
  const settings = (change: Partial<Settings>): Settings => ({
    provider: 'openrouter',
    model: 'test-model',
    apiKey: 'sk-or',
    baseUrl: llm.baseUrl,
    ...change,
  });

  it('reads OpenRouter’s per-token prices from its /models list at the configured base URL', async () => {
    const price = await modelPrice(settings({}));
    expect(price?.inputPerMillion).toBeCloseTo(3, 9);
    expect(price?.outputPerMillion).toBeCloseTo(15, 9);
    expect(llm.requests.at(-1)).toMatchObject({
      method: 'GET',
      path: '/v1/models',
      headers: { authorization: 'Bearer sk-or' },
    });
  });

  it('knows no price for a model OpenRouter lists without one, or when the list cannot be had', async () => {
    expect(await openRouterPrice(settings({ model: 'unpriced' }))).toBeNull();
    expect(await modelPrice(settings({ apiKey: 'sk-wrong' }))).toBeNull();
    expect(await modelPrice(settings({ baseUrl: 'http://127.0.0.1:9/v1' }))).toBeNull();
  });

  it('a local Ollama is free; other providers cost what the person entered, or nothing is known', async () => {
    expect(await modelPrice(settings({ provider: 'ollama' }))).toEqual({ inputPerMillion: 0, outputPerMillion: 0 });
    expect(await modelPrice(settings({ provider: 'openai' }))).toBeNull();
    const entered = { inputPerMillion: 2.5, outputPerMillion: 10 };
    expect(await modelPrice(settings({ provider: 'anthropic', prices: entered }))).toEqual(entered);
    // Entered prices never replace what OpenRouter says.
    expect((await modelPrice(settings({ prices: entered })))?.inputPerMillion).toBeCloseTo(3, 9);
  });
});
