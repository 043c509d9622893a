import { mkdir } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { BROWSERS, type PageDriver } from './harness';
import { waitForPrompt, waitUntilIdle } from './support/agent';
import { axeViolations } from './support/axe';
import { useExtension } from './support/extension';
import { offScreen, PANEL_WIDTHS, SIDEBAR_VIEWS, sidewaysOverflow } from './support/layout';
import { configure, openSidebar, send, showView, waitForMessages } from './support/sidebar';
import { useSite } from './support/site';

/** A laptop's panel: the height at which a question once pushed Stop and the input box away. */
const HEIGHT = 600;
/** The test browser's own panel height, shorter still: a question's answers once sat under the input box. */
const SHORT_HEIGHT = 437;
/** Screenshots of each view, looked at by a person after the run (test-results/ is not committed). */
const SHOTS = 'test-results/layout';

/** Saves what the sidebar shows at `width` in the light and the dark theme, then gives the theme back to the system. */
async function shootThemes(sidebar: PageDriver, name: string, width: number, height = HEIGHT): Promise<void> {
  await mkdir(SHOTS, { recursive: true });
  for (const theme of ['light', 'dark']) {
    await sidebar.evaluate((t: string) => (document.documentElement.dataset.theme = t), theme);
    await sidebar.screenshot(`${SHOTS}/${name}-${width}-${theme}.png`, { width, height });
  }
  await sidebar.evaluate(() => delete document.documentElement.dataset.theme);
}

/** The sidebar at the widths a side panel gives it: nothing scrolls sideways, every view passes axe. */
describe.each(BROWSERS)('the sidebar at side-panel widths in %s', (browserName) => {
  const ctx = useExtension(browserName);
  const site = useSite();
  let sidebar: PageDriver;

  beforeAll(async () => {
    await ctx.session.openPage(site.url('product.html'));
    sidebar = await openSidebar(ctx.session);
  });

  it('first run: the setup form with its prices box fits every width', async () => {
    await sidebar.evaluate(() => {
      const select = document.querySelector<HTMLSelectElement>('[data-testid="settings-provider"]');
      if (select) {
        select.value = 'custom';
        select.dispatchEvent(new Event('change', { bubbles: true }));
      }
    });
    for (const width of PANEL_WIDTHS) {
      await sidebar.resize({ width, height: HEIGHT });
      expect(await sidebar.evaluate(() => document.querySelector('.prices') !== null)).toBe(true);
      expect(await sidewaysOverflow(sidebar), `${width} px`).toEqual([]);
      expect(await axeViolations(sidebar), `${width} px`).toEqual([]);
    }
  });

  it('a chat with an answer, a tool call and an open permission question fits every width', async () => {
    await sidebar.resize({ width: 480, height: HEIGHT });
    await configure(sidebar, ctx.llm);
    ctx.llm.script({
      kind: 'text',
      chunks: [
        '## Found it\n\n| Size | Price | Stock |\n| - | - | - |\n| M | 10 | 3 |\n\nSee [the shop](https://shop.example).',
      ],
    });
    await send(sidebar, 'What does it cost?');
    await waitForMessages(sidebar, (m) => m.at(-1)?.status === 'done', 'the answer did not finish');
    ctx.llm.script(
      { kind: 'tool_calls', calls: [{ id: 'r1', name: 'read_page', arguments: {} }] },
      { kind: 'tool_calls', calls: [{ id: 'c1', name: 'click_element', arguments: { selector: '#add-to-cart' } }] },
      { kind: 'text', chunks: ['Done.'] },
    );
    await send(sidebar, 'Add it to my cart');
    await waitForPrompt(sidebar);
    // The task's scope is in the status bar: the test server's default, the widest and longest in words.
    expect(await sidebar.evaluate(() => document.querySelector('[data-testid="status-scope"]')?.textContent)).toMatch(
      /^This task may: read, .* and confirm or approve$/,
    );
    for (const width of PANEL_WIDTHS) {
      await sidebar.resize({ width, height: HEIGHT });
      expect(await sidewaysOverflow(sidebar), `${width} px`).toEqual([]);
      expect(await axeViolations(sidebar), `${width} px`).toEqual([]);
    }
    await sidebar.click('[data-testid="decision-deny"]');
    await waitUntilIdle(sidebar);
  });

  it('a question open at 600 and 437 px high: Stop, the input box, the answers and the request stay on screen', async () => {
    await sidebar.resize({ width: 480, height: HEIGHT });
    ctx.llm.script(
      { kind: 'tool_calls', calls: [{ id: 'c2', name: 'click_element', arguments: { selector: '#add-to-cart' } }] },
      { kind: 'text', chunks: ['Done.'] },
    );
    await send(sidebar, 'Put the medium one in my cart, then tell me what the delivery costs to my address');
    await waitForPrompt(sidebar);
    for (const [width, height] of [
      ...PANEL_WIDTHS.map((w) => [w, HEIGHT] as const),
      ...PANEL_WIDTHS.map((w) => [w, SHORT_HEIGHT] as const),
    ]) {
      await sidebar.resize({ width, height });
      expect(await sidewaysOverflow(sidebar), `${width}×${height} px`).toEqual([]);
      // The panel does not scroll as a page: the question scrolls inside its own box.
      expect(
        await sidebar.evaluate(() => document.documentElement.scrollHeight - document.documentElement.clientHeight),
        `${width}×${height} px`,
      ).toBeLessThanOrEqual(0);
      expect(
        await offScreen(sidebar, [
          'stop',
          'composer-input',
          'prompt-request',
          'prompt-title',
          'decision-allow-once',
          'decision-deny',
        ]),
        `${width}×${height} px`,
      ).toEqual([]);
      expect(await sidebar.evaluate(() => document.querySelector('[data-testid="prompt-request"]')?.textContent)).toBe(
        'For your request: “Put the medium one in my cart, then tell me what the delivery costs to my address”',
      );
      if (height === HEIGHT) expect(await axeViolations(sidebar), `${width}×${height} px`).toEqual([]);
      if (width === 240 || width === 360)
        await shootThemes(sidebar, `question-${browserName}-${height}`, width, height);
    }
    await sidebar.click('[data-testid="decision-deny"]');
    await waitUntilIdle(sidebar);
  });

  for (const width of PANEL_WIDTHS) {
    it(`every view at ${width} px: the bar and the More menu fit, nothing scrolls sideways, axe finds nothing`, async () => {
      await sidebar.resize({ width, height: HEIGHT });
      await sidebar.click('[data-testid="views-more"]');
      expect(await sidewaysOverflow(sidebar), 'the More menu open').toEqual([]);
      await sidebar.press('Escape');
      await sidebar.waitFor(
        () => document.querySelector('[data-testid="views-more-list"]')?.hasAttribute('hidden'),
        undefined,
        {
          message: 'Escape did not close the More menu',
        },
      );
      for (const view of SIDEBAR_VIEWS) {
        await showView(sidebar, view);
        expect(await sidewaysOverflow(sidebar), view).toEqual([]);
        expect(await axeViolations(sidebar), view).toEqual([]);
        if (width === 240 || width === 360) await shootThemes(sidebar, `view-${browserName}-${view}`, width);
      }
    });
  }
});
