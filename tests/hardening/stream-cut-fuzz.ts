import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anthropicBody } from '../../background/llm/anthropic-request';
import { complete } from '../../background/llm/complete';
import { CUT_OFF, MALFORMED, ProviderError } from '../../src/llm/errors';
import { openAiBody, type WireRequest } from '../../background/llm/openai-request';
import { requestHeaders } from '../../src/llm/providers';
import type { CompletionResult, ToolSpec } from '../../background/llm/types';
import type { Settings } from '../../src/protocol/common';
import { startLlmServer, type LlmServer, type ToolCallsStep } from '../fixtures/llm-server';
import { FUZZ_SEED, seededRandom } from './seeded-random';

/**
 * A streamed answer cut at byte offsets all through it (mid-event, mid-character, mid tool-call
 * arguments), read by the real LLM client from the real scripted server. Whatever the offset,
 * the client either returns the whole answer exactly as sent, or fails with a clear error and
 * no tool call, after one request: a cut answer is never replayed and never acted on.
 */
const CLICK: ToolSpec = {
  name: 'click_element',
  description: 'Clicks.',
  parameters: {
    type: 'object',
    properties: { index: { type: 'number' }, reason: { type: 'string' } },
    required: ['index'],
  },
};
const ANSWER: ToolCallsStep = {
  kind: 'tool_calls',
  text: 'I will press the “Buy” button — ü 🦀 now.',
  calls: [
    {
      id: 'call_1',
      name: 'click_element',
      arguments: { index: 12, reason: 'the person asked to buy the blue one, « größe » M' },
    },
  ],
};
/** The clear errors a cut answer may end in, by the name the figures give them. */
const CLEAR_ERRORS: Record<string, string> = {
  cutOff: CUT_OFF,
  malformed: MALFORMED,
  badToolArguments: 'The model asked for the tool "click_element" with arguments that are not a JSON object',
};

/** `offsets`: how many seeded offsets per format, or 'all' for every byte of the answer. */
export function defineStreamCutFuzz(offsets: number | 'all'): void {
  describe.each(['openai', 'anthropic'] as const)('an answer cut at any byte, over %s', (provider) => {
    let llm: LlmServer;
    beforeAll(async () => {
      llm = await startLlmServer({ apiKey: 'sk-good-key' });
    });
    afterAll(() => llm.close());
    const settings = (): Settings => ({ provider, model: 'test-model', apiKey: 'sk-good-key', baseUrl: llm.baseUrl });
    const turns = [{ role: 'user' as const, content: 'Buy the blue one' }];

    /** The size of the whole answer, asked for the way the client asks. */
    async function answerBytes(): Promise<number> {
      llm.script(ANSWER);
      const wire: WireRequest = { settings: settings(), system: '', turns, tools: [CLICK] };
      const body = provider === 'anthropic' ? anthropicBody(wire) : openAiBody(wire);
      const response = await fetch(`${llm.baseUrl}${provider === 'anthropic' ? '/messages' : '/chat/completions'}`, {
        method: 'POST',
        headers: requestHeaders(settings()),
        body: JSON.stringify(body),
      });
      return (await response.arrayBuffer()).byteLength;
    }

    it(`never runs a tool from a cut stream (${offsets} offsets)`, async () => {
      const full = await answerBytes();
      const random = seededRandom(FUZZ_SEED);
      const cuts =
        offsets === 'all'
          ? Array.from({ length: full }, (_, i) => i)
          : Array.from({ length: offsets }, () => random.int(full));
      const figures = {
        bytes: full,
        offsets: cuts.length,
        whole: 0,
        errors: {} as Record<string, number>,
        brokenToolCalls: 0,
        unclear: [] as string[],
        extraRequests: 0,
        textNotAPrefix: 0,
      };
      for (const cut of cuts) {
        llm.reset();
        llm.script({ ...ANSWER, cutAfterBytes: cut });
        const shown: string[] = [];
        let result: CompletionResult | undefined;
        try {
          result = await complete({
            settings: settings(),
            system: '',
            turns,
            tools: [CLICK],
            signal: new AbortController().signal,
            onText: (d) => shown.push(d),
            retry: { maxRetries: 3, baseDelayMs: 5 },
          });
        } catch (error) {
          const known =
            error instanceof ProviderError
              ? Object.keys(CLEAR_ERRORS).find((name) => error.message.startsWith(CLEAR_ERRORS[name]!))
              : undefined;
          if (known) figures.errors[known] = (figures.errors[known] ?? 0) + 1;
          else figures.unclear.push(`at byte ${cut}: ${String(error)}`);
        }
        if (result) {
          const exact =
            result.text === ANSWER.text &&
            JSON.stringify(result.toolCalls) ===
              JSON.stringify([{ id: 'call_1', name: 'click_element', arguments: ANSWER.calls[0]!.arguments }]);
          if (exact) figures.whole += 1;
          else figures.brokenToolCalls += 1;
        }
        if (!ANSWER.text!.startsWith(shown.join(''))) figures.textNotAPrefix += 1;
        figures.extraRequests += llm.requests.length - 1;
      }
      console.log(
        `stream cut fuzzing over ${provider} (seed ${FUZZ_SEED}): ${JSON.stringify({ ...figures, unclear: figures.unclear.length })}`,
      );
      expect(figures.unclear.slice(0, 5)).toEqual([]);
      expect(figures.brokenToolCalls).toBe(0);
      expect(figures.textNotAPrefix).toBe(0);
      expect(figures.extraRequests).toBe(0);
      // Nearly every offset falls before the end of the answer, so nearly every run must fail.
      expect(figures.whole).toBeLessThan(Math.max(2, cuts.length / 10));
    }, 3_600_000);
  });
}
