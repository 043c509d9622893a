// Where one agent step's time goes, measured from outside Bosun: the model server notes when each
// request had arrived and when its answer had been sent, the page itself notes when the click reaches it (a listener the benchmark adds to
// the page), and the Action Log, which the product keeps anyway, stamps each call as its result
// is recorded. Every clock here is the machine's wall clock, in epoch milliseconds.
import type { PageDriver } from '../../tests/e2e/harness';
import { actionLogEntries } from '../../tests/e2e/support/action-log';

export interface Spread {
  median: number;
  max: number;
}

export const spread = (values: number[]): Spread => {
  const sorted = [...values].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)] ?? Number.NaN, max: sorted.at(-1) ?? Number.NaN };
};

/** One step, split at the moments seen from outside; the four parts add up to the step. */
export interface Parts {
  /** The model's answer arrives → the click reaches the page: the answer saved, the target described, the gate, the mask, the relay. */
  toClick: Spread;
  /** The click → its result recorded: the wait for the page to react, and the result's relay back. */
  clickResult: Spread;
  /** The click's result recorded → the read's recorded: the click saved, the read (listing and markdown) and its relay. */
  read: Spread;
  /** The read's result recorded → the next model request: the read saved, the next request built and sent. */
  toModel: Spread;
}

interface ClickWindow {
  __clicks: number[];
}

/** The page notes, in its own realm, when each click reaches it. */
export async function watchClicks(page: PageDriver): Promise<void> {
  await page.evaluate(() => {
    const clicks: number[] = [];
    (window as unknown as ClickWindow).__clicks = clicks;
    document.addEventListener('click', () => clicks.push(Date.now()), true);
  });
}

export const clickTimes = (page: PageDriver): Promise<number[]> =>
  page.evaluate(() => (window as unknown as ClickWindow).__clicks);

/** When each click and each read was recorded in the Action Log, since `since`. */
export async function actionLogTimes(sidebar: PageDriver, since: number): Promise<{ click: number[]; read: number[] }> {
  const entries = await actionLogEntries(sidebar);
  const times = (name: string) =>
    entries.filter((e) => e.toolName === name && e.timestamp >= since).map((e) => e.timestamp);
  return { click: times('click_element'), read: times('read_page') };
}

/** One model request, as the server saw it: when it had arrived and when its answer had been sent. */
export interface Exchange {
  received: number;
  answered: number;
}

/**
 * The parts of steps 1…n. `exchanges` holds every model request (the first answer asks for the
 * first read alone); `logged.read` every read's log time, the first read's included.
 */
export function stepParts(exchanges: Exchange[], clicks: number[], logged: { click: number[]; read: number[] }): Parts {
  const parts: Record<keyof Parts, number[]> = { toClick: [], clickResult: [], read: [], toModel: [] };
  for (let i = 0; i < logged.click.length; i++) {
    const [asked, click, clicked, read, next] = [
      exchanges[i + 1]?.answered,
      clicks[i],
      logged.click[i],
      logged.read[i + 1],
      exchanges[i + 2]?.received,
    ];
    if ([asked, click, clicked, read, next].some((t) => t === undefined)) break;
    parts.toClick.push((click as number) - (asked as number));
    parts.clickResult.push((clicked as number) - (click as number));
    parts.read.push((read as number) - (clicked as number));
    parts.toModel.push((next as number) - (read as number));
  }
  return {
    toClick: spread(parts.toClick),
    clickResult: spread(parts.clickResult),
    read: spread(parts.read),
    toModel: spread(parts.toModel),
  };
}

export const PART_HEADS = ['answer→click', 'click→result', 'result→read done', 'read done→model'];
export const partCells = (parts: Parts, fixed: (n: number) => string): string[] =>
  [parts.toClick, parts.clickResult, parts.read, parts.toModel].map((s) => `${fixed(s.median)} (${fixed(s.max)})`);
