import { describe, expect, it, vi } from 'vitest';
import { builtInSummarizer, type BuiltInSummarizer } from '../../background/llm/built-in-summarizer';
import { summarizeWithBuiltIn } from '../../background/agent/built-in-summary';

const never = new AbortController().signal;

/** Chrome's `Summarizer` in its documented shape: static `availability(options)` and `create(options)`, a session with `summarize(text, options)` and `destroy()`. */
function chromeScope(
  availability: () => Promise<unknown>,
  answer: () => Promise<unknown> = async () => 'A short summary.',
) {
  const destroyed = vi.fn();
  const summarized: string[] = [];
  class Session {
    summarize(text: string) {
      summarized.push(text);
      return answer();
    }
    destroy() {
      destroyed();
    }
  }
  class Summarizer {
    static availability = vi.fn(availability);
    static create = vi.fn(async () => new Session());
  }
  return { scope: { Summarizer }, Summarizer, destroyed, summarized };
}

/** Firefox's `browser.trial.ml` in its documented shape: `createEngine({ taskName })`, `runEngine({ args })` → `[{ summary_text }]`. */
function firefoxScope(createEngine: () => Promise<unknown>, runEngine: () => Promise<unknown>) {
  const ml = { createEngine: vi.fn(createEngine), runEngine: vi.fn(runEngine) };
  return { scope: { browser: { runtime: { getBrowserInfo: () => null }, trial: { ml } } }, ml };
}

const summarize = (found: BuiltInSummarizer) => {
  if (!('summarize' in found)) throw new Error(`expected a summarizer, got: ${found.unavailable}`);
  return found.summarize;
};

describe("builtInSummarizer: the browser's summarizer, detected, never assumed", () => {
  it('no API is no summarizer, saying which browser lacks what', async () => {
    expect(await builtInSummarizer({})).toEqual({ unavailable: 'this browser gives extensions no Summarizer API' });
    const firefox = await builtInSummarizer({ browser: { runtime: { getBrowserInfo: () => null } } });
    expect(firefox).toEqual({ unavailable: expect.stringContaining("needs Bosun's trialML permission") });
  });

  it.each(['unavailable', 'downloadable', 'downloading'])(
    'Chrome saying %j is no summarizer (Bosun starts no download)',
    async (said) => {
      const chrome = chromeScope(async () => said);
      expect(await builtInSummarizer(chrome.scope)).toEqual({ unavailable: `Chrome's Summarizer says "${said}"` });
      expect(chrome.Summarizer.create).not.toHaveBeenCalled();
    },
  );

  it('a Chrome check that throws is no summarizer, with its reason', async () => {
    const chrome = chromeScope(() => Promise.reject(new Error('NotAllowedError')));
    expect(await builtInSummarizer(chrome.scope)).toEqual({
      unavailable: 'its Summarizer check failed (NotAllowedError)',
    });
  });

  it('Chrome available: a short plain summary of the page, the session let go', async () => {
    const chrome = chromeScope(async () => 'available');
    expect(await summarize(await builtInSummarizer(chrome.scope))('x'.repeat(30_000), never)).toBe('A short summary.');
    expect(chrome.summarized[0]).toHaveLength(20_000);
    expect(chrome.Summarizer.create).toHaveBeenCalledWith(expect.objectContaining({ type: 'tldr', length: 'short' }));
    expect(chrome.destroyed).toHaveBeenCalledOnce();
  });

  it.each([[42], [''], ['y'.repeat(4001)]])('Chrome answering %j is refused as no summary', async (answer) => {
    const chrome = chromeScope(
      async () => 'available',
      async () => answer,
    );
    await expect(summarize(await builtInSummarizer(chrome.scope))('page', never)).rejects.toThrow(
      'other than a short text',
    );
    expect(chrome.destroyed).toHaveBeenCalledOnce();
  });

  it("Firefox with trial.ml: the summarization engine's summary_text", async () => {
    const firefox = firefoxScope(
      async () => undefined,
      async () => [{ summary_text: ' The gist. ' }],
    );
    expect(await summarize(await builtInSummarizer(firefox.scope))('page', never)).toBe('The gist.');
    expect(firefox.ml.createEngine).toHaveBeenCalledWith({ taskName: 'summarization' });
    expect(firefox.ml.runEngine).toHaveBeenCalledWith({ args: ['page'] });
  });

  it('Firefox: an engine that cannot be created fails with its reason; an odd result is refused', async () => {
    const offline = firefoxScope(
      () => Promise.reject(new Error('NetworkError')),
      async () => [],
    );
    await expect(summarize(await builtInSummarizer(offline.scope))('page', never)).rejects.toThrow('NetworkError');
    expect(offline.ml.runEngine).not.toHaveBeenCalled();
    const odd = firefoxScope(
      async () => undefined,
      async () => [{ generated_text: 'hi' }],
    );
    await expect(summarize(await builtInSummarizer(odd.scope))('page', never)).rejects.toThrow(
      'other than a short summary',
    );
  });

  it('Firefox: an engine that never answers ends within the time limit, never hangs', async () => {
    const hangs = firefoxScope(
      () => new Promise(() => undefined),
      async () => [],
    );
    await expect(summarize(await builtInSummarizer(hangs.scope, 20))('page', never)).rejects.toThrow(
      "Firefox's summarization engine did not answer within 0.02 s",
    );
  });
});

describe('summarizeWithBuiltIn: Summarize with no provider', () => {
  it('no summarizer: says why, reads nothing and adds nothing', async () => {
    const gate = { authorize: vi.fn() };
    const conversation = { add: vi.fn() };
    const refusal = await summarizeWithBuiltIn(gate, conversation, { unavailable: 'no API' }, 1);
    expect(refusal?.reason).toBe("The browser's model is not available: no API.");
    expect(gate.authorize).not.toHaveBeenCalled();
    expect(conversation.add).not.toHaveBeenCalled();
  });
});
