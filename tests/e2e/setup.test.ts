import { beforeAll, describe, expect, it } from 'vitest';
import { BROWSERS, type PageDriver } from './harness';
import { useExtension } from './support/extension';
import { openSidebar, send, showView, waitForMessages } from './support/sidebar';

const KEY = 'sk-setup';

/** Choose a provider from a select, the way a person does. */
async function chooseProvider(page: PageDriver, provider: string): Promise<void> {
  await page.evaluate((value) => {
    const select = document.querySelector<HTMLSelectElement>('[data-testid="settings-provider"]')!;
    select.value = value;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  }, provider);
}
const value = (page: PageDriver, testId: string) =>
  page.evaluate((id) => document.querySelector<HTMLInputElement>(`[data-testid="${id}"]`)?.value ?? null, testId);
const shown = (page: PageDriver, testId: string) =>
  page.evaluate((id) => document.querySelector(`[data-testid="${id}"]`) !== null, testId);

/** Setup in few steps: the provider fills a model, Test connection lists the models to pick from. */
describe.each(BROWSERS)('setup in %s', (browserName) => {
  const ctx = useExtension(browserName, { apiKey: KEY, models: ['test-model', 'other-model'] });
  let page: PageDriver;

  beforeAll(async () => {
    page = await openSidebar(ctx.session);
    // The first-run form loads as a chunk of its own.
    await page.waitFor(() => document.querySelector('[data-testid="settings-model"]') !== null, undefined, {
      message: 'the first-run form did not show',
    });
  });

  it('a provider fills in its usual model; the prices are folded away', async () => {
    expect(await value(page, 'settings-model')).toBe('gpt-4.1-mini');
    await chooseProvider(page, 'anthropic');
    expect(await value(page, 'settings-model')).toBe('claude-sonnet-4-5');
    await chooseProvider(page, 'custom');
    expect(await value(page, 'settings-model')).toBe('');
    expect(await page.evaluate(() => document.querySelector<HTMLDetailsElement>('.prices')?.open)).toBe(false);
    expect(await page.text('.prices summary')).toBe('Cost estimate (optional)');
  });

  it('Test connection with no model lists the models and picks one; the list stays to choose from', async () => {
    await page.fill('[data-testid="settings-baseUrl"]', ctx.llm.baseUrl);
    await page.fill('[data-testid="settings-apiKey"]', KEY);
    await page.click('[data-testid="settings-test"]');
    await page.waitFor(() => document.querySelector('[data-testid="settings-model-picked"]') !== null, undefined, {
      message: 'no model was picked from the list',
    });
    expect(await value(page, 'settings-model')).toBe('test-model');
    expect(await page.text('[data-testid="test-result"]')).toMatch(/^Connected/);
    expect(await page.text('[data-testid="settings-model-picked"]')).toContain(
      'Picked test-model, one of the 2 models',
    );
    const options = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLOptionElement>('#settings-model-options option')].map((o) => o.value),
    );
    expect(options).toEqual(['test-model', 'other-model']);
    expect(
      await page.evaluate(() => document.querySelector('[data-testid="settings-model"]')?.getAttribute('list')),
    ).toBe('settings-model-options');
  });

  it('a model the provider does not offer is replaced by one it does after the test', async () => {
    await page.fill('[data-testid="settings-model"]', 'no-such-model');
    // Changing the settings drops the old result: it spoke for other settings.
    expect(await shown(page, 'test-result')).toBe(false);
    await page.click('[data-testid="settings-test"]');
    await page.waitFor(() => document.querySelector('[data-testid="settings-model-picked"]') !== null, undefined, {
      message: 'the model was not replaced',
    });
    expect(await page.text('[data-testid="test-result"]')).toContain('"no-such-model" is not available');
    expect(await value(page, 'settings-model')).toBe('test-model');
  });

  it('the chat switches model in one choice, and the next answer uses it', async () => {
    await page.click('[data-testid="settings-save"]');
    await page.waitFor(() => document.querySelectorAll('[data-testid="model-switch"] option').length === 2, undefined, {
      message: 'the chat model switch did not list the models',
    });
    expect(await value(page, 'model-switch')).toBe('test-model');
    await page.evaluate(() => {
      const select = document.querySelector<HTMLSelectElement>('[data-testid="model-switch"]')!;
      select.value = 'other-model';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await page.waitFor(
      () => document.querySelector<HTMLSelectElement>('[data-testid="model-switch"]')?.value === 'other-model',
      undefined,
      { message: 'the switch did not save the model' },
    );
    ctx.llm.script({ kind: 'text', chunks: ['From the other model.'] });
    await send(page, 'Hello');
    await waitForMessages(page, (m) => m.at(-1)?.role === 'assistant' && m.at(-1)?.status === 'done', 'no answer');
    const chat = ctx.llm.requests.filter((r) => r.path === '/v1/chat/completions').at(-1);
    expect(chat?.body).toMatchObject({ model: 'other-model' });
  });

  it('reopening Settings shows no old connection result', async () => {
    await showView(page, 'settings');
    expect(await value(page, 'settings-model')).toBe('other-model');
    await page.click('[data-testid="settings-test"]');
    await page.waitFor(() => document.querySelector('[data-testid="test-result"]') !== null, undefined, {
      message: 'no test result',
    });
    await showView(page, 'chat');
    await showView(page, 'settings');
    expect(await shown(page, 'test-result')).toBe(false);
  });
});
