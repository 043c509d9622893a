// The agent-tasks benchmark's figures as a person reads them: a table per browser, then totals.
import type { TaskRun } from './attempt';

export interface Totals {
  solved: number;
  tasks: number;
  meanSteps: number;
  inputTokens: number;
  outputTokens: number;
  seconds: number;
}

export function totalsOf(runs: readonly TaskRun[]): Totals {
  const sum = (pick: (r: TaskRun) => number) => runs.reduce((total, r) => total + pick(r), 0);
  return {
    solved: runs.filter((r) => r.solved).length,
    tasks: runs.length,
    meanSteps: runs.length ? sum((r) => r.steps) / runs.length : Number.NaN,
    inputTokens: sum((r) => r.inputTokens),
    outputTokens: sum((r) => r.outputTokens),
    seconds: sum((r) => r.seconds),
  };
}

function table(head: string[], rows: string[][]): string[] {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === 0 || i === cells.length - 1 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  return [line(head), ...rows.map(line)];
}

export function formatReport(browsers: readonly { browser: string; runs: readonly TaskRun[] }[]): string[] {
  return browsers.flatMap(({ browser, runs }) => {
    const rows = runs.map((r) => [
      r.task,
      r.solved ? 'yes' : 'no',
      String(r.steps),
      String(r.inputTokens),
      String(r.outputTokens),
      r.seconds.toFixed(1),
      r.note,
    ]);
    const t = totalsOf(runs);
    return [
      `${browser}:`,
      ...table(['task', 'solved', 'steps', 'tokens in', 'tokens out', 'seconds', 'note'], rows),
      `${browser} total: solved ${t.solved} of ${t.tasks}, mean steps ${t.meanSteps.toFixed(1)}, tokens ${t.inputTokens} in / ${t.outputTokens} out, time ${t.seconds.toFixed(1)} s`,
      '',
    ];
  });
}
