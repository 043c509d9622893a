// The all-run's summary: every sub-benchmark's target lines in one table, as each benchmark judged
// them (the page engine's verdicts are turned into lines here).
import type { BenchResult as PageEngineResult } from '../page-engine/run';
import type { TargetLine, TargetVerdict } from '../target-line';

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
