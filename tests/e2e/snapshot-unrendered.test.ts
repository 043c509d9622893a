// The snapshot on a page of `content-visibility: auto` sections, in Chromium and Firefox (Chromium's
// profile showed the cost: reading a box or a style inside a skipped section lays that section out,
// seconds on Node.js's all.html). The product's snapshot is bundled as the bench bundles it and run in
// the page's own world, where the reads it makes can be counted.
import { join } from 'node:path';
import * as esbuild from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import { BROWSERS, type PageDriver } from './harness';
import { useExtension } from './support/extension';
import { useSite } from './support/site';

const SECTIONS = 120;

const section = (i: number) => `<section>
  <h2>Section ${i}</h2>
  <p>Text of section ${i}. <a href="#s${i}">link ${i}</a> <span class="pointer">more ${i}</span>
  <span class="badge">new</span></p>
  <button hidden>hidden ${i}</button>
  <div style="display:none"><button>undisplayed ${i}</button></div>
  <details><summary>details ${i}</summary><button>inside closed details ${i}</button></details>
</section>`;

const PAGE = `<!doctype html><html><head><style>
  section { content-visibility: auto; contain-intrinsic-size: auto 900px; }
  .pointer { cursor: pointer; }
  p { position: relative; }
  .badge { position: absolute; right: 0; }
</style></head><body>${Array.from({ length: SECTIONS }, (_, i) => section(i)).join('')}</body></html>`;

/**
 * Counts layout and style reads on elements inside sections skipped at the moment of the read and far
 * from the viewport: a skipped section within a viewport of the screen may be about to render, and the
 * snapshot reads it exactly (content/snapshot/visibility.ts, NEAR); one the browser has rendered
 * meanwhile costs nothing to read.
 */
const INSTRUMENT = `(() => {
  const rect = Element.prototype.getBoundingClientRect;
  const visible = Element.prototype.checkVisibility;
  const far = (s) => rect.call(s).top > innerHeight * 2;
  const skippedNow = (s) => far(s) && !visible.call(s.firstElementChild, { contentVisibilityAuto: true });
  const skipped = new Set([...document.querySelectorAll('section')].filter(skippedNow));
  const inSkipped = (el) => {
    if (!(el instanceof Element) || el.localName === 'section') return false;
    const section = el.closest('section');
    return section !== null && skippedNow(section);
  };
  const reads = { box: 0, style: 0, visibility: 0, skipped: skipped.size };
  Element.prototype.getBoundingClientRect = function () { if (inSkipped(this)) reads.box++; return rect.call(this); };
  const style = window.getComputedStyle;
  window.getComputedStyle = function (el, pseudo) { if (inSkipped(el)) reads.style++; return style.call(window, el, pseudo); };
  Element.prototype.checkVisibility = function (options) { if (inSkipped(this) && !options?.contentVisibilityAuto) reads.visibility++; return visible.call(this, options); };
  window.__reads = reads;
})()`;

describe.each(BROWSERS)(
  'snapshot of a page whose sections skip their content (content-visibility: auto), in %s',
  (browserName) => {
    const ctx = useExtension(browserName);
    const site = useSite();
    let page: PageDriver;

    beforeAll(async () => {
      const bundle = await esbuild.build({
        stdin: {
          contents: `import { takeSnapshot } from './content/snapshot/take-snapshot';
          window.__snapshot = (maxChars) => takeSnapshot(document, { maxChars });`,
          resolveDir: join(import.meta.dirname, '../..'),
          loader: 'ts',
        },
        bundle: true,
        format: 'iife',
        write: false,
        define: { __TARGET__: JSON.stringify(browserName === 'firefox' ? 'firefox' : 'chrome') },
        logLevel: 'warning',
      });
      page = await ctx.session.openPage(site.url('index.html'));
      await page.resize({ width: 1280, height: 800 });
      await page.evaluate((html) => {
        document.open();
        document.write(html);
        document.close();
      }, PAGE);
      await page.evaluate((code) => void (0, eval)(code), bundle.outputFiles[0]?.text ?? '');
    }, 60_000);

    it('lists what the skipped sections hold without reading their boxes or styles, and leaves out what their markup hides', async () => {
      // Which sections skip their content is settled in a rendering update after the page is parsed.
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
      await page.evaluate((code) => void (0, eval)(code), INSTRUMENT);
      const snap = await page.evaluate(() => {
        const w = window as unknown as { __snapshot: (n?: number) => { text: string; count: number } };
        return w.__snapshot();
      });
      const reads = await page.evaluate(() => (window as unknown as { __reads: Record<string, number> }).__reads);
      expect(reads.skipped).toBeGreaterThan(SECTIONS / 2);
      expect(reads).toMatchObject({ box: 0, style: 0, visibility: 0 });
      for (const i of [0, SECTIONS - 1]) {
        expect(snap.text).toContain(`link "link ${i}"`);
        expect(snap.text).toContain(`"more ${i}"`);
        expect(snap.text).toContain(`"details ${i}"`);
        expect(snap.text).not.toContain(`hidden ${i}"`);
        expect(snap.text).not.toContain(`undisplayed ${i}"`);
        expect(snap.text).not.toContain(`inside closed details ${i}"`);
      }
      expect(snap.count).toBe(SECTIONS * 3);
    });
  },
);
