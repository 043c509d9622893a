// One line of the all-run's summary (bench/all): a figure next to its target and to the baseline
// measured in the same run. A benchmark whose result carries `targets: TargetLine[]` is summed up by
// those lines as they are; the others by what the summary reads from their result (bench/all/summary.ts).

export type TargetVerdict = 'PASS' | 'MISS' | 'INFO' | 'ERROR';

export interface TargetLine {
  /** The benchmark the figure comes from, e.g. "page-engine". */
  bench: string;
  /** What was measured, and where, e.g. "full snapshot / floor @50k". */
  figure: string;
  /** The figure as measured, with its unit. */
  value: string;
  /** The target, e.g. "≤ 2×"; "—" when the benchmark states none. */
  target: string;
  /** The baseline measured in the same run, with its unit; "—" when there is none. */
  baseline: string;
  /** PASS or MISS against the target; INFO when there is no target; ERROR when the benchmark failed. */
  verdict: TargetVerdict;
}

/** One judged line as a benchmark prints it under its own table. */
export const formatTargetLine = (line: TargetLine): string =>
  `${line.verdict} ${line.figure}: ${line.value} (target ${line.target}; baseline of the same run: ${line.baseline})`;
