// Turns samples into summaries and the per-page tables.
import type { Figure } from './bench-api';
import type { PageFeatures } from './html-builder';
import { LABELS, type MeasureId } from './measure';
import type { PageVariant } from './generate-page';

export interface Summary {
  /** Median of the timed runs, with their spread; `first` is the warm-up (cold) call. */
  median: number;
  min: number;
  max: number;
  first: number;
  runs: number;
  /** The timed runs' figures in round order, for paired comparisons between measures. */
  timings: number[];
  /** From the last run: items listed or visited, text length, and whether the text was cut. */
  count: number;
  chars: number;
  truncated: boolean;
}

export interface PageResult {
  variant: PageVariant;
  /** Requested element count, and what the generator produced. */
  size: number;
  elements: number;
  features: PageFeatures;
  loadMs: number;
  measures: Partial<Record<MeasureId, Summary>>;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  if (sorted.length === 0) return NaN;
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** samples[0] is the warm-up; with no timed run after it, the warm-up stands in. */
export function summarize(samples: readonly Figure[]): Summary {
  const first = samples[0];
  const timed = samples.length > 1 ? samples.slice(1) : samples;
  const last = timed[timed.length - 1];
  if (!first || !last) throw new Error('no samples');
  const ms = timed.map((s) => s.ms);
  return {
    median: median(ms),
    min: Math.min(...ms),
    max: Math.max(...ms),
    first: first.ms,
    runs: timed.length,
    timings: ms,
    count: last.count,
    chars: last.chars,
    truncated: last.truncated,
  };
}

export const formatMs = (ms: number): string => (ms >= 100 ? ms.toFixed(0) : ms >= 10 ? ms.toFixed(1) : ms.toFixed(2));
export const formatInt = (n: number): string => Math.round(n).toLocaleString('en-US');
/** Sizes as people say them: 1k, 50k, 200k. */
export const formatSize = (n: number): string => (n >= 1000 && n % 1000 === 0 ? `${n / 1000}k` : String(n));

function row(cells: readonly string[], widths: readonly number[]): string {
  return cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join('  ');
}

const HEADER = ['measure', 'median ms', 'min–max ms', 'first ms', 'items', 'chars', 'chars/item'];

function measureRow(id: MeasureId, s: Summary): string[] {
  const perItem = s.count > 0 && s.chars > 0 ? (s.chars / s.count).toFixed(1) : '';
  return [
    LABELS[id],
    formatMs(s.median),
    s.runs === 1 ? 'once' : `${formatMs(s.min)}–${formatMs(s.max)}`,
    formatMs(s.first),
    s.count > 0 ? formatInt(s.count) : '',
    s.chars > 0 ? `${formatInt(s.chars)}${s.truncated ? ' (cut)' : ''}` : '',
    perItem,
  ];
}

export function pageTitle(page: PageResult): string {
  const f = page.features;
  const parts = [`${formatInt(page.elements)} elements`, `${formatInt(f.interactive)} controls in the markup`];
  if (page.variant === 'mixed') {
    parts.push(
      `${f.shadowRoots} shadow roots, ${f.iframes} frame${f.iframes === 1 ? '' : 's'}, ${f.hidden} hidden / ${f.covered} covered / ${f.offscreen} off-screen blocks`,
    );
  }
  return `${page.variant} page ${formatSize(page.size)}: ${parts.join(', ')}; loaded in ${formatMs(page.loadMs)} ms`;
}

/** A fixed-width table: one line per measure, the page described above it. */
export function formatTable(page: PageResult): string {
  const rows: string[][] = [];
  for (const id of Object.keys(LABELS) as MeasureId[]) {
    const summary = page.measures[id];
    if (summary) rows.push(measureRow(id, summary));
  }
  const all = [HEADER, ...rows];
  const widths = HEADER.map((_, i) => Math.max(...all.map((cells) => (cells[i] ?? '').length)));
  // The floor is taken on every page, in every round.
  const runs = page.measures.floor?.runs ?? 0;
  const pairs = Math.max(...Object.values(page.measures).map((s) => s.runs));
  const paired = pairs > runs ? ` (${pairs} for the highlight, its cleanup and the full snapshot)` : '';
  const lines = [
    pageTitle(page),
    `  (median of ${runs} run${runs === 1 ? '' : 's'}${paired} after a warm-up, "first" is the warm-up call; "once": taken one time)`,
  ];
  for (const cells of all) lines.push(`  ${row(cells, widths)}`);
  return lines.join('\n');
}
