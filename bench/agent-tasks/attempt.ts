// One task, as a person gives it: the page open alone, a fresh conversation, the request sent
// through the sidebar, the agent left to work, then the page asked whether it was done.
import type { ExtensionSession, PageDriver } from '../../tests/e2e/harness';
import { answerPrompt, openOnly, shownTools, startFresh } from '../../tests/e2e/support/agent';
import { send } from '../../tests/e2e/support/sidebar';
import type { LlmServer } from '../../tests/fixtures/llm-server';
import { scriptedModel } from '../../tests/e2e/support/scripted-turns';
import type { AgentTask } from './tasks';

export interface TaskRun {
  task: string;
  solved: boolean;
  /** What the check said before the agent acted: it must say not done, or it proves nothing. */
  solvedBefore: boolean;
  /** Tool calls the agent made, as the conversation shows them. */
  steps: number;
  inputTokens: number;
  outputTokens: number;
  seconds: number;
  /** Why the run is not a plain answer: questions the site rule did not cover, or the time limit. */
  note: string;
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

/** Tokens the conversation's messages record (the provider's usage on each answer). */
const conversationUsage = (sidebar: PageDriver): Promise<{ input: number; output: number }> =>
  sidebar.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('[data-testid="message"][data-usage]')].reduce(
      (sum, el) => {
        const [input = 0, output = 0] = (el.dataset.usage ?? '').split('/').map(Number);
        return { input: sum.input + input, output: sum.output + output };
      },
      { input: 0, output: 0 },
    ),
  );

export async function attemptTask(bench: Workbench, task: AgentTask): Promise<TaskRun> {
  const { session, sidebar, llm } = bench;
  await startFresh(sidebar);
  const page = await openOnly(session, sidebar, `${bench.siteUrl}/${task.page}`);
  try {
    if (llm) {
      llm.reset();
      llm.respondWith(scriptedModel(task.solution, 'Done.'));
    }
    const solvedBefore = await page.evaluate(task.solved);
    const started = performance.now();
    await send(sidebar, task.request);
    const notes = await workUntilDone(sidebar, bench.taskSeconds);
    const seconds = (performance.now() - started) / 1000;
    if (llm && llm.failures.length > 0) notes.push(`model server: ${llm.failures.join('; ')}`);
    if (solvedBefore) notes.push('the check said done before the agent acted');
    const usage = await conversationUsage(sidebar);
    return {
      task: task.id,
      solved: !solvedBefore && (await page.evaluate(task.solved)),
      solvedBefore,
      steps: (await shownTools(sidebar)).length,
      inputTokens: usage.input,
      outputTokens: usage.output,
      seconds,
      note: notes.join('; '),
    };
  } finally {
    await page.close();
  }
}
