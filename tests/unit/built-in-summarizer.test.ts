import { describe, expect, it, vi } from 'vitest';
import { builtInSummarizer, type BuiltInSummarizer } from '../../background/llm/built-in-summarizer';
import { summarizeWithBuiltIn } from '../../background/agent/built-in-summary';
import { refuse } from '../../src/messaging/refusal';

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
    const readTab = vi.fn();
    const conversation = { add: vi.fn() };
    const refusal = await summarizeWithBuiltIn(readTab, conversation, { unavailable: 'no API' }, 1);
    expect(refusal?.reason).toBe("The browser's model is not available: no API.");
    expect(readTab).not.toHaveBeenCalled();
    expect(conversation.add).not.toHaveBeenCalled();
  });

  const page = { kind: 'tab', title: 'Lyon tables', url: 'https://a.example/', text: 'page text', chars: 9 } as const;

  it('a read the gate refused: its reason, nothing summarized', async () => {
    const summarizeText = vi.fn();
    const conversation = { add: vi.fn() };
    const refused = refuse('Bosun did not read the tab "Lyon tables" (a.example): blocked');
    const refusal = await summarizeWithBuiltIn(async () => refused, conversation, { summarize: summarizeText }, 1);
    expect(refusal).toBe(refused);
    expect(summarizeText).not.toHaveBeenCalled();
    expect(conversation.add).not.toHaveBeenCalled();
  });

  it("the page's text goes to the summarizer, and the summary joins the chat marked as the browser's model's", async () => {
    const summarizeText = vi.fn(async () => 'Tables for two.');
    const conversation = { add: vi.fn() };
    expect(
      await summarizeWithBuiltIn(async () => [page], conversation, { summarize: summarizeText }, 1),
    ).toBeUndefined();
    expect(summarizeText).toHaveBeenCalledWith('page text', expect.any(AbortSignal));
    expect(conversation.add).toHaveBeenCalledWith({
      role: 'assistant',
      content: `Summary of "Lyon tables" by the browser's built-in model:\n\nTables for two.`,
      status: 'done',
    });
  });

  it('a summarizer that fails: the model is not available, with its reason', async () => {
    const conversation = { add: vi.fn() };
    const failing = { summarize: () => Promise.reject(new Error('NetworkError')) };
    const refusal = await summarizeWithBuiltIn(async () => [page], conversation, failing, 1);
    expect(refusal?.reason).toBe("The browser's model is not available: NetworkError.");
    expect(conversation.add).not.toHaveBeenCalled();
  });
});
