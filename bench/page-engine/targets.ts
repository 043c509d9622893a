// The ratios the product targets, each computed from figures of this one run (never against
// fixed numbers from another machine, except "tens of ms", which is the product's promise).
import type { MeasureId } from './measure';
import { formatMs, formatSize, median, type PageResult } from './report';

export interface Verdict {
  name: string;
  /** The page size the figure is from. */
  size: number;
  value: number;
  shown: string;
  target: string;
  /** The figure this one is judged against, measured in the same run. */
  baseline: string;
  pass: boolean;
}

/** The product's targets are stated for the 50k page; with other sizes, the one nearest to it. */
export const REFERENCE_SIZE = 50_000;

export function referenceSize(sizes: readonly number[]): number {
  const distance = (n: number) => Math.abs(Math.log(n / REFERENCE_SIZE));
  return [...sizes].sort((a, b) => distance(a) - distance(b))[0] ?? REFERENCE_SIZE;
}

const ms = (page: PageResult | undefined, id: MeasureId): number => page?.measures[id]?.median ?? NaN;
const perItem = (page: PageResult | undefined, id: MeasureId): number => {
  const s = page?.measures[id];
  return s && s.count > 0 ? s.chars / s.count : NaN;
};
/**
 * Median over rounds of a/b, each round's two figures taken back to back: for a small difference
 * between two big figures this cancels most of the machine's drift, which a ratio of medians does not.
 */
function pairedRatio(page: PageResult, a: MeasureId, b: MeasureId): number {
  const first = page.measures[a]?.timings ?? [];
  const second = page.measures[b]?.timings ?? [];
  return median(first.map((value, i) => value / (second[i] ?? NaN)));
}
/** Median over rounds of a − b, each round's two figures taken back to back (see pairedRatio). */
function pairedDifference(page: PageResult, a: MeasureId, b: MeasureId): number {
  const first = page.measures[a]?.timings ?? [];
  const second = page.measures[b]?.timings ?? [];
  return median(first.map((value, i) => value - (second[i] ?? NaN)));
}
const times = (value: number): string => `${value.toFixed(2)}×`;

/** From this size up the highlight is judged as a share of the snapshot; below it, in milliseconds. */
const HIGHLIGHT_SHARE_FROM = 10_000;

/**
 * What drawing the boxes adds to a full snapshot. On small pages a snapshot takes a few milliseconds,
 * so any drawing is a large share of it: there the target is an absolute cost, printed next to the
 * write floor (one box appended and laid out), the least any drawing can cost.
 */
function highlightOverhead(page: PageResult): Verdict {
  const share = pairedRatio(page, 'highlight', 'full') - 1;
  const added = pairedDifference(page, 'highlight', 'full');
  const bySize = page.size >= HIGHLIGHT_SHARE_FROM;
  return {
    name: 'highlight overhead on a full snapshot',
    size: page.size,
    value: bySize ? share : added,
    shown: `${(share * 100).toFixed(1)}%, ${formatMs(added)} ms, medians of paired runs (medians ${formatMs(ms(page, 'highlight'))} vs ${formatMs(ms(page, 'full'))} ms; one box alone: ${formatMs(ms(page, 'writeFloor'))} ms)`,
    target: bySize ? '≤ 10%' : '≤ 2 ms',
    baseline: `snapshot ${formatMs(ms(page, 'full'))} ms; one box ${formatMs(ms(page, 'writeFloor'))} ms`,
    pass: bySize ? share <= 0.1 : added <= 2,
  };
}

function charsPerElement(page: PageResult): Verdict {
  const ours = perItem(page, 'full');
  const theirs = perItem(page, 'aria');
  // Second view: all of ariaSnapshot's text spread over the elements we list.
  const spread = (page.measures.aria?.chars ?? NaN) / (page.measures.full?.count ?? NaN);
  return {
    name: 'chars per interactive element, ours vs ariaSnapshot',
    size: page.size,
    value: ours,
    shown: `${ours.toFixed(1)} vs ${theirs.toFixed(1)} (aria length / our count: ${spread.toFixed(1)})`,
    target: 'ours fewer, and ≤ 40',
    baseline: `ariaSnapshot ${theirs.toFixed(1)}`,
    pass: ours < theirs && ours <= 40,
  };
}

function perSize(page: PageResult): Verdict[] {
  const markdown = ms(page, 'markdown') / ms(page, 'aria');
  const viewport = ms(page, 'viewport');
  return [
    charsPerElement(page),
    {
      name: 'markdown read / one ariaSnapshot',
      size: page.size,
      value: markdown,
      shown: `${times(markdown)} (${formatMs(ms(page, 'markdown'))} vs ${formatMs(ms(page, 'aria'))} ms)`,
      target: '< 1×',
      baseline: `ariaSnapshot ${formatMs(ms(page, 'aria'))} ms`,
      pass: markdown < 1,
    },
    {
      name: 'viewport-only snapshot',
      size: page.size,
      value: viewport,
      shown: `${formatMs(viewport)} ms`,
      target: 'tens of ms (< 100 ms)',
      baseline: `full snapshot ${formatMs(ms(page, 'full'))} ms`,
      pass: viewport < 100,
    },
    highlightOverhead(page),
  ];
}

function flatVsNested(flat: PageResult, nested: PageResult, id: 'full' | 'viewport'): Verdict {
  const value = ms(flat, id) / ms(nested, id);
  return {
    name: `flat / nested page, ${id === 'full' ? 'full' : 'viewport-only'} snapshot`,
    size: flat.size,
    value,
    shown: `${times(value)} (${formatMs(ms(flat, id))} vs ${formatMs(ms(nested, id))} ms)`,
    target: '≤ 1.5× either way',
    baseline: `nested ${formatMs(ms(nested, id))} ms`,
    pass: Math.max(value, 1 / value) <= 1.5,
  };
}

export function verdicts(mixed: readonly PageResult[], flat: PageResult, nested: PageResult): Verdict[] {
  const refSize = referenceSize(mixed.map((p) => p.size));
  const ref = mixed.find((p) => p.size === refSize);
  const out: Verdict[] = [];
  if (ref) {
    const overFloor = ms(ref, 'full') / ms(ref, 'floor');
    const changedOverFloor = ms(ref, 'fullChanged') / ms(ref, 'floor');
    const ariaOverOurs = ms(ref, 'aria') / ms(ref, 'full');
    out.push(
      {
        name: 'full snapshot / floor',
        size: refSize,
        value: overFloor,
        shown: times(overFloor),
        target: '≤ 2×',
        baseline: `floor ${formatMs(ms(ref, 'floor'))} ms`,
        pass: overFloor <= 2,
      },
      // The same target where it matters: a real page has changed since the last snapshot.
      {
        name: 'full snapshot, page changed / floor',
        size: refSize,
        value: changedOverFloor,
        shown: `${times(changedOverFloor)} (${formatMs(ms(ref, 'fullChanged'))} vs ${formatMs(ms(ref, 'floor'))} ms)`,
        target: '≤ 2×',
        baseline: `floor ${formatMs(ms(ref, 'floor'))} ms`,
        pass: changedOverFloor <= 2,
      },
      {
        name: 'ariaSnapshot / full snapshot',
        size: refSize,
        value: ariaOverOurs,
        shown: times(ariaOverOurs),
        target: '≥ 4×',
        baseline: `ariaSnapshot ${formatMs(ms(ref, 'aria'))} ms`,
        pass: ariaOverOurs >= 4,
      },
    );
  }
  out.push(flatVsNested(flat, nested, 'full'), flatVsNested(flat, nested, 'viewport'));
  for (const page of mixed) out.push(...perSize(page));
  return out;
}

export function formatVerdicts(list: readonly Verdict[]): string {
  const name = (v: Verdict) => `${v.name} @${formatSize(v.size)}`;
  const width = Math.max(...list.map((v) => name(v).length));
  const lines = list.map(
    (v) => `  ${v.pass ? 'PASS' : 'MISS'}  ${name(v).padEnd(width)}  ${v.shown}   target ${v.target}`,
  );
  return ["targets (from this run's figures; PASS/MISS is information, the machine is noisy):", ...lines].join('\n');
}
