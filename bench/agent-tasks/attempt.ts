// One task, as a person gives it: the page open alone, a fresh conversation, the request sent
// through the sidebar, the agent left to work, then the page asked whether it was done.
import type { ExtensionSession, PageDriver } from '../../tests/e2e/harness';
import { answerPrompt, openOnly, startFresh } from '../../tests/e2e/support/agent';
import { send } from '../../tests/e2e/support/sidebar';
import type { LlmServer } from '../../tests/fixtures/llm-server';
import { scriptedModel } from '../../tests/e2e/support/scripted-turns';
import { replayStepModel } from './replay-model';
import type { AgentTask } from './tasks';

/** One run of a task: by the model, or replayed ("Run again") from the model's run. */
export interface RunFigures {
  solved: boolean;
  /** What the check said before the run: it must say not done, or it proves nothing. */
  solvedBefore: boolean;
  /** Tool calls made, as the conversation shows them. */
  steps: number;
  /** Answers of the model, as the conversation shows them (each with its usage). */
  modelCalls: number;
  inputTokens: number;
  outputTokens: number;
  seconds: number;
  /** Of a replay's steps, those the model was asked for (marked "needed the model"); 0 for the model's own run. */
  neededModel: number;
  /** Why the run is not a plain answer: questions the site rule did not cover, or the time limit. */
  note: string;
}

export interface TaskRun extends RunFigures {
  task: string;
  /** "Run again" on the same page, fresh. */
  replay: RunFigures;
  /** "Run again" on the task's variant page (elements renamed), where it has one. */
  variant: (RunFigures & { changedSteps: number }) | null;
}

export interface Workbench {
  session: ExtensionSession;
  sidebar: PageDriver;
  siteUrl: string;
  /** The scripted model's server, or null when a real provider answers. */
  llm: LlmServer | null;
  taskSeconds: number;
}

type Sidebar = 'idle' | 'prompt' | 'busy';
const sidebarState = (sidebar: PageDriver): Promise<Sidebar> =>
  sidebar.evaluate(() =>
    document.querySelector('[data-testid="permission-prompt"]')
      ? 'prompt'
      : document.querySelector('[data-testid="send"]')
        ? 'idle'
        : 'busy',
  );

/**
 * Waits until the task ends. The site rule answers the questions a task needs; one it does not
 * cover (an action Bosun judges critical) is denied, as the benchmark's person allows nothing more.
 * At the time limit the task is stopped.
 */
async function workUntilDone(sidebar: PageDriver, seconds: number): Promise<string[]> {
  const notes: string[] = [];
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const state = await sidebarState(sidebar);
    if (state === 'idle') return notes;
    if (Date.now() > deadline) {
      await sidebar.evaluate(() => document.querySelector<HTMLButtonElement>('[data-testid="stop"]')?.click());
      return [...notes, `stopped after ${seconds} s`];
    }
    if (state === 'prompt') notes.push(`denied ${(await answerPrompt(sidebar, 'deny')).tool}`);
    else await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The last run's figures as the conversation shows them, from its request on. */
const shownRun = (sidebar: PageDriver) =>
  sidebar.evaluate(() => {
    const messages = [...document.querySelectorAll<HTMLElement>('[data-testid="message"]')];
    const run = messages.slice(messages.findLastIndex((el) => el.dataset.role === 'user') + 1);
    const answers = run.filter((el) => el.dataset.usage);
    const usage = answers.map((el) => (el.dataset.usage ?? '').split('/').map(Number));
    return {
      steps: run.filter((el) => el.dataset.role === 'tool').length,
      modelCalls: answers.length,
      inputTokens: usage.reduce((sum, [input = 0]) => sum + input, 0),
      outputTokens: usage.reduce((sum, [, output = 0]) => sum + output, 0),
      neededModel: run.filter((el) => el.dataset.role === 'tool' && el.dataset.replay === 'model').length,
    };
  });

/**
 * One run on the page opened fresh: `change` (a variant) runs in it first, then `begin` starts the
 * run from the sidebar, which is left to work; then the page is asked whether it was done.
 */
async function runOnce(
  bench: Workbench,
  task: AgentTask,
  begin: () => Promise<void>,
  change?: () => void,
): Promise<RunFigures> {
  const { session, sidebar, llm } = bench;
  const page = await openOnly(session, sidebar, `${bench.siteUrl}/${task.page}`);
  try {
    if (change) await page.evaluate(change);
    const solvedBefore = await page.evaluate(task.solved);
    const started = performance.now();
    // A run that cannot start (no Run again under a task that took no action) is not solved, and says why.
    const notes = await begin().then(
      () => workUntilDone(sidebar, bench.taskSeconds),
      (error: unknown) => [`could not start: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`],
    );
    const seconds = (performance.now() - started) / 1000;
    if (llm && llm.failures.length > 0) notes.push(`model server: ${llm.failures.join('; ')}`);
    if (solvedBefore) notes.push('the check said done before the run');
    return {
      ...(await shownRun(sidebar)),
      solved: !solvedBefore && (await page.evaluate(task.solved)),
      solvedBefore,
      seconds,
      note: notes.join('; '),
    };
  } finally {
    await page.close();
  }
}

/** "Run again" pressed in the sidebar under the finished run; resolves once the replay has begun. */
async function runAgain(sidebar: PageDriver): Promise<void> {
  const before = await sidebar.evaluate(() => document.querySelectorAll('[data-role="user"]').length);
  await sidebar.waitFor(() => document.querySelector('[data-testid="run-again"]') !== null, undefined, {
    timeoutMs: 5_000,
    message: 'no Run again under the finished run',
  });
  await sidebar.click('[data-testid="run-again"]');
  await sidebar.waitFor((count) => document.querySelectorAll('[data-role="user"]').length > count, before, {
    message: 'Run again did not start a run',
  });
}

/** The task by the model, then replayed on the same page fresh, then on its variant page. */
export async function attemptTask(bench: Workbench, task: AgentTask): Promise<TaskRun> {
  const { sidebar, llm } = bench;
  await startFresh(sidebar);
  if (llm) {
    llm.reset();
    llm.respondWith(scriptedModel(task.solution, 'Done.'));
  }
  const byModel = await runOnce(bench, task, () => send(sidebar, task.request));
  // A replay asks the model only for steps that no longer match: on a variant, under their new names.
  if (llm) {
    llm.reset();
    llm.respondWith(replayStepModel(task.variant?.renamed ?? {}));
  }
  const replay = await runOnce(bench, task, () => runAgain(sidebar));
  const { variant } = task;
  return {
    task: task.id,
    ...byModel,
    replay,
    variant: variant
      ? { ...(await runOnce(bench, task, () => runAgain(sidebar), variant.change)), changedSteps: variant.changedSteps }
      : null,
  };
}
