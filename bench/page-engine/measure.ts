// Runs the timed calls on a loaded page. Rounds are interleaved (every measure once per round,
// a warm-up round first) so that slow phases of a noisy machine hit all measures alike instead
// of whichever happened to run then.
import type { Page } from 'playwright-core';
import type { BenchWindow, Figure } from './bench-api';

export type MeasureId =
  | 'floor'
  | 'full'
  | 'fullChanged'
  | 'viewport'
  | 'highlight'
  | 'cleanup'
  | 'writeFloor'
  | 'markdown'
  | 'aria'
  | 'ariaAi';

export const LABELS: Record<MeasureId, string> = {
  floor: 'floor: walk + rects',
  full: 'snapshot, full',
  fullChanged: 'snapshot, full, page changed',
  viewport: 'snapshot, viewport only',
  highlight: 'snapshot + highlight',
  cleanup: 'highlight cleanup',
  writeFloor: 'write floor: one box + layout',
  markdown: 'markdown read',
  aria: 'ariaSnapshot()',
  ariaAi: "ariaSnapshot({mode:'ai'})",
};

/** Roles a person operates; a line of ariaSnapshot with one of these counts as one interactive element. */
const INTERACTIVE_ROLES = new Set([
  'button',
  'link',
  'textbox',
  'searchbox',
  'checkbox',
  'radio',
  'combobox',
  'switch',
  'slider',
  'spinbutton',
  'menuitem',
  'menuitemcheckbox',
  'menuitemradio',
  'tab',
  'treeitem',
]);

/** Lines look like `  - button "Add to cart" [ref=e12]`, sometimes YAML-quoted: `- 'link "a: b"'`. */
export function countInteractiveLines(aria: string): number {
  let count = 0;
  for (const line of aria.split('\n')) {
    const role = /^\s*- ['"]?([a-z]+)/.exec(line)?.[1];
    if (role && INTERACTIVE_ROLES.has(role)) count += 1;
  }
  return count;
}

function inPage(page: Page, method: 'floor' | 'highlight' | 'cleanup' | 'writeFloor' | 'markdown'): Promise<Figure> {
  return page.evaluate((name) => (window as unknown as BenchWindow).__bench[name](), method);
}

function snapshot(page: Page, viewportOnly: boolean): Promise<Figure> {
  return page.evaluate(
    (only) => (window as unknown as BenchWindow).__bench.snapshot({ viewportOnly: only }),
    viewportOnly,
  );
}

/**
 * Playwright's snapshot runs in the page too, but can only be timed from Node: its figure
 * includes one protocol round trip (about a millisecond) and moving the text out of the page.
 * `count` is its number of interactive lines (see INTERACTIVE_ROLES).
 */
async function aria(page: Page, mode: 'default' | 'ai'): Promise<Figure> {
  const start = performance.now();
  const text = await page.locator('body').ariaSnapshot({ mode, timeout: 0 });
  const ms = performance.now() - start;
  return { ms, count: countInteractiveLines(text), chars: text.length, truncated: false };
}

const RUNNERS: Record<MeasureId, (page: Page) => Promise<Figure>> = {
  floor: (page) => inPage(page, 'floor'),
  full: (page) => snapshot(page, false),
  fullChanged: async (page) => {
    await page.evaluate(() => (window as unknown as BenchWindow).__bench.touch());
    return snapshot(page, false);
  },
  viewport: (page) => snapshot(page, true),
  // Cleanup must directly follow highlight: it removes what highlight drew.
  highlight: (page) => inPage(page, 'highlight'),
  cleanup: (page) => inPage(page, 'cleanup'),
  writeFloor: (page) => inPage(page, 'writeFloor'),
  markdown: (page) => inPage(page, 'markdown'),
  aria: (page) => aria(page, 'default'),
  ariaAi: (page) => aria(page, 'ai'),
};

async function sample(page: Page, id: MeasureId): Promise<Figure> {
  await page.evaluate(() => (window as unknown as BenchWindow).__bench.settle());
  return RUNNERS[id](page);
}

/**
 * The highlight line's pair, with the cleanup between them: the difference of two whole snapshots
 * swings by more than the drawing costs from one round to the next, so it takes more rounds than the
 * other figures (see bench/README.md).
 */
const PAIRED: readonly MeasureId[] = ['highlight', 'cleanup', 'full'];

/**
 * Samples per measure, in the order taken: index 0 is the warm-up (a cold call), then `runs`
 * timed ones, then, for the highlight pair, more rounds up to `pairs`. Measures in `once` (too slow
 * to repeat on big pages) are taken one time, after the rounds.
 */
export async function measurePage(
  page: Page,
  ids: readonly MeasureId[],
  runs: number,
  once: readonly MeasureId[] = [],
  pairs = runs,
): Promise<Map<MeasureId, Figure[]>> {
  const samples = new Map<MeasureId, Figure[]>([...ids, ...once].map((id) => [id, []]));
  for (let round = 0; round <= runs; round++) {
    for (const id of ids) samples.get(id)?.push(await sample(page, id));
  }
  const paired = PAIRED.filter((id) => ids.includes(id));
  for (let round = runs; round < pairs && paired.length === PAIRED.length; round++) {
    for (const id of paired) samples.get(id)?.push(await sample(page, id));
  }
  for (const id of once) samples.get(id)?.push(await sample(page, id));
  return samples;
}
