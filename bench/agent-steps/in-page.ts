// Bundled (IIFE) by the runner and evaluated in the benchmark page: the floor of one agent step,
// the same work done directly in the page with the product's own page engine and reader, and
// no extension around it: the listing and markdown read_page returns, and a click.
import { readMarkdown } from '../../src/reader/markdown';
import { takeSnapshot } from '../../content/snapshot/take-snapshot';

export interface FloorWindow {
  __floor: {
    /** One step's in-page work, in ms: a click on the `nth` "Add to cart" or "Edit" button, then a read within `budget` characters. */
    step(nth: number, budget: number): number;
  };
}

(window as unknown as FloorWindow).__floor = {
  step(nth, budget) {
    const start = performance.now();
    const buttons = [...document.querySelectorAll('button')].filter((b) =>
      /^(Add to cart|Edit)$/.test(b.textContent ?? ''),
    );
    buttons[nth % buttons.length]?.click();
    // As read_page divides its budget: the listing first, the markdown gets the rest.
    const listing = takeSnapshot(document, { maxChars: Math.floor(budget / 2) });
    readMarkdown(document, { maxChars: Math.max(500, budget - listing.text.length) });
    return performance.now() - start;
  },
};
