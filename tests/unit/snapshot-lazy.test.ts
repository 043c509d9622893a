// @vitest-environment node
// The snapshot reads what its budget returns, not the page: in real Chromium, on a page of thousands
// of controls, a first part measures about what it lists, read_listing goes on with the same walk and
// the same indices, and the walk kept for it is let go. The product's snapshot is bundled as the
// bench bundles it and run in the page. With Bosun's mask over the page, a part sets it aside once,
// not once per line.
import { join } from 'node:path';
import * as esbuild from 'esbuild';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, EXECUTABLE } from '../e2e/harness/chromium';

/** content/snapshot/registry.ts, KEEP_WALK_MS (that module listens to the page: it is not imported into Node). */
const KEEP_WALK_MS = 300_000;
const SECTIONS = 3000;
/** Controls per section: two links and a button. */
const PER_SECTION = 3;

const section = (i: number) =>
  `<section><h2>Section ${i}</h2><p>Text ${i} <a href="#a${i}">first ${i}</a> and <a href="#b${i}">second ${i}</a></p>` +
  `<button>act ${i}</button><button hidden>hidden ${i}</button></section>`;

const PAGE = `<!doctype html><html><body><header><a href="/">Home</a></header>${Array.from(
  { length: SECTIONS },
  (_, i) => section(i),
).join('')}</body></html>`;

/** Counts the element reads that cost per element walked or measured: boxes, visibility, selector matches. */
const INSTRUMENT = `(() => {
  const reads = { box: 0, visibility: 0, matches: 0, queried: 0, maskWrites: 0 };
  const wrap = (proto, name, count) => {
    const real = proto[name];
    proto[name] = function (...args) { const out = real.apply(this, args); count(out); return out; };
  };
  wrap(Element.prototype, 'getBoundingClientRect', () => reads.box++);
  wrap(Element.prototype, 'checkVisibility', () => reads.visibility++);
  wrap(Element.prototype, 'matches', () => reads.matches++);
  for (const proto of [Document.prototype, Element.prototype, DocumentFragment.prototype])
    wrap(proto, 'querySelectorAll', (found) => (reads.queried += found.length));
  // Writes of the style of Bosun's mask (inside its closed shadow root, kept here as it is made), which
  // make the browser recompute style before the next box read.
  const observer = new MutationObserver((records) => (reads.maskWrites += records.length));
  wrap(Element.prototype, 'attachShadow', (root) => observer.observe(root, { attributes: true, subtree: true }));
  window.__reads = () => ((reads.maskWrites += observer.takeRecords().length), reads);
  window.__reset = () => { observer.takeRecords(); for (const key of Object.keys(reads)) reads[key] = 0; };
})()`;

interface Snap {
  id: string;
  text: string;
  count: number;
  truncated: boolean;
}
type Part =
  | { success: true; text: string; from: number; to: number; count: number; complete: boolean }
  | {
      success: false;
      error: string;
    };
type Reads = Record<'box' | 'visibility' | 'matches' | 'queried' | 'maskWrites', number>;

/** The k-th control (0-based) from section 2500 on, as the listing names it. */
const fromSection2500 = (k: number) => {
  const n = 2500 + Math.floor(k / PER_SECTION);
  return [`link "first ${n}"`, `link "second ${n}"`, `button "act ${n}"`][k % PER_SECTION];
};

describe('a snapshot that reads what its budget returns', () => {
  let browser: Browser;
  let page: Page;
  let bundle: string;

  const snapshot = (options: { maxChars?: number; viewportOnly?: boolean }) =>
    page.evaluate((o) => (window as unknown as { __snap: (o: unknown) => Snap }).__snap(o), options);
  const part = (request: Record<string, unknown>) =>
    page.evaluate((r) => (window as unknown as { __part: (r: unknown) => Part }).__part(r), request);
  const reads = () => page.evaluate(() => (window as unknown as { __reads: () => Reads }).__reads());
  const reset = () => page.evaluate(() => (window as unknown as { __reset: () => void }).__reset());
  /** Entry lines without the new-since-last-time star: what two listings of one page share. */
  const entries = (text: string) =>
    text
      .split('\n')
      .filter((l) => /^\*?\[\d+\]/.test(l))
      .map((l) => l.replace(/^\*/, ''));

  beforeAll(async () => {
    const built = await esbuild.build({
      stdin: {
        contents: `import { takeSnapshot } from './content/snapshot/take-snapshot';
          import { readListingPart } from './content/snapshot/listing-part';
          import { forget, resolve } from './content/snapshot/registry';
          import { showMask } from './content/overlay/mask';
          window.__mask = () => showMask(document);
          window.__snap = (options) => takeSnapshot(document, options);
          window.__part = (request) => readListingPart(request);
          window.__resolve = (index, id) => { const r = resolve(index, id); return r.ok ? r.el.textContent : r.error; };
          window.__forget = (id) => forget(id);
          // Takes the listed element out of the page, watched by a weak reference only.
          window.__watch = (index, id) => { const r = resolve(index, id); window.__ref = new WeakRef(r.el); r.el.remove(); };`,
        resolveDir: join(import.meta.dirname, '../..'),
        loader: 'ts',
      },
      bundle: true,
      format: 'iife',
      write: false,
      define: { __TARGET__: '"chrome"' },
      logLevel: 'warning',
    });
    bundle = built.outputFiles[0]?.text ?? '';
    browser = await chromium.launch({ executablePath: EXECUTABLE, args: CHROMIUM_ARGS });
  }, 60_000);

  beforeEach(async () => {
    await page?.close();
    page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.clock.install();
    await page.setContent(PAGE);
    await page.evaluate(bundle);
    await page.evaluate(INSTRUMENT);
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
  });

  it('measures about what a first part lists, not the page, and twice the budget about twice as much', async () => {
    const small = await snapshot({ maxChars: 2000 });
    const smallReads = await reads();
    const shown = entries(small.text).length;
    // The walk looks 25 entries past what it shows (listing-part.ts, LOOKAHEAD); the page has 9,001.
    expect(smallReads.box).toBeLessThan(2 * (shown + 40));
    expect(small.count).toBe(shown + 25);
    expect(small.truncated).toBe(true);
    expect(small.text).toMatch(/\[… more elements not listed: read_listing with from=\d+ shows them\]$/);
    expect(smallReads.matches).toBeLessThan(10 * (shown + 40));
    expect(smallReads.queried).toBeLessThan(100);
    await reset();
    const large = await snapshot({ maxChars: 8000 });
    const largeReads = await reads();
    const largeShown = entries(large.text).length;
    expect(largeShown).toBeGreaterThan(3 * shown);
    expect(largeReads.box).toBeLessThan(2 * (largeShown + 40));
    expect(largeReads.box).toBeGreaterThan(largeShown);
  });

  it('goes on from where a part ends with the same indices: the parts are the whole listing, and an index of part 1 acts on its element after part 3', async () => {
    const first = await snapshot({ maxChars: 3000 });
    const next = Number(/from=(\d+) shows them\]$/.exec(first.text)?.[1]);
    const parts = [first.text];
    let from = next;
    for (let i = 0; i < 3; i++) {
      const more = await part({ snapshotId: first.id, from, maxChars: 3000 });
      if (!more.success) throw new Error(more.error);
      expect(more.text.split('\n')[0]).toBe(`[… elements 1–${from - 1} are in an earlier part of this listing]`);
      expect(more.from).toBe(from);
      expect(more.complete).toBe(false);
      parts.push(more.text);
      from = more.to + 1;
    }
    const read = parts.flatMap(entries);
    expect(read.map((l) => Number(/^\[(\d+)\]/.exec(l)?.[1]))).toEqual(read.map((_, i) => i + 1));
    const third = await page.evaluate(
      ([id]) => (window as unknown as { __resolve: (i: number, id: string) => string }).__resolve(3, id as string),
      [first.id],
    );
    expect(read[2]).toContain(`"${third}"`);
    // The same page read whole lists the same entries under the same indices.
    const whole = entries((await snapshot({})).text);
    expect(whole.slice(0, read.length)).toEqual(read);
    expect(whole).toHaveLength(SECTIONS * PER_SECTION + 1);
  });

  it("measures only a heading's section deep in the page, and its indices name its elements in every later part", async () => {
    const first = await snapshot({ maxChars: 2000 });
    await reset();
    const after = await part({ snapshotId: first.id, heading: 'Section 2500', maxChars: 2000 });
    if (!after.success) throw new Error(after.error);
    const shown = entries(after.text);
    // The 7,500 controls before the heading are neither walked nor measured: about the part and its look ahead are.
    const { box, matches } = await reads();
    expect(box).toBeLessThan(2 * (shown.length + 120));
    expect(matches).toBeLessThan(10 * (shown.length + 120));
    // Its entries take the indices after those the first part's walk found.
    expect(after.from).toBe(first.count + 1);
    expect(shown[0]).toBe(`[${first.count + 1}]link "first 2500"`);
    expect(shown[3]).toBe(`[${first.count + 4}]link "first 2501"`);
    const resolved = (index: number) =>
      page.evaluate(
        ([i, id]) => (window as unknown as { __resolve: (i: number, id: string) => string }).__resolve(i, id),
        [index, first.id] as [number, string],
      );
    expect(await resolved(first.count + 4)).toBe('first 2501');

    // The section's part goes on where it stopped; a part around one of its indices shows the same entries.
    const next = Number(/from=(\d+) shows them\]$/.exec(after.text)?.[1]);
    expect(next).toBe(first.count + shown.length + 1);
    const more = await part({ snapshotId: first.id, from: next, maxChars: 2000 });
    if (!more.success) throw new Error(more.error);
    expect(entries(more.text)[0]).toBe(`[${next}]${fromSection2500(shown.length)}`);
    const around = await part({ snapshotId: first.id, around: first.count + 4, maxChars: 2000 });
    if (!around.success) throw new Error(around.error);
    expect(entries(around.text)).toContain(`[${first.count + 4}]link "first 2501"`);
    // An earlier heading's part, walked by the first part, keeps the first part's indices.
    const early = await part({ snapshotId: first.id, heading: 'Section 2', maxChars: 2000 });
    if (!early.success) throw new Error(early.error);
    expect(entries(early.text)[0]).toBe(`[${1 + 2 * PER_SECTION + 1}]link "first 2"`);

    // Read to its end, the listing holds every control once, under the indices its parts gave them.
    const whole = await part({ snapshotId: first.id, from: 1 });
    if (!whole.success) throw new Error(whole.error);
    expect(whole.complete).toBe(true);
    const listed = entries(whole.text);
    expect(listed).toHaveLength(SECTIONS * PER_SECTION + 1);
    expect(listed.map((l) => Number(/^\[(\d+)\]/.exec(l)?.[1]))).toEqual(listed.map((_, i) => i + 1));
    expect(listed[first.count]).toBe(`[${first.count + 1}]link "first 2500"`);
    expect(listed.slice(0, entries(first.text).length)).toEqual(entries(first.text));
    const unnumbered = (lines: string[]) => lines.map((l) => l.replace(/^\[\d+\]/, '')).sort();
    expect(unnumbered(listed)).toEqual(unnumbered(entries((await snapshot({})).text)));
  });

  it("with Bosun's mask over the page, sets it aside once for a part, not once per line, and lists the same", async () => {
    const unmasked = entries((await snapshot({ maxChars: 8000 })).text);
    await page.evaluate(() => (window as unknown as { __mask: () => void }).__mask());
    await reset();
    const masked = await snapshot({ maxChars: 8000 });
    // Aside and back: two writes of the mask's style for the whole part (each line's reach set it aside anew before).
    expect((await reads()).maskWrites).toBe(2);
    // The mask, which covers the whole page, is never what covers an element.
    expect(entries(masked.text)).toEqual(unmasked);
    expect(unmasked.length).toBeGreaterThan(100);
    await reset();
    const next = Number(/from=(\d+) shows them\]$/.exec(masked.text)?.[1]);
    const more = await part({ snapshotId: masked.id, from: next, maxChars: 8000 });
    expect(more).toMatchObject({ success: true, from: next });
    expect((await reads()).maskWrites).toBe(2);
  });

  it('in viewport mode walks and measures what the viewport holds', async () => {
    const onScreen = await snapshot({ viewportOnly: true });
    const { box, matches, queried, visibility } = await reads();
    expect(onScreen.text).toContain('link "first 0"');
    expect(onScreen.count).toBeLessThan(60);
    // The page holds 9,001 controls and about 21,000 elements.
    expect(box + visibility).toBeLessThan(1000);
    expect(matches).toBeLessThan(1000);
    expect(queried).toBeLessThan(100);
  });

  it('forgets a listing whole when its task ends: no element stays held, its indices and parts say why, a new reading works', async () => {
    const first = await snapshot({ maxChars: 2000 });
    const next = Number(/from=(\d+) shows them\]$/.exec(first.text)?.[1]);
    await page.evaluate(
      (id) => (window as unknown as { __watch: (i: number, id: string) => void }).__watch(1, id),
      first.id,
    );
    const held = async () => {
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('HeapProfiler.collectGarbage');
      await cdp.detach();
      return page.evaluate(() => (window as unknown as { __ref: WeakRef<Element> }).__ref.deref() !== undefined);
    };
    // The listing's entry holds the element the page let go.
    expect(await held()).toBe(true);
    const forget = (id: string) =>
      page.evaluate((id) => (window as unknown as { __forget: (id: string) => void }).__forget(id), id);
    // Only the listing named goes: a later reading is another reader's.
    await forget('s0-other');
    expect(await held()).toBe(true);
    await forget(first.id);
    expect(await held()).toBe(false);
    const told = 'That listing is from a task that has ended: read the page again.';
    expect(await part({ snapshotId: first.id, from: next, maxChars: 2000 })).toEqual({ success: false, error: told });
    expect(
      await page.evaluate(
        (id) => (window as unknown as { __resolve: (i: number, id: string) => string }).__resolve(2, id),
        first.id,
      ),
    ).toBe(told);
    expect(await part({ snapshotId: 'other', from: 1 })).toEqual({
      success: false,
      error: 'The page has not been read yet. Read the page first.',
    });
    const second = await snapshot({ maxChars: 2000 });
    expect(second.truncated).toBe(true);
    expect(await part({ snapshotId: second.id, from: next, maxChars: 2000 })).toMatchObject({
      success: true,
      from: next,
    });
    expect(await part({ snapshotId: first.id, from: 1 })).toEqual({ success: false, error: told });
  });

  it('lets the walk go after a while without a part read, and when the page is hidden', async () => {
    const first = await snapshot({ maxChars: 2000 });
    const next = Number(/from=(\d+) shows them\]$/.exec(first.text)?.[1]);
    await page.clock.runFor(KEEP_WALK_MS - 1000);
    const more = await part({ snapshotId: first.id, from: next, maxChars: 2000 });
    expect(more).toMatchObject({ success: true, from: next });
    // Each part read keeps the walk for another while: this one is past the first part's.
    await page.clock.runFor(KEEP_WALK_MS - 1000);
    expect(await part({ snapshotId: first.id, from: next + 200, maxChars: 2000 })).toMatchObject({ success: true });
    await page.clock.runFor(KEEP_WALK_MS + 1000);
    const later = await part({ snapshotId: first.id, from: next + 500, maxChars: 2000 });
    expect(later).toEqual({ success: false, error: 'That listing expired: read the page again.' });
    // What was listed stays listed: its indices still act.
    expect(await part({ snapshotId: first.id, from: next, maxChars: 2000 })).toMatchObject({ success: true });

    const second = await snapshot({ maxChars: 2000 });
    await page.evaluate(() => dispatchEvent(new PageTransitionEvent('pagehide', { persisted: true })));
    expect(await part({ snapshotId: second.id, from: next + 500, maxChars: 2000 })).toMatchObject({
      success: false,
      error: expect.stringMatching(/expired/),
    });
  });
});
