// The recall benchmark on the test site's widget pages (tests/fixtures/site/widgets), built the way
// frameworks and widget libraries build theirs: the share of ariaSnapshot()'s named links and
// buttons the snapshot lists under that name, and the entries that only repeat the entries listed
// inside them (a container beside its children, an item named with the names inside it).
import type { Browser } from 'playwright-core';
import { ariaLinksAndButtons, recall, type Recall } from './compare';

/** The widget pages, by their path on the test site. */
export const FIXTURE_PAGES = [
  'widgets/autocomplete.html',
  'widgets/choices.html',
  'widgets/dialogs.html',
  'widgets/feed.html',
  'widgets/inbox-hover.html',
  'widgets/keyboard.html',
  'widgets/listing.html',
  'widgets/long.html',
  'widgets/nested-widgets.html',
  'widgets/photo-blog.html',
  'widgets/pickers.html',
  'widgets/pointer.html',
  'widgets/price-slider.html',
  'widgets/quick-view.html',
  'widgets/todo-delegated.html',
  'widgets/unsaved.html',
];

export interface FixtureRecall extends Recall {
  path: string;
  entries: number;
  /** Entries that only repeat what is listed inside them, as `role "label"`. */
  repeating: string[];
}

interface Nested {
  entries: { role: string; label: string }[];
  repeating: string[];
}

const percent = (part: number, whole: number) => (whole === 0 ? '—' : `${((100 * part) / whole).toFixed(1)}%`);

/** Each widget page's recall against ariaSnapshot() and its repeating entries, logged one line a page. */
export async function fixturePages(
  browser: Browser,
  origin: string,
  script: string,
  watcher: string,
  log: (line: string) => void,
): Promise<FixtureRecall[]> {
  log("widget pages: ariaSnapshot()'s named links and buttons listed; entries that only repeat their children\n");
  const results: FixtureRecall[] = [];
  for (const path of FIXTURE_PAGES) {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.addInitScript(watcher);
    await page.goto(`${origin}/${path}`, { waitUntil: 'load' });
    await page.evaluate(script);
    const nested = await page.evaluate(() => (window as unknown as { __nested: () => Nested }).__nested());
    const aria = ariaLinksAndButtons(await page.locator('body').ariaSnapshot());
    await page.close();
    const result = {
      path,
      ...recall(aria, nested.entries),
      entries: nested.entries.length,
      repeating: nested.repeating,
    };
    results.push(result);
    log(
      `${path.padEnd(32)} listed ${String(result.listed).padStart(4)} of ${String(result.named).padStart(4)} ${percent(result.listed, result.named).padStart(6)}   repeating ${result.repeating.length} of ${result.entries}`,
    );
    if (result.missing.length > 0)
      log(`  not listed, for example: ${result.missing.map((m) => JSON.stringify(m)).join(', ')}`);
    if (result.repeating.length > 0) log(`  repeating: ${result.repeating.slice(0, 5).join(', ')}`);
  }
  return results;
}
