import type { WorkflowStep } from '../src/protocol/common';

/**
 * The report as the Research view shows it: its title, the answer and the sources, without the
 * sections that repeat each step's findings, since the steps folded under the answer show them once.
 * The sections are found by the headings the background wrote them under (`## 1. <task>`, `## Sources`);
 * a report without them is shown whole.
 */
export function answerFirst(report: string, steps: readonly Pick<WorkflowStep, 'task'>[]): string {
  const first = steps[0];
  if (!first) return report;
  const stepsStart = report.indexOf(`\n\n## 1. ${first.task}\n`);
  const sourcesStart = report.lastIndexOf('\n\n## Sources\n');
  if (stepsStart < 0 || sourcesStart < stepsStart) return report;
  return report.slice(0, stepsStart) + report.slice(sourcesStart);
}
