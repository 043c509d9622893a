import { beforeAll, describe, expect, it } from 'vitest';
import { BROWSERS, type PageDriver } from './harness';
import { useExtension } from './support/extension';
import { askTab, useSite } from './support/site';
import { indexMatching } from './support/listing';

interface Read {
  title: string;
  url: string;
  markdown: string;
  product: Record<string, string> | null;
  interactiveElements: string;
  snapshotId: string;
  elementCount: number;
  truncated: boolean;
}
type Reply = { success: boolean; message?: string; error?: string };

describe.each(BROWSERS)('page engine in %s', (browserName) => {
  const ctx = useExtension(browserName);
  const site = useSite();
  let bosun: PageDriver;
  let page: PageDriver;
  let url: string;
  const ask = <R = Reply>(message: unknown) => askTab<R>(bosun, url, message);
  const read = (payload?: unknown) => ask<Read>(payload ? { type: 'READ_PAGE', payload } : { type: 'READ_PAGE' });
  const pageText = (selector: string) => page.evaluate((s) => document.querySelector(s)?.textContent ?? '', selector);

  beforeAll(async () => {
    bosun = await ctx.session.openExtensionPage('sidebar.html');
    url = site.url('engine.html');
    page = await ctx.session.openPage(url);
    await page.waitFor(
      () =>
        document.querySelector('shadow-widget')?.shadowRoot !== null &&
        (document.getElementById('frame') as HTMLIFrameElement).contentDocument?.readyState === 'complete',
    );
  });

  it('reads a product page: markdown, product data and labelled elements', async () => {
    const productUrl = site.url('product.html');
    const product = await ctx.session.openPage(productUrl);
    const result = await askTab<Read>(bosun, productUrl, { type: 'READ_PAGE' });
    expect(result.title).toMatch(/Trail Runner 2/);
    expect(result.url).toBe(productUrl);
    expect(result.markdown).toMatch(/Trail Runner 2/);
    expect(result.product).toMatchObject({
      name: 'Trail Runner 2',
      price: '89.99',
      currency: 'USD',
      brand: 'Stride',
      rating: '4.6',
    });
    expect(result.interactiveElements).toMatch(/\[\d+\]button "Add to cart"/);
    expect(result.interactiveElements).toMatch(/\[\d+\]button "Buy now"/);
    await product.close();
  });

  it('reads an article as markdown through Readability, with GFM tables and strikethrough', async () => {
    const articleUrl = site.url('article.html');
    const article = await ctx.session.openPage(articleUrl);
    const result = await askTab<Read>(bosun, articleUrl, { type: 'READ_PAGE' });
    expect(result.markdown).toMatch(/^# River Guide/);
    expect(result.markdown).toContain('~~old fares~~');
    expect(result.markdown).toMatch(/\| Crossing \| Depth \|\n\| --- \| --- \|\n\| Ford \| 1 m \|/);
    expect(result.markdown).not.toContain('Contact us');
    expect(result.product).toBeNull();
    await article.close();
  });

  it('lists what a person could operate, with labels, inside shadow roots and iframes, and nothing hidden or covered', async () => {
    const result = await read();
    const listing = result.interactiveElements;
    for (const expected of [
      /\]link "Home"$/m,
      /\]button "Plain button"$/m,
      /\]button "Disabled button" disabled$/m,
      /\]checkbox "I agree"$/m,
      /\]select "Size" =Medium$/m,
      /\]button "Shadow action"$/m,
      /\]textbox "Frame input"$/m,
      /\]textbox "Email"$/m,
      /\]button "Bottom button"$/m,
      /\]button "Pinned help"$/m,
      /\]link "Card link"$/m,
    ])
      expect(listing).toMatch(expected);
    // Covered by an overlay, and by a link's ::after stretched over its card.
    for (const absent of ['Hidden button', 'Invisible button', 'Covered button', 'Under the card link'])
      expect(listing).not.toContain(absent);
    expect(result.elementCount).toBe(listing.split('\n').length);
    // What shadow roots hold, nested ones included, is listed once.
    expect(listing.match(/\]clickable "Shadow chip"$/gm)).toHaveLength(1);
    expect(listing.match(/\]button "Nested shadow action"$/gm)).toHaveLength(1);
    // Text in a shadow root reads as the person sees it, slotted content in place.
    expect(result.markdown).toContain('Ships in 3 days from the shadow warehouse.');
    // Compact: a line costs well under 40 characters on average.
    expect(listing.length / result.elementCount).toBeLessThan(40);
  });

  it('in viewport mode lists what is on screen, with a fixed element declared far below, and nothing covered', async () => {
    await page.evaluate(() => scrollTo(0, 0));
    const listing = (await read({ viewportOnly: true })).interactiveElements;
    expect(listing).toMatch(/\]button "Plain button"$/m);
    expect(listing).toMatch(/\]button "Pinned help"$/m);
    for (const absent of ['Bottom button', 'Covered button', 'Under the card link'])
      expect(listing).not.toContain(absent);
  });

  it('clicks by index with the events a person produces, and reports disabled and covered targets', async () => {
    const { interactiveElements: listing, snapshotId } = await read();
    const click = await ask({
      type: 'CLICK_ELEMENT',
      payload: { index: indexMatching(listing, /"Plain button"/), snapshotId },
    });
    expect(click).toEqual({ success: true, message: expect.stringMatching(/^Clicked \[\d+\] button "Plain button"$/) });
    expect(await pageText('#log')).toBe('plain clicked');
    // A tab in the background gets no focus event, but the element takes focus all the same.
    expect((await pageText('#events')).replace(',focus', '')).toBe('pointerdown,mousedown,pointerup,mouseup,click');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('plain');

    const disabled = await ask({
      type: 'CLICK_ELEMENT',
      payload: { index: indexMatching(listing, /"Disabled button"/), snapshotId },
    });
    expect(disabled).toEqual({
      success: false,
      error: expect.stringMatching(/^disabled: .*"Disabled button" is disabled/),
    });
    const covered = await ask({ type: 'CLICK_ELEMENT', payload: { selector: '#covered' } });
    expect(covered).toEqual({ success: false, error: expect.stringMatching(/^covered by <div\.cover>/) });
    expect(await pageText('#log')).toBe('plain clicked');
    const missing = await ask({ type: 'CLICK_ELEMENT', payload: { selector: '#nothing-here' } });
    expect(missing).toEqual({ success: false, error: 'Element not found: #nothing-here' });
  });

  it('acts inside a shadow root and an iframe, toggles, selects and scrolls to a far element', async () => {
    const { interactiveElements: listing, snapshotId } = await read();
    expect(
      await ask({ type: 'CLICK_ELEMENT', payload: { index: indexMatching(listing, /"Shadow action"/), snapshotId } }),
    ).toMatchObject({ success: true });
    expect(await pageText('#log')).toBe('shadow clicked');
    expect(
      await ask({
        type: 'FILL_FORM',
        payload: { index: indexMatching(listing, /"Frame input"/), snapshotId, text: 'hello frame' },
      }),
    ).toMatchObject({ success: true });
    expect(await pageText('#log')).toBe('frame typed hello frame');
    expect(
      await ask({ type: 'CLICK_ELEMENT', payload: { index: indexMatching(listing, /"I agree"/), snapshotId } }),
    ).toMatchObject({ success: true });
    expect(await pageText('#log')).toBe('agree true');
    const select = await ask({
      type: 'SELECT_OPTIONS',
      payload: { index: indexMatching(listing, /select "Size"/), snapshotId, optionTexts: ['large'] },
    });
    expect(select).toEqual({
      success: true,
      message: expect.stringMatching(/^Selected "Large" in \[\d+\] select "Size"$/),
    });
    expect(await pageText('#log')).toBe('size Large');
    const badOption = await ask({
      type: 'SELECT_OPTIONS',
      payload: { index: indexMatching(listing, /select "Size"/), snapshotId, optionTexts: ['Huge'] },
    });
    expect(badOption.error).toBe(
      'Option not found: [' +
        indexMatching(listing, /select "Size"/) +
        '] select "Size" has no option "Huge". Options: "Small", "Medium", "Large".',
    );
    expect(
      await ask({ type: 'CLICK_ELEMENT', payload: { index: indexMatching(listing, /"Bottom button"/), snapshotId } }),
    ).toMatchObject({ success: true });
    expect(await pageText('#log')).toBe('bottom clicked');
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
  });

  it('scrolls the page and says where it is', async () => {
    const top = await ask<Reply & { position: number }>({ type: 'SCROLL_PAGE', payload: { direction: 'top' } });
    expect(top).toMatchObject({ success: true, message: 'Scrolled to top', position: 0 });
    const down = await ask<Reply & { position: number; max: number }>({
      type: 'SCROLL_PAGE',
      payload: { direction: 'down', amount: 500 },
    });
    expect(down).toMatchObject({ success: true, position: 500 });
    expect(await page.evaluate(() => Math.round(window.scrollY))).toBe(500);
  });

  it('types into a form and submits it', async () => {
    const filled = await ask({
      type: 'FILL_FORM',
      payload: { selector: '#email', text: 'ada@example.com', submit: true },
    });
    expect(filled).toEqual({ success: true, message: 'Filled and submitted: #email' });
    expect(await pageText('#signed')).toBe('Signed up: ada@example.com');
  });

  it('types with or without clearing, fills many fields, waits for an element and gets content', async () => {
    await ask({ type: 'FILL_FORM', payload: { selector: '#email', text: 'ada' } });
    const appended = await ask({
      type: 'FILL_FORM',
      payload: { selector: '#email', text: '@example.org', clear: false },
    });
    expect(appended).toMatchObject({ success: true, selector: '#email', text: '@example.org' });
    expect(await page.evaluate(() => (document.getElementById('email') as HTMLInputElement).value)).toBe(
      'ada@example.org',
    );

    const many = await ask({
      type: 'FILL_FIELDS',
      payload: {
        fields: [
          { selector: '#email', value: 'x@y.z' },
          { selector: '#nope', value: 'v' },
        ],
      },
    });
    // Every field is found first: one that is not there changes nothing.
    expect(many).toMatchObject({
      success: false,
      error: 'Field 2 of 2: Element not found: #nope. Nothing was filled.',
    });
    expect(await page.evaluate(() => (document.getElementById('email') as HTMLInputElement).value)).toBe(
      'ada@example.org',
    );

    await page.evaluate(() => setTimeout(() => document.getElementById('add')?.click(), 300));
    const waited = await ask({
      type: 'WAIT_FOR_ELEMENT',
      payload: { selector: '#items button:last-child', timeoutMs: 5000 },
    });
    expect(waited).toMatchObject({ success: true, found: true });
    const timedOut = await ask({ type: 'WAIT_FOR_ELEMENT', payload: { selector: '#never', timeoutMs: 200 } });
    expect(timedOut).toEqual({
      success: false,
      selector: '#never',
      found: false,
      error: 'Timeout waiting for element: #never',
      failure: 'timeout',
    });

    expect(await ask({ type: 'GET_CONTENT', payload: { type: 'title' } })).toEqual({
      success: true,
      type: 'title',
      content: 'Engine Test Page',
    });
    const links = await ask<{ content: { text: string; href: string }[] }>({
      type: 'GET_CONTENT',
      payload: { type: 'links', selector: 'nav' },
    });
    expect(links.content).toEqual([
      { text: 'Home', href: site.url('index.html') },
      { text: 'Contact', href: site.url('form.html') },
    ]);
    const text = await ask<{ content: string }>({ type: 'GET_CONTENT', payload: { type: 'text', selector: 'h1' } });
    expect(text.content).toBe('Engine test page');
  });

  it('marks new elements and refuses a stale index instead of acting on the wrong element', async () => {
    const first = await read();
    await ask({
      type: 'CLICK_ELEMENT',
      payload: { index: indexMatching(first.interactiveElements, /"Add item"/), snapshotId: first.snapshotId },
    });
    const second = await read();
    const starred = second.interactiveElements.split('\n').filter((l) => l.startsWith('*'));
    expect(starred).toEqual([expect.stringMatching(/^\*\[\d+\]button "Item \d+"$/)]);
    expect(second.interactiveElements).toMatch(/^\[\d+\]button "Add item"$/m);

    const fromOlder = await ask({
      type: 'CLICK_ELEMENT',
      payload: { index: indexMatching(first.interactiveElements, /"Plain button"/), snapshotId: first.snapshotId },
    });
    expect(fromOlder.error).toMatch(/^Stale index: element \d+ is from an older reading of the page/);

    const target = indexMatching(second.interactiveElements, /"Mutable target"/);
    await page.evaluate(() => document.getElementById('rename')?.click());
    const changed = await ask({ type: 'CLICK_ELEMENT', payload: { index: target, snapshotId: second.snapshotId } });
    expect(changed.error).toBe(
      `Stale index: element ${target} changed since the page was read (was button "Mutable target", now button "Renamed target"). Read the page again.`,
    );
  });

  it('types into a React controlled input so that React keeps the value', async () => {
    const reactUrl = site.url('react.html');
    const react = await ctx.session.openPage(reactUrl);
    await react.waitFor(() => document.getElementById('react-name') !== null);
    const state = await askTab<Read>(bosun, reactUrl, { type: 'READ_PAGE' });
    const index = indexMatching(state.interactiveElements, /textbox "Your name"/);
    const typed = await askTab<Reply>(bosun, reactUrl, {
      type: 'FILL_FORM',
      payload: { index, snapshotId: state.snapshotId, text: 'Ada Lovelace' },
    });
    expect(typed).toMatchObject({ success: true });
    await react.click('#rerender');
    expect(await react.text('#state')).toBe('state=Ada Lovelace;renders=1');
    expect(await react.evaluate(() => (document.getElementById('react-name') as HTMLInputElement).value)).toBe(
      'Ada Lovelace',
    );
    await react.close();
  });

  it("shows a mask that holds back the person's typing, highlights on request, and leaves nothing behind", async () => {
    const overlays = () => page.evaluate(() => document.querySelectorAll('bosun-overlay').length);
    await page.evaluate(() => {
      const email = document.getElementById('email') as HTMLInputElement;
      email.value = '';
      email.focus();
    });
    await ask({ type: 'SHOW_MASK' });
    expect(await overlays()).toBe(1);
    await page.press('x');
    expect(await page.evaluate(() => (document.getElementById('email') as HTMLInputElement).value)).toBe('');
    // Bosun's own actions still reach the page under the mask.
    const state = await read();
    await ask({
      type: 'CLICK_ELEMENT',
      payload: { index: indexMatching(state.interactiveElements, /"Plain button"/), snapshotId: state.snapshotId },
    });
    expect(await pageText('#log')).toBe('plain clicked');
    await ask({ type: 'HIDE_MASK' });
    expect(await overlays()).toBe(0);
    await page.evaluate(() => document.getElementById('email')?.focus());
    await page.press('y');
    expect(await page.evaluate(() => (document.getElementById('email') as HTMLInputElement).value)).toBe('y');

    // The overlay is kept off the page between drawings; each drawing puts it back with its style sheet applied.
    const placed = () =>
      page.evaluate(() => {
        const host = document.querySelector('bosun-overlay');
        return host ? `${getComputedStyle(host).position} ${getComputedStyle(host).zIndex}` : 'none';
      });
    for (let drawing = 0; drawing < 2; drawing++) {
      await read({ highlight: true });
      expect(await overlays()).toBe(1);
      expect(await placed()).toBe('fixed 2147483647');
      await ask({ type: 'CLEAN_UP_HIGHLIGHTS' });
      expect(await overlays()).toBe(0);
    }

    await ask({ type: 'SHOW_MASK' });
    await page.reload();
    expect(await overlays()).toBe(0);
  });

  it('answers malformed requests with an error and does nothing', async () => {
    expect(await ask({ type: 'CLICK_ELEMENT', payload: { index: 0, snapshotId: 'x' } })).toEqual({
      success: false,
      error: expect.stringMatching(/^Invalid CLICK_ELEMENT: payload\.index: /),
    });
    expect(await ask({ type: 'DELETE_EVERYTHING' })).toEqual({
      success: false,
      error: 'Unknown message type "DELETE_EVERYTHING".',
    });
    // The caller's mistake says so, for ABP's INVALID_PARAMS.
    expect(await ask({ type: 'CLICK_ELEMENT', payload: { selector: '##bad(' } })).toEqual({
      success: false,
      error: 'Invalid selector: ##bad(',
      failure: 'invalid-args',
    });
  });
});
