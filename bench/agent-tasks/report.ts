// The agent-tasks benchmark's figures as a person reads them: a table per browser, a row per task
// and run (by the model, replayed, replayed on the variant page), then totals per kind of run.
import type { RunFigures, TaskRun } from './attempt';

export interface Totals {
  solved: number;
  tasks: number;
  meanSteps: number;
  modelCalls: number;
  inputTokens: number;
  outputTokens: number;
  seconds: number;
  neededModel: number;
}

export type RunKind = 'model' | 'replay' | 'variant';

/** Each task's run of that kind (a task without a variant page has no variant run). */
export function runsOf(runs: readonly TaskRun[], kind: RunKind): (RunFigures & { task: string })[] {
  return runs.flatMap((r) => {
    const figures = kind === 'model' ? r : kind === 'replay' ? r.replay : r.variant;
    return figures ? [{ ...figures, task: r.task }] : [];
  });
}

export function totalsOf(runs: readonly RunFigures[]): Totals {
  const sum = (pick: (r: RunFigures) => number) => runs.reduce((total, r) => total + pick(r), 0);
  return {
    solved: runs.filter((r) => r.solved).length,
    tasks: runs.length,
    meanSteps: runs.length ? sum((r) => r.steps) / runs.length : Number.NaN,
    modelCalls: sum((r) => r.modelCalls),
    inputTokens: sum((r) => r.inputTokens),
    outputTokens: sum((r) => r.outputTokens),
    seconds: sum((r) => r.seconds),
    neededModel: sum((r) => r.neededModel),
  };
}

function table(head: string[], rows: string[][]): string[] {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i <= 1 || i === cells.length - 1 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  return [line(head), ...rows.map(line)];
}

const KINDS: readonly RunKind[] = ['model', 'replay', 'variant'];

const row = (task: string, kind: RunKind, r: RunFigures) => [
  task,
  kind,
  r.solved ? 'yes' : 'no',
  String(r.steps),
  String(r.modelCalls),
  String(r.inputTokens),
  String(r.outputTokens),
  r.seconds.toFixed(1),
  kind === 'model' ? '-' : String(r.neededModel),
  r.note,
];

export function formatReport(browsers: readonly { browser: string; runs: readonly TaskRun[] }[]): string[] {
  return browsers.flatMap(({ browser, runs }) => {
    const rows = runs.flatMap((r) => [
      row(r.task, 'model', r),
      row(r.task, 'replay', r.replay),
      ...(r.variant ? [row(r.task, 'variant', r.variant)] : []),
    ]);
    const head = [
      'task',
      'run',
      'solved',
      'steps',
      'model calls',
      'tokens in',
      'tokens out',
      'seconds',
      'needed model',
      'note',
    ];
    return [
      `${browser}:`,
      ...table(head, rows),
      ...KINDS.map((kind) => {
        const t = totalsOf(runsOf(runs, kind));
        return `${browser} ${kind} total: solved ${t.solved} of ${t.tasks}, mean steps ${t.meanSteps.toFixed(1)}, model calls ${t.modelCalls}, tokens ${t.inputTokens} in / ${t.outputTokens} out, time ${t.seconds.toFixed(1)} s, steps that needed the model ${t.neededModel}`;
      }),
      '',
    ];
  });
}
