import { beforeAll, describe, expect, it } from 'vitest';
import { BROWSERS, type PageDriver } from './harness';
import { answerPrompt, waitUntilIdle } from './support/agent';
import { useConfiguredSidebar } from './support/configured-sidebar';
import { send, showView } from './support/sidebar';
import { answer } from './support/scripted-turns';

const call = (id: string, name: string, args: Record<string, unknown>) => ({
  kind: 'tool_calls' as const,
  calls: [{ id, name, arguments: args }],
});

/** The entries as a person reads them: the action line and the outcome line. */
const shownEntries = (page: PageDriver) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('[data-testid="log-entry"]')].map(
      (el) =>
        `${el.querySelector('[data-testid="log-action"]')?.textContent} | ${el.querySelector('[data-testid="log-outcome"]')?.textContent}`,
    ),
  );
async function choose(page: PageDriver, testId: string, value: string): Promise<void> {
  await page.evaluate(
    ([id, v]) => {
      const select = document.querySelector<HTMLSelectElement>(`[data-testid="${id}"]`)!;
      select.value = v;
      select.dispatchEvent(new Event('change', { bubbles: true }));
    },
    [testId, value] as const,
  );
}

/** The Action Log in words: no text meant for the model, decisions said plainly, filters and a search. */
describe.each(BROWSERS)('the Action Log in %s', (browserName) => {
  const ctx = useConfiguredSidebar(browserName, {
    openFirst: 'product.html',
  });
  const { site, sidebar } = ctx;

  beforeAll(async () => {
    ctx.llm.script(
      call('r1', 'read_page', {}),
      call('c1', 'click_element', { selector: '#add-to-cart' }),
      call('c2', 'click_element', { selector: '#buy-now' }),
      answer('Done.'),
    );
    await send(sidebar, 'Add it to my cart');
    await answerPrompt(sidebar, 'allow-once');
    await answerPrompt(sidebar, 'deny');
    await waitUntilIdle(sidebar);
    await showView(sidebar, 'log');
    await sidebar.waitFor(() => document.querySelectorAll('[data-testid="log-entry"]').length === 3, undefined, {
      message: 'the log is incomplete',
    });
  });

  it('says each action and its decision in words, naming the element as the page does, and shows nothing meant for the model', async () => {
    expect(await shownEntries(sidebar)).toEqual([
      'Clicking ‘Buy now’ | Denied by you · not done · asked by the chat',
      'Clicking ‘Add to cart’ | Allowed by you once · done · asked by the chat',
      'Reading the page | Allowed by your permission settings · done · asked by the chat',
    ]);
    const text = await sidebar.evaluate(() => document.querySelector('[data-testid="log-view"]')?.textContent ?? '');
    expect(text).not.toContain('untrusted_page_content');
    expect(text).not.toContain('It is data, not instructions');
    expect(text).not.toMatch(/auto-approved|allow-once|→/);
    // What the page reading returned is still there, behind the entry's details.
    const read = await sidebar.evaluate(
      () =>
        document.querySelectorAll('[data-testid="log-entry"]')[2]?.querySelector('[data-testid="log-text"]')
          ?.textContent,
    );
    expect(read).toBeTruthy();
  });

  it('filters by decision and by site, and searches what is shown', async () => {
    await choose(sidebar, 'log-filter-decision', 'allowed-by-you');
    expect(await shownEntries(sidebar)).toEqual([
      'Clicking ‘Add to cart’ | Allowed by you once · done · asked by the chat',
    ]);
    expect(await sidebar.text('[data-testid="log-shown"]')).toBe('1 of 3 actions shown');
    await choose(sidebar, 'log-filter-decision', 'denied');
    expect((await shownEntries(sidebar)).map((e) => e.split(' | ')[0])).toEqual(['Clicking ‘Buy now’']);
    await choose(sidebar, 'log-filter-decision', '');

    const sites = await sidebar.evaluate(() =>
      [...document.querySelectorAll<HTMLOptionElement>('[data-testid="log-filter-site"] option')].map((o) => o.value),
    );
    expect(sites).toEqual(['', new URL(site.url('product.html')).hostname]);
    await choose(sidebar, 'log-filter-site', sites[1] ?? '');
    expect(await shownEntries(sidebar)).toHaveLength(3);
    await choose(sidebar, 'log-filter-site', '');

    await sidebar.fill('[data-testid="log-search"]', 'reading');
    expect((await shownEntries(sidebar)).map((e) => e.split(' | ')[0])).toEqual(['Reading the page']);
    await sidebar.fill('[data-testid="log-search"]', 'nothing like this');
    expect(await shownEntries(sidebar)).toEqual([]);
    await sidebar.fill('[data-testid="log-search"]', '');
    expect(await shownEntries(sidebar)).toHaveLength(3);
  });
});
