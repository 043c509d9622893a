// A saved chat task on its schedule: replayed in its conversation with nobody watching. The
// person approved what it did when they made the schedule, so its run is granted exactly that
// (each site at its level, for this run only) and has it as its scope; anything beyond is not
// asked about, nor approved in the person's place: the run stops there and tells the person.
import type { ChatPlan } from '../../policy';
import type { ChatTask } from '../../src/protocol/schedules';
import type { TaskDeps, TaskEnd, TaskOptions } from '../agent/run-task';
import { fixedScope } from '../agent/task-scope';
import type { QuestionUnanswered } from '../permissions/gate';
import { unattendedGate } from '../permissions/unattended-gate';
import { NOT_OPENED, type RunRecords } from '../agent/run-record';
import { endWithError } from '../agent/task-endings';
import { newId } from '../storage/ids';
import { waitedInWords } from '../workflows/waited-words';
import { runReplay } from './replay-run';

export interface Unattended {
  task: ChatTask;
  /** When it ran, and whether it was a missed run: the first thing the conversation says of it. */
  note: string;
  notify(title: string, message: string): Promise<void>;
  /**
   * Opens the run's own tab on the task's start page and waits for it to load; `opened` records the
   * tab the moment it exists, before its page loads. Resolves to the tab.
   */
  open(opened: (tabId: number) => Promise<void>, signal: AbortSignal): Promise<number>;
}

/** The plan the person approved by making the schedule: each site the task used, at its level. */
const approvedPlan = ({ trace, access }: ChatTask): ChatPlan => ({
  summary: trace.request.slice(0, 500),
  steps: access.map(({ site, level }) => ({ does: `What the task did on ${site}, as recorded`, site, level })),
});

export async function runUnattended(
  // Its record is what a restart finds while the start page loads: a scheduled run always keeps one.
  deps: TaskDeps & { runs: RunRecords },
  unattended: Unattended,
  signal: AbortSignal,
  options: Omit<TaskOptions, 'scope' | 'runId'>,
): Promise<TaskEnd> {
  const { task, note, notify } = unattended;
  const { conversation } = deps;
  const runId = newId('run');
  // Recorded before its tab opens: a restart while the start page loads finds the run, closes its
  // tab and says it did not start (markInterrupted), and the schedule has already counted it as run.
  const opening = { runId, tabId: NOT_OPENED, startedAt: Date.now(), opening: true as const };
  await deps.runs.save(opening);
  await conversation.add({ role: 'assistant', content: note, status: 'done' });
  let tabId: number;
  try {
    tabId = await unattended.open((opened) => deps.runs.save({ ...opening, tabId: opened }), signal);
  } catch (error) {
    await deps.runs.end();
    await endWithError(conversation, null, error, signal);
    if (!signal.aborted)
      await notify(
        `Bosun: “${task.trace.request.slice(0, 80)}” did not run`,
        `Its start page did not open: ${error instanceof Error ? error.message : String(error)}`,
      );
    return signal.aborted ? 'stopped' : 'error';
  }
  let waited: QuestionUnanswered | undefined;
  const gate = unattendedGate(deps.gate, (question) => (waited ??= question));
  const scope = fixedScope(await deps.gate.approvePlan(runId, approvedPlan(task)));
  try {
    const end = await runReplay({ ...deps, gate }, task.trace, tabId, signal, {
      ...options,
      runId,
      requester: 'schedule',
      scope,
    });
    if (waited) {
      const words = `Waited for you: ${waitedInWords(waited)} needed your answer, and nobody was there to ask; it did not run, and the task stopped there. Run again to be asked.`;
      await conversation.add({ role: 'assistant', content: words, status: 'done' });
      await notify(`Bosun: “${task.trace.request.slice(0, 80)}” is waiting for you`, words);
    }
    return end;
  } finally {
    deps.gate.endRun(runId);
    await deps.gate.endPlan(runId);
  }
}
