import { beforeAll, describe, expect, it } from 'vitest';
import { BROWSERS, type PageDriver } from './harness';
import { useExtension } from './support/extension';
import { openSidebar } from './support/sidebar';

/** What this very browser exposes to an extension page, asked as Bosun asks: the Prompt API's `LanguageModel`. */
const exposed = (page: PageDriver) =>
  page.evaluate(async () => {
    const api = (globalThis as { LanguageModel?: { availability?: (o: unknown) => Promise<unknown> } }).LanguageModel;
    if (typeof api?.availability !== 'function') return { type: typeof api, availability: null, error: null };
    try {
      const languages = [{ type: 'text', languages: ['en'] }];
      const availability = await api.availability({ expectedInputs: languages, expectedOutputs: languages });
      return { type: typeof api, availability: String(availability), error: null };
    } catch (error) {
      return { type: typeof api, availability: null, error: String(error) };
    }
  });

/** The messages a new sidebar connection is greeted with, by type (the last of each type). */
const greeting = (page: PageDriver) =>
  page.evaluate(async () => {
    const port = browser.runtime.connect({ name: 'sidebar' });
    const got: Record<string, unknown> = {};
    port.onMessage.addListener((message) => {
      const { type, payload } = message as { type: string; payload: unknown };
      got[type] = payload;
    });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    port.disconnect();
    return got;
  });

/**
 * The browser's built-in model in the real browsers, which have no model downloaded and no network:
 * Settings says what the browser itself answers, and with no provider nothing breaks.
 */
describe.each(BROWSERS)('the built-in model in %s', (browserName) => {
  const ctx = useExtension(browserName);
  let page: PageDriver;

  beforeAll(async () => {
    page = await openSidebar(ctx.session);
  });

  it('Settings says what this browser offers, as the browser itself answers', async () => {
    await page.waitFor(() => document.querySelector('[data-testid="built-in-model-offered"]') !== null, undefined, {
      message: 'Settings did not say whether the browser has a built-in model',
    });
    const truth = await exposed(page);
    // What the test browsers offer today (the README says so): a change here is news, and the README's to update.
    expect(truth).toMatchObject(
      browserName === 'chromium' ? { type: 'function', availability: 'unavailable' } : { type: 'undefined' },
    );
    const shown = await page.evaluate(() => {
      const line = document.querySelector<HTMLElement>('[data-testid="built-in-model-offered"]')!;
      return { availability: line.dataset.availability, reason: line.dataset.reason, text: line.textContent };
    });
    if (truth.type !== 'function') {
      expect(shown).toMatchObject({ availability: 'unavailable', reason: 'no-api' });
      expect(shown.text).toContain('not offered by this browser (it gives extensions no Prompt API');
    } else if (truth.availability === null || truth.availability === 'unavailable') {
      const reason = truth.availability === null ? 'check-failed' : 'unavailable';
      expect(shown).toMatchObject({ availability: 'unavailable', reason });
      expect(shown.text).toContain('not offered by this browser');
    } else {
      expect(shown).toMatchObject({ availability: truth.availability, reason: '' });
    }
  });

  it('with no provider and the switch on, a conversation keeps its first words as title and says no model is set', async () => {
    await page.click('[data-testid="built-in-model-switch"]');
    await page.waitFor(
      () => document.querySelector<HTMLInputElement>('[data-testid="built-in-model-switch"]')?.checked === true,
      undefined,
      { message: 'the switch did not stay on' },
    );
    expect(((await greeting(page)).BUILT_IN_MODEL as { on: boolean }).on).toBe(true);
    const words = 'Find me a table for two in Lyon on Friday';
    await page.evaluate((content) => {
      const port = browser.runtime.connect({ name: 'sidebar' });
      port.postMessage({ type: 'CHAT_MESSAGE', payload: { content } });
    }, words);
    await page.waitFor(
      async () => {
        const port = browser.runtime.connect({ name: 'sidebar' });
        const error = await new Promise<string | undefined>((resolve) => {
          port.onMessage.addListener((message) => {
            const { type, payload } = message as { type: string; payload: { messages: { error?: string }[] } };
            if (type === 'CONVERSATION_STATE') resolve(payload.messages.find((m) => m.error)?.error);
          });
          setTimeout(() => resolve(undefined), 1000);
        });
        port.disconnect();
        return error !== undefined;
      },
      undefined,
      { message: 'the task did not end with an error' },
    );
    const got = await greeting(page);
    const state = got.CONVERSATION_STATE as { messages: { role: string; error?: string }[] };
    expect(state.messages.find((m) => m.error)?.error).toBe('Choose a provider and model in Settings first.');
    const listing = got.CONVERSATIONS as { list: { title: string }[] };
    expect(listing.list.map((c) => c.title)).toEqual([words]);
    // No model anywhere was asked: neither a provider nor the (absent) built-in model changed the title.
    expect(ctx.llm.requests).toEqual([]);
  });

  it("with no provider and the switch on, Summarize says why the browser's model is not available, asking no server", async () => {
    const error = await page.evaluate(async () => {
      const port = browser.runtime.connect({ name: 'sidebar' });
      const reply = new Promise<string | null>((resolve) => {
        port.onMessage.addListener((message) => {
          const { type, payload } = message as { type: string; payload: { error: string; inReplyTo: string | null } };
          if (type === 'ERROR' && payload.inReplyTo === 'SUMMARIZE_PAGE') resolve(payload.error);
        });
        setTimeout(() => resolve(null), 10_000);
      });
      port.postMessage({ type: 'SUMMARIZE_PAGE' });
      const got = await reply;
      port.disconnect();
      return got;
    });
    // Neither test browser has a summarizer: Chromium's Summarizer is not available, Firefox gives no trial.ml without its permission.
    expect(error).toBe(
      browserName === 'chromium'
        ? 'The browser\'s model is not available: Chrome\'s Summarizer says "unavailable".'
        : "The browser's model is not available: Firefox's on-device inference needs Bosun's trialML permission (turn the switch in Settings on to allow it).",
    );
    const trial = await page.evaluate(async () => ({
      offered: browser.runtime.getManifest().optional_permissions ?? [],
      held: await browser.permissions.contains({ permissions: ['trialML'] }).catch((e: unknown) => String(e)),
      api: typeof (browser as unknown as { trial?: unknown }).trial,
    }));
    // Settings says what Firefox offers and whether Bosun holds the permission (the prompt stays unanswered here).
    const line = await page.evaluate(() => {
      const shown = document.querySelector<HTMLElement>('[data-testid="built-in-model-trial-ml"]');
      return shown ? { held: shown.dataset.held, text: shown.textContent } : null;
    });
    if (browserName === 'firefox') {
      expect(trial).toEqual({ offered: expect.arrayContaining(['trialML']), held: false, api: 'undefined' });
      expect(line?.held).toBe('false');
      expect(line?.text).toContain('the model is downloaded once when first used. It is not a chat model.');
    } else {
      expect(trial.api).toBe('undefined');
      expect(line).toBeNull();
    }
    expect(ctx.llm.requests).toEqual([]);
  });
});
