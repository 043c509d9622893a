import { describe, expect, it } from 'vitest';
import type { PageDriver } from './harness';
import { allowUntilIdle, answerPrompt, openOnly, startFresh, waitUntilIdle } from './support/agent';
import { useConfiguredSidebar } from './support/configured-sidebar';
import { indexByLabel } from './support/listing';
import { send, showView } from './support/sidebar';
import type { Step } from '../fixtures/llm-server/script';
import { startRecordingServer } from '../hardening/recording-server';
import { call, toolResults } from './support/scripted-turns';

/**
 * A scripted model that reads the page, then makes each call in turn, finding its element by the
 * label the listing gives it. `seen` collects the tool results, as the model was told them.
 */
function plan(calls: ((listing: string) => [string, object])[], seen: string[]) {
  return (body: unknown): Step => {
    const results = toolResults(body);
    // What the action said, without the marking of page content around it.
    seen.splice(0, seen.length, ...results.map((r) => r.replace(/^<untrusted_page_content>\n/, '')));
    if (results.length === 0) return call('read_page', {});
    const next = calls[results.length - 1];
    return next ? call(...next(results[0] ?? '')) : { kind: 'text', chunks: ['Done.'] };
  };
}
const confirm = (listing: string): [string, object] => [
  'click_element',
  { index: indexByLabel(listing, 'button', 'Confirm') },
];
const keyK = (listing: string): [string, object] => [
  'press_key',
  { index: indexByLabel(listing, 'textbox', 'Code'), key: 'k' },
];
// "Name" holds "old": typing replaces it.
const typeName = (listing: string): [string, object] => [
  'type_text',
  { index: indexByLabel(listing, 'textbox', 'Name'), text: 'Ada' },
];
const fillName = (): [string, object] => ['fill_form', { fields: [{ selector: '#name', value: 'Bo' }] }];
const addToName = (): [string, object] => ['type_text', { selector: '#name', text: '!', clear: false }];
const dropCard = (listing: string): [string, object] => [
  'drag',
  { index: indexByLabel(listing, 'button', 'Card'), toSelector: '#zone' },
];

/**
 * Counts the content script's TRUSTED_INPUT requests from now on: every extension page hears a
 * content script's runtime message as the background does, the sidebar included.
 */
async function countTrustedRequests(sidebar: PageDriver): Promise<() => Promise<number>> {
  await sidebar.evaluate(() => {
    const counted = globalThis as unknown as { trustedRequests?: number };
    if (counted.trustedRequests === undefined)
      chrome.runtime.onMessage.addListener((m: unknown) => {
        if ((m as { type?: string } | null)?.type === 'TRUSTED_INPUT') counted.trustedRequests! += 1;
      });
    counted.trustedRequests = 0;
  });
  return () => sidebar.evaluate(() => (globalThis as unknown as { trustedRequests: number }).trustedRequests);
}
const hoverProducts = (listing: string): [string, object] => [
  'hover',
  { index: indexByLabel(listing, 'link', 'Products') },
];
const readAgain = (): [string, object] => ['read_page', {}];
/** Whether the CSS menu's first item is under the browser's own `:hover`, its sub-menu shown, and Bosun's stand-in for `:hover` used. */
const menuState = (page: PageDriver) =>
  page.evaluate(() => {
    const menu = document.querySelector('.menu') as Element;
    return {
      hover: menu.matches(':hover'),
      shown: getComputedStyle(menu.querySelector('.submenu') as Element).display === 'block',
      standIn: document.querySelector('[data-bosun-hover]') !== null,
    };
  });

const nameValue = (page: PageDriver) =>
  page.evaluate(() => (document.getElementById('name') as HTMLInputElement).value);

/**
 * Trusted input (Chrome): the page's handlers act only on `isTrusted` events. The test browser's copy
 * of Bosun holds the debugger permission already (a test cannot click Chrome's prompt), so turning
 * the switch on in Settings asks for it and Chrome grants it at once, as after a person's Allow.
 */
describe('trusted input in chromium', () => {
  const ctx = useConfiguredSidebar('chromium', { launch: { grantOptional: ['debugger'] }, fresh: true });
  const { site, sidebar } = ctx;

  const seen: string[] = [];

  const switchState = () =>
    sidebar.evaluate(() => document.querySelector<HTMLInputElement>('[data-testid="trusted-input-switch"]')?.checked);
  /** Turns the switch on as a person does, in Settings, unless an earlier test did. */
  async function turnOn() {
    await showView(sidebar, 'settings');
    if (!(await switchState())) await sidebar.click('[data-testid="trusted-input-switch"]');
    await sidebar.waitFor(
      () => document.querySelector<HTMLInputElement>('[data-testid="trusted-input-switch"]')?.checked,
      undefined,
      { message: 'trusted input was not turned on' },
    );
    await showView(sidebar, 'chat');
  }

  it('is off by default: script events reach the page, which ignores them', async () => {
    await showView(sidebar, 'settings');
    expect(await switchState()).toBe(false);
    await showView(sidebar, 'chat');
    const page = await openOnly(ctx.session, sidebar, site.url('widgets/trusted.html'));
    ctx.llm.respondWith(plan([confirm], seen));
    await send(sidebar, 'Press Confirm');
    await answerPrompt(sidebar, 'allow-once');
    await waitUntilIdle(sidebar);
    expect(seen[1]).toMatch(/^Clicked \[\d+\] button "Confirm"\n/);
    expect(seen[1]).not.toMatch(/trusted input/);
    expect(await page.text('#click-state')).toBe('nothing');
    await page.close();
  });

  it('off, clicks, keys, typing and an HTML5 drop use script events and never ask the background', async () => {
    const page = await openOnly(ctx.session, sidebar, site.url('widgets/trusted.html'));
    const requests = await countTrustedRequests(sidebar);
    ctx.llm.respondWith(plan([confirm, keyK, typeName, fillName, addToName, dropCard], seen));
    await send(sidebar, 'Confirm, type k in Code, type Ada in Name, then Bo, add ! and drop the card in the zone');
    await allowUntilIdle(sidebar, 'allow-once');
    expect(seen.slice(1)).toEqual([
      expect.stringMatching(/^Clicked .*"Confirm"/),
      expect.stringMatching(/^Pressed k on .*"Code"/),
      expect.stringMatching(/^Typed 3 characters into .*"Name"/),
      expect.stringMatching(/^Filled 1 of 1 fields\nTyped 2 characters into textbox "Name"\n/),
      expect.stringMatching(/^Typed 1 character into #name/),
      expect.stringMatching(/^Dragged .*"Card" onto .*\(HTML5 drag and drop: the drop was accepted where it ended\)/),
    ]);
    for (const result of seen.slice(1)) expect(result).not.toMatch(/trusted input/);
    expect(await page.text('#type-state')).toBe('untrusted input ignored');
    expect(await nameValue(page)).toBe('Bo!');
    expect(await page.text('#drop-state')).toBe('untrusted drop ignored');
    expect(await requests()).toBe(0);
    await page.close();
  });

  it('turns on in Settings; a debugger detached mid-task is attached again, and the key still arrives as trusted', async () => {
    await turnOn();
    const page = await openOnly(ctx.session, sidebar, site.url('widgets/trusted.html'));
    ctx.llm.respondWith(plan([confirm, keyK], seen));
    await send(sidebar, 'Confirm, then type k in Code');
    await answerPrompt(sidebar, 'allow-once');
    await page.waitFor(() => document.getElementById('click-state')?.textContent === 'trusted click, detail 1');
    // The task now waits for the second question: another client takes the debugger off the tab meanwhile.
    await sidebar.waitFor(() => document.querySelector('[data-testid="permission-prompt"]') !== null);
    const detached = await sidebar.evaluate(async (url) => {
      const [tab] = await chrome.tabs.query({ url });
      const targets = await chrome.debugger.getTargets();
      return chrome.debugger.detach({ tabId: tab!.id! }).then(
        () => 'detached',
        (error: unknown) => `${String(error)} ${tab!.id} ${JSON.stringify(targets)}`,
      );
    }, site.url('widgets/trusted.html'));
    expect(detached).toBe('detached');
    await answerPrompt(sidebar, 'allow-once');
    await waitUntilIdle(sidebar);
    expect(seen[2]).toMatch(/^Pressed k on .*"Code".* with trusted input/s);
    expect(await page.text('#key-state')).toBe('trusted k (KeyK, 75)');
    await page.close();
  });
  it('uses script events when another debugger holds the tab, and the result says why', async () => {
    await turnOn();
    const url = site.url('widgets/trusted.html');
    const page = await openOnly(ctx.session, sidebar, url);
    const held = await sidebar.evaluate(async (address) => {
      const [tab] = await chrome.tabs.query({ url: address });
      await chrome.debugger.attach({ tabId: tab!.id! }, '1.3');
      return tab!.id!;
    }, url);
    ctx.llm.respondWith(plan([confirm], seen));
    await send(sidebar, 'Press Confirm');
    await answerPrompt(sidebar, 'allow-once');
    await waitUntilIdle(sidebar);
    await sidebar.evaluate((tabId) => chrome.debugger.detach({ tabId }), held);
    expect(seen[1]).toMatch(
      /^Clicked \[\d+\] button "Confirm" with script events \(trusted input was not used: another debugger .* is attached to the tab\)\n/,
    );
    expect(await page.text('#click-state')).toBe('nothing');
    await page.close();
  });

  it('clicks, double-clicks, presses a key, drags and clicks in an iframe as trusted input', async () => {
    await turnOn();
    const page = await openOnly(ctx.session, sidebar, site.url('widgets/trusted.html'));
    ctx.llm.respondWith(
      plan(
        [
          confirm,
          keyK,
          (l) => ['drag', { index: indexByLabel(l, 'button', 'Handle'), dx: 120 }],
          (l) => ['click_element', { index: indexByLabel(l, 'button', 'Inner confirm') }],
          (l) => ['double_click', { index: indexByLabel(l, 'button', 'Confirm') }],
        ],
        seen,
      ),
    );
    await send(sidebar, 'Confirm, type k in Code, drag the handle right and confirm inside the frame');
    // Each kind of action is asked about once, then allowed on this site.
    await allowUntilIdle(sidebar);
    expect(seen.slice(1)).toEqual([
      expect.stringMatching(/^Clicked .*"Confirm".* with trusted input/s),
      expect.stringMatching(/^Pressed k on .*"Code".* with trusted input: the browser handled it as a real key press/s),
      expect.stringMatching(
        /^Dragged .*"Handle" by 120px across.*dragged with the mouse button held with trusted input/s,
      ),
      expect.stringMatching(/^Clicked .*"Inner confirm".* with trusted input/s),
      expect.stringMatching(/^Double-clicked .*"Confirm" with trusted input; the page changed/s),
    ]);
    expect(await page.text('#key-state')).toBe('trusted k (KeyK, 75)');
    expect(await page.text('#drag-state')).toMatch(/^trusted drag by 120 px in \d+ moves$/);
    // The inner button's centre, in the frame's own coordinates: the frame offset was added, not doubled.
    expect(await page.text('#frame-state')).toMatch(/^trusted click at \d+,\d+$/);
    expect(await page.text('#click-state')).toBe('trusted click, detail 2');
    // The task is over: Bosun has let go of the tab (and Chrome's bar goes with it), well before its
    // idle time: another debugger may attach now.
    const free = await sidebar.evaluate(async (address) => {
      const [tab] = await chrome.tabs.query({ url: address });
      const target = { tabId: tab!.id! };
      const deadline = Date.now() + 3000;
      while (Date.now() < deadline) {
        if (
          await chrome.debugger.attach(target, '1.3').then(
            () => true,
            () => false,
          )
        ) {
          await chrome.debugger.detach(target);
          return true;
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return false;
    }, site.url('widgets/trusted.html'));
    expect(free).toBe(true);
    expect(ctx.llm.failures).toEqual([]);
    await page.close();
  });

  it("refuses a press that would land on another site's frame the page slid under the pointer, and says why", async () => {
    await turnOn();
    // Another local host's one-click "Buy now" page, which the shop holds in a frame under its button.
    const BUY =
      '<!doctype html><title>Offers</title><body style="margin:0"><button style="width:100%;height:60px" ' +
      "onclick=\"fetch('/buy', { method: 'POST' })\">Buy now</button></body>";
    const offers = await startRecordingServer('127.0.0.2', (path) => (path === '/buy-now' ? BUY : null));
    try {
      const url = site.url(`widgets/wishlist-trap.html?frame=${encodeURIComponent(`${offers.url}/buy-now`)}`);
      const page = await openOnly(ctx.session, sidebar, url);
      await page.waitFor(() => document.querySelector('iframe')?.contentWindow !== null);
      const wish = (l: string): [string, object] => [
        'click_element',
        { index: indexByLabel(l, 'button', 'Add to wishlist') },
      ];
      const note = (l: string): [string, object] => [
        'type_text',
        { index: indexByLabel(l, 'textbox', 'Note'), text: 'size 44' },
      ];
      ctx.llm.respondWith(plan([wish, note], seen));
      await send(sidebar, 'Add the shoes to my wishlist, then note my size 44');
      await allowUntilIdle(sidebar, 'allow-once');
      // The frame was there, loaded, under the button; it was never pressed.
      expect(offers.log.map((r) => `${r.method} ${r.path}`)).toContain('GET /buy-now');
      expect(offers.log.filter((r) => r.path === '/buy')).toEqual([]);
      expect(seen[1]).toMatch(/^refused: the page put something else under the pointer; Bosun stopped pressing\./);
      // Typing stops once the page moves the focus into the frame: the rest is not typed there.
      expect(seen[2]).toMatch(/^refused: the page moved the focus elsewhere; Bosun stopped pressing\./);
      await page.close();
    } finally {
      await offers.close();
    }
  });

  it('types into a field, replacing its text, and drops onto an HTML5 drop zone as trusted input', async () => {
    await turnOn();
    const page = await openOnly(ctx.session, sidebar, site.url('widgets/trusted.html'));
    const requests = await countTrustedRequests(sidebar);
    ctx.llm.respondWith(plan([typeName, fillName, addToName, dropCard], seen));
    await send(sidebar, 'Type Ada in Name, then fill in Bo, add ! and drop the card in the zone');
    await allowUntilIdle(sidebar);
    expect(seen.slice(1)).toEqual([
      expect.stringMatching(/^Typed 3 characters into .*"Name" with trusted input/),
      expect.stringMatching(
        /^Filled 1 of 1 fields with trusted input\nTyped 2 characters into textbox "Name" with trusted input\n/,
      ),
      expect.stringMatching(/^Typed 1 character into #name with trusted input/),
      expect.stringMatching(
        /^Dragged .*"Card" onto .*\(HTML5 drag and drop: the drop was accepted where it ended with trusted input\)/,
      ),
    ]);
    // Each text replaced the last one, except the one added at the end.
    expect(await page.text('#type-state')).toBe('trusted "Bo!" after 6 keys');
    expect(await nameValue(page)).toBe('Bo!');
    expect(await page.text('#drop-state')).toBe('trusted drop of "card"');
    expect(await requests()).toBe(4);
    await page.close();
  });

  it('hovers with a real pointer: a menu shown only by CSS :hover opens and stays open for the next reading', async () => {
    await turnOn();
    const page = await openOnly(ctx.session, sidebar, site.url('widgets/css-menu.html'));
    ctx.llm.respondWith(plan([hoverProducts, readAgain], seen));
    await send(sidebar, 'Show me the Products menu');
    await allowUntilIdle(sidebar);
    expect(seen[1]).toMatch(/^The pointer is over .*"Products" with trusted input and stays there/);
    // The page read again while the mask is up: the sub-menu is on screen, listed as any link.
    expect(seen[2]).toMatch(/\]link "Laptops"$/m);
    // The browser's own :hover applies; Bosun's stand-in for it is not used.
    expect(await menuState(page)).toEqual({ hover: true, shown: true, standIn: false });
    await page.close();
  });
});

describe('trusted input in firefox', () => {
  const ctx = useConfiguredSidebar('firefox');
  const { site, sidebar } = ctx;

  const seen: string[] = [];

  it('types and drops with script events, which the page sees as untrusted', async () => {
    await startFresh(sidebar);
    const page = await openOnly(ctx.session, sidebar, site.url('widgets/trusted.html'));
    ctx.llm.respondWith(plan([typeName, dropCard], seen));
    await send(sidebar, 'Type Ada in Name and drop the card in the zone');
    await allowUntilIdle(sidebar);
    expect(seen.slice(1)).toEqual([
      expect.stringMatching(/^Typed 3 characters into .*"Name"/),
      expect.stringMatching(/^Dragged .*"Card" onto .*\(HTML5 drag and drop: the drop was accepted where it ended\)/),
    ]);
    for (const result of seen.slice(1)) expect(result).not.toMatch(/trusted input/);
    expect(await page.text('#type-state')).toBe('untrusted input ignored');
    expect(await nameValue(page)).toBe('Ada');
    expect(await page.text('#drop-state')).toBe('untrusted drop ignored');
    await page.close();
  });

  it("hovers with script events: a CSS :hover menu is shown by Bosun's stand-in for :hover, not the browser's", async () => {
    await startFresh(sidebar);
    const page = await openOnly(ctx.session, sidebar, site.url('widgets/css-menu.html'));
    ctx.llm.respondWith(plan([hoverProducts, readAgain], seen));
    await send(sidebar, 'Show me the Products menu');
    await allowUntilIdle(sidebar);
    expect(seen[1]).toMatch(/^The pointer is over .*"Products" and stays there/);
    expect(seen[1]).not.toMatch(/trusted input/);
    expect(seen[2]).toMatch(/\]link "Laptops"$/m);
    expect(await menuState(page)).toEqual({ hover: false, shown: true, standIn: true });
    await page.close();
  });

  it('shows the switch disabled as not available, and the background refuses to turn it on', async () => {
    await showView(sidebar, 'settings');
    expect(
      await sidebar.evaluate(() => {
        const input = document.querySelector<HTMLInputElement>('[data-testid="trusted-input-switch"]');
        return { checked: input?.checked, disabled: input?.disabled };
      }),
    ).toEqual({ checked: false, disabled: true });
    expect(await sidebar.text('[data-testid="trusted-input-unavailable"]')).toMatch(/^Not available in Firefox/);

    const replies = await sidebar.evaluate(async () => {
      const received: { type: string; payload: unknown }[] = [];
      const port = browser.runtime.connect({ name: 'sidebar' });
      port.onMessage.addListener((m) => void received.push(m as (typeof received)[number]));
      port.postMessage({ type: 'SET_TRUSTED_INPUT', payload: { on: true } });
      const deadline = Date.now() + 10_000;
      while (Date.now() < deadline && !received.some((m) => m.type === 'ERROR'))
        await new Promise((resolve) => setTimeout(resolve, 50));
      port.disconnect();
      // A sidebar opened afterwards is told what the background holds.
      const again = browser.runtime.connect({ name: 'sidebar' });
      const state = await new Promise<unknown>((resolve) => {
        again.onMessage.addListener((m) => {
          const { type, payload } = m as { type: string; payload: unknown };
          if (type === 'TRUSTED_INPUT') resolve(payload);
        });
        setTimeout(() => resolve(null), 3000);
      });
      again.disconnect();
      return { errors: received.filter((m) => m.type === 'ERROR').map((m) => m.payload), state };
    });
    expect(replies.errors).toEqual([
      { error: expect.stringMatching(/^Not available in Firefox/), inReplyTo: 'SET_TRUSTED_INPUT' },
    ]);
    expect(replies.state).toEqual({ available: false, on: false });
  });
});
