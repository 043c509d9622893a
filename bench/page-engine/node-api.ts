// The first read of a real page whose sections the browser keeps unrendered (`content-visibility:
// auto`): Node.js's all.html from Debian's nodejs-doc (5.8 MB, 180k elements), read with read_page's
// listing budget, against the floor of measuring what that read returns. Each figure is taken in a
// fresh tab, so it is the cold first call an agent meets.
import { dirname } from 'node:path';
import type { Browser } from 'playwright-core';
import { debianDoc } from '../debian-docs';
import type { BenchWindow, Figure } from './bench-api';
import { formatMs, median } from './report';
import { startStaticServer } from '../../tests/fixtures/static-server';
import type { Verdict } from './targets';

const ALL_HTML = '/usr/share/doc/nodejs/api/all.html';
/** read_page's budget (24,000 characters), half of which goes to the listing. */
const LISTING_BUDGET = 12_000;

interface Session {
  browser: Browser;
  script: string;
  runs: number;
}

async function inFreshTab<T>(
  session: Session,
  url: string,
  run: (call: <R>(fn: string, arg?: unknown) => Promise<R>) => Promise<T>,
) {
  const page = await session.browser.newPage({ viewport: { width: 1280, height: 800 } });
  try {
    await page.goto(url, { waitUntil: 'load', timeout: 300_000 });
    await page.evaluate(session.script);
    const call = <R>(fn: string, arg?: unknown) =>
      page.evaluate(
        ([f, a]) => {
          const bench = (window as unknown as BenchWindow).__bench as unknown as Record<
            string,
            (x?: unknown) => unknown
          >;
          return bench[f as string]?.(a) as R;
        },
        [fn, arg] as const,
      );
    await call('settle');
    return await run(call);
  } finally {
    await page.close();
  }
}

/** Times the first budgeted snapshot of all.html and its floor, `runs` times each, and judges their medians. */
export async function nodeApiFirstRead(session: Session, log: (line: string) => void): Promise<Verdict> {
  // Served with its directory: its stylesheet is what puts each section in `content-visibility: auto`.
  const site = await startStaticServer(dirname(debianDoc('nodejs-doc', ALL_HTML)));
  const url = `${site.url}/all.html`;
  const reads: Figure[] = [];
  const floors: Figure[] = [];
  try {
    for (let run = 0; run < session.runs; run++) {
      let positions: number[] = [];
      reads.push(
        await inFreshTab(session, url, async (call) => {
          const figure = await call<Figure>('snapshot', { maxChars: LISTING_BUDGET });
          positions = await call<number[]>('shownPositions');
          return figure;
        }),
      );
      floors.push(await inFreshTab(session, url, (call) => call<Figure>('floorOf', positions)));
    }
  } finally {
    await site.close();
  }
  const read = median(reads.map((f) => f.ms));
  const floor = median(floors.map((f) => f.ms));
  const shown = floors[0]?.count ?? 0;
  log(
    `Node.js API all.html, first read (listing budget ${LISTING_BUDGET} characters, fresh tab each, median of ${session.runs}): ` +
      `${formatMs(read)} ms, showing ${shown} of the ${reads[0]?.count ?? 0} elements its walk found (it stops a little past what it shows); ` +
      `floor (one walk over every element, the box of each shown one) ${formatMs(floor)} ms\n`,
  );
  return {
    name: 'first read of all.html / floor of measuring what it returns',
    size: reads[0]?.count ?? 0,
    value: read / floor,
    shown: `${(read / floor).toFixed(2)}× (${formatMs(read)} vs ${formatMs(floor)} ms)`,
    target: '≤ 2×',
    baseline: `floor ${formatMs(floor)} ms`,
    pass: read / floor <= 2,
  };
}
