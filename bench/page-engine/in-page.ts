// Bundled (IIFE) by the runner and evaluated in the benchmark page: the product's page engine,
// wrapped in timers. Every timed call ends with a forced layout, so work the browser would
// otherwise defer to the next frame (drawing or removing highlight boxes) is counted where it
// is caused.
import { removeHighlights } from '../../content/overlay/highlight';
import { readMarkdown } from '../../src/reader/markdown';
import { takeSnapshot, type SnapshotOptions } from '../../content/snapshot/take-snapshot';
import { lastListing } from '../../content/snapshot/registry';
import type { BenchApi, BenchWindow, Figure } from './bench-api';

function flushLayout(doc: Document): void {
  // Reading a layout property makes the browser finish pending style and layout work now.
  void doc.documentElement.offsetHeight;
}

function timed(run: () => Omit<Figure, 'ms'>): Figure {
  const start = performance.now();
  const figure = run();
  flushLayout(document);
  return { ms: performance.now() - start, ...figure };
}

/** Visits every element of a document or shadow root, descending into shadow roots and same-origin frames. */
function walkAll(root: Document | ShadowRoot, visit: (el: Element) => void): void {
  const stack: Element[] = [];
  for (let child = root.lastElementChild; child; child = child.previousElementSibling) stack.push(child);
  while (stack.length > 0) {
    const el = stack.pop() as Element;
    visit(el);
    for (let child = el.lastElementChild; child; child = child.previousElementSibling) stack.push(child);
    if (el.shadowRoot) walkAll(el.shadowRoot, visit);
    if (el instanceof HTMLIFrameElement && el.contentDocument) walkAll(el.contentDocument, visit);
  }
}

function floor(): Omit<Figure, 'ms'> {
  let count = 0;
  walkAll(document, (el) => {
    // A native call with effects (layout): the engine cannot optimise it away even unused.
    el.getBoundingClientRect();
    count += 1;
  });
  return { count, chars: 0, truncated: false };
}

/** How many entries the last snapshot's text shows. */
let shown = 0;

function snapshot(options: SnapshotOptions = {}): Omit<Figure, 'ms'> {
  const snap = takeSnapshot(document, options);
  shown = snap.text.match(/^\*?\[\d+\]/gm)?.length ?? 0;
  return { count: snap.count, chars: snap.text.length, truncated: snap.truncated };
}

function markdown(): Omit<Figure, 'ms'> {
  const read = readMarkdown(document);
  return { count: 0, chars: read.markdown.length, truncated: read.truncated };
}

const api: BenchApi = {
  settle() {
    (window as { gc?: () => void }).gc?.();
    flushLayout(document);
  },
  touch() {
    const marker = document.createElement('div');
    document.body.append(marker);
    marker.remove();
    flushLayout(document);
  },
  floor: () => timed(floor),
  snapshot: (options) => timed(() => snapshot(options)),
  highlight: () => {
    // The plain full snapshot this is paired with follows a full snapshot, so its listing marks
    // nothing "new since last time": this one must too, or it would be timed doing more than drawing.
    snapshot();
    api.settle();
    return timed(() => snapshot({ highlight: true }));
  },
  cleanup: () =>
    timed(() => {
      removeHighlights();
      return { count: 0, chars: 0, truncated: false };
    }),
  writeFloor() {
    const box = document.createElement('div');
    box.style.cssText = 'position:fixed;left:0;top:0;border:2px solid';
    box.textContent = '1';
    const figure = timed(() => {
      document.documentElement.append(box);
      return { count: 1, chars: 0, truncated: false };
    });
    box.remove();
    flushLayout(document);
    return figure;
  },
  markdown: () => timed(markdown),
  shownPositions() {
    const wanted = new Set(
      lastListing()
        ?.listed.slice(0, shown)
        .map((entry) => entry.el),
    );
    const positions: number[] = [];
    let at = 0;
    walkAll(document, (el) => {
      if (wanted.has(el)) positions.push(at);
      at += 1;
    });
    return positions;
  },
  floorOf: (positions) =>
    timed(() => {
      const wanted = new Set(positions);
      let at = 0;
      walkAll(document, (el) => {
        if (wanted.has(at)) el.getBoundingClientRect();
        at += 1;
      });
      return { count: positions.length, chars: 0, truncated: false };
    }),
};

(window as unknown as BenchWindow).__bench = api;
