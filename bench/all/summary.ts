// The all-run's summary: every sub-benchmark's target lines in one table. A result that carries
// `targets: TargetLine[]` gives them as they are; for the others, their figures are read from the
// result they return, as INFO lines (no target) until they carry their own.
import { median } from '../page-engine/report';
import type { BenchResult as PageEngineResult } from '../page-engine/run';
import type { TargetLine, TargetVerdict } from '../target-line';

const fmt = (n: number): string => (!Number.isFinite(n) ? 'n/a' : n >= 100 ? n.toFixed(0) : n.toFixed(1));

/** The lines a result states itself, if it does. */
function ownTargets(result: unknown): TargetLine[] | undefined {
  const targets = (result as { targets?: unknown } | null)?.targets;
  return Array.isArray(targets) ? (targets as TargetLine[]) : undefined;
}

const info = (bench: string, figure: string, value: string, baseline: string): TargetLine => ({
  bench,
  figure,
  value,
  target: '—',
  baseline,
  verdict: 'INFO',
});

export function pageEngineLines(result: Pick<PageEngineResult, 'verdicts'>): TargetLine[] {
  return result.verdicts.map((v) => ({
    bench: 'page-engine',
    figure: `${v.name} @${v.size >= 1000 ? `${v.size / 1000}k` : v.size}`,
    value: v.shown,
    target: v.target,
    baseline: v.baseline,
    verdict: v.pass ? 'PASS' : 'MISS',
  }));
}

/** What bench/markdown returns today: a row per page, each method's timed figures. */
export interface MarkdownRow {
  page: string;
  bytes: number;
  figures: Record<'budgeted' | 'baselineBudgeted' | 'full' | 'baselineFull', { ms: number }[]>;
}

export function markdownLines(result: unknown): TargetLine[] {
  const own = ownTargets(result);
  if (own) return own;
  return (result as MarkdownRow[]).flatMap((row) => {
    const ms = (method: keyof MarkdownRow['figures']) => median(row.figures[method].map((f) => f.ms));
    const mbs = (millis: number) => row.bytes / 1e6 / (millis / 1000);
    return [
      info('markdown', `budgeted read, ${row.page}`, `${fmt(ms('budgeted'))} ms`, `${fmt(ms('baselineBudgeted'))} ms`),
      info(
        'markdown',
        `full conversion, ${row.page}`,
        `${fmt(ms('full'))} ms, ${fmt(mbs(ms('full')))} MB/s`,
        `${fmt(ms('baselineFull'))} ms, ${fmt(mbs(ms('baselineFull')))} MB/s`,
      ),
    ];
  });
}

/** A sub-benchmark that failed: one line saying so, so the summary still shows every benchmark. */
export const errorLine = (bench: string, error: unknown): TargetLine => ({
  bench,
  figure: 'the benchmark failed',
  value: (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '',
  target: '—',
  baseline: '—',
  verdict: 'ERROR',
});

export function countVerdicts(lines: readonly TargetLine[]): Record<TargetVerdict, number> {
  const counts: Record<TargetVerdict, number> = { PASS: 0, MISS: 0, INFO: 0, ERROR: 0 };
  for (const line of lines) counts[line.verdict] += 1;
  return counts;
}

/** One table: verdict, benchmark, figure, value, target, baseline; then the counts. */
export function formatSummary(lines: readonly TargetLine[]): string {
  const head = ['', 'bench', 'figure', 'measured', 'target', 'baseline (same run)'];
  const rows = lines.map((l) => [l.verdict, l.bench, l.figure, l.value, l.target, l.baseline]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  // The last column is not padded, so no line ends in spaces.
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i] ?? 0))).join('  ');
  const counts = countVerdicts(lines);
  const total = (Object.keys(counts) as TargetVerdict[]).map((v) => `${counts[v]} ${v}`).join(', ');
  return [line(head), ...rows.map(line), '', total].join('\n');
}
