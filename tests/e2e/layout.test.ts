import { beforeAll, describe, expect, it } from 'vitest';
import { BROWSERS, type PageDriver } from './harness';
import { answerPrompt, waitForPrompt, waitUntilIdle } from './support/agent';
import { startStaticServer, testSiteDir } from '../fixtures/static-server';
import { axeViolations } from './support/axe';
import { useExtension } from './support/extension';
import {
  brokenLabels,
  clippedPlaceholders,
  faintDisabledButtons,
  focusedUnderSaveBar,
  offScreen,
  PANEL_WIDTHS,
  shootThemes,
  SIDEBAR_VIEWS,
  sidewaysOverflow,
} from './support/layout';
import { configure, openSidebar, send, showView, waitForMessages } from './support/sidebar';
import { useSite } from './support/site';

/** A laptop's panel: the height at which a question once pushed Stop and the input box away. */
const HEIGHT = 600;
/** The test browser's own panel height, shorter still: a question's answers once sat under the input box. */
const SHORT_HEIGHT = 437;

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
    // Settings is a chunk of its own: under load it may arrive after the sidebar has opened.
    await sidebar.waitFor(() => document.querySelector('[data-testid="settings-provider"]') !== null, undefined, {
      message: 'the setup form did not show',
    });
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
      // Shot first, so a failure below has its picture.
      if (width === 240 || width === 360)
        await shootThemes(sidebar, `question-${browserName}-${height}`, width, height);
      expect(await sidewaysOverflow(sidebar), `${width}×${height} px`).toEqual([]);
      // The panel does not scroll as a page: the question scrolls inside its own box.
      expect(
        await sidebar.evaluate(() => document.documentElement.scrollHeight - document.documentElement.clientHeight),
        `${width}×${height} px: ${await sidebar.evaluate(() =>
          [...document.querySelectorAll('body *')]
            .filter((el) => {
              if (el.getBoundingClientRect().bottom <= innerHeight + 1) return false;
              // Only what lengthens the page itself: no box between it and the page clips it.
              const positioned = getComputedStyle(el).position;
              if (positioned === 'fixed') return true;
              for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
                const style = getComputedStyle(up);
                if (style.overflowY !== 'visible' && (positioned !== 'absolute' || style.position !== 'static'))
                  return false;
              }
              return true;
            })
            .slice(-6)
            .map((el) => `${el.tagName}.${el.className} ${Math.round(el.getBoundingClientRect().bottom)}`)
            .join(', '),
        )}`,
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
    }
    await sidebar.click('[data-testid="decision-deny"]');
    await waitUntilIdle(sidebar);
  });

  it('a data-flow question ("send text read on one site to another") at 280 and 360 px', async () => {
    const other = await startStaticServer(testSiteDir, '127.0.0.2');
    try {
      const shop = await ctx.session.openPage(site.url('product.html'));
      await shop.evaluate(() => {
        const code = document.createElement('p');
        code.textContent = 'Your order code is ORD-483920.';
        document.body.append(code);
      });
      ctx.llm.script(
        { kind: 'tool_calls', calls: [{ id: 'f1', name: 'read_page', arguments: {} }] },
        { kind: 'tool_calls', calls: [{ id: 'f2', name: 'navigate', arguments: { url: `${other.url}/form.html` } }] },
        {
          kind: 'tool_calls',
          calls: [{ id: 'f3', name: 'type_text', arguments: { selector: '#name', text: 'ORD-483920' } }],
        },
        { kind: 'text', chunks: ['Not sent.'] },
      );
      await send(sidebar, 'Put my order code in the contact form');
      await answerPrompt(sidebar, 'allow-once');
      const flow = await waitForPrompt(sidebar);
      expect(flow.dataFlow).toContain('ORD-483920');
      for (const width of [280, 360]) {
        await sidebar.resize({ width, height: HEIGHT });
        expect(await sidewaysOverflow(sidebar), `${width} px`).toEqual([]);
        // What would leave, whole, above the answers (Firefox's longer access keys once pushed them onto two rows over it).
        expect(
          await offScreen(sidebar, [
            'stop',
            'composer-input',
            'decision-allow-once',
            'decision-deny',
            'prompt-data-flow-piece',
          ]),
        ).toEqual([]);
        // Each answer's label whole on its line: a chord that does not fit goes below it, not half of it.
        expect(await brokenLabels(sidebar, ['decision-allow-once', 'decision-deny']), `${width} px`).toEqual([]);
        await shootThemes(sidebar, `data-flow-${browserName}`, width, HEIGHT);
      }
      await sidebar.click('[data-testid="decision-deny"]');
      await waitUntilIdle(sidebar);
      await shop.close();
    } finally {
      await other.close();
    }
  });

  it('Settings at 280 × 437 px: a control focused as Tab reaches it is never under the sticky Save bar', async () => {
    await sidebar.resize({ width: 280, height: SHORT_HEIGHT });
    await showView(sidebar, 'settings');
    expect(await focusedUnderSaveBar(sidebar)).toEqual([]);
  });

  for (const width of PANEL_WIDTHS) {
    it(`every view at ${width} px: the bar and the More menu fit, nothing scrolls sideways, every placeholder is whole, axe finds nothing`, async () => {
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
        expect(await clippedPlaceholders(sidebar), view).toEqual([]);
        // Both themes: axe, and the disabled buttons axe leaves out ("Plan the steps" before anything is typed).
        for (const theme of ['light', 'dark']) {
          await sidebar.evaluate((t: string) => (document.documentElement.dataset.theme = t), theme);
          expect(await axeViolations(sidebar), `${view}, ${theme}`).toEqual([]);
          expect(await faintDisabledButtons(sidebar), `${view}, ${theme}`).toEqual([]);
        }
        await sidebar.evaluate(() => delete document.documentElement.dataset.theme);
        if (width === 240 || width === 360) await shootThemes(sidebar, `view-${browserName}-${view}`, width, HEIGHT);
      }
    });
  }
});
