// The agent-tasks benchmark: the chat's agent given small tasks on pages built the way frameworks
// and widget libraries build theirs (the widget pages of the test site), scored by a check run in
// each page. The built extension runs in headless Chromium and Firefox (the e2e harness) with a
// real provider named in the environment, or the scripted model server, which plays each task's
// scripted solution. Run it with `node bench/run.mjs agent-tasks`.
import { existsSync } from 'node:fs';
import { cpus } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchExtension, type BrowserName } from '../../tests/e2e/harness';
import { setSiteRule } from '../../tests/e2e/support/permissions';
import { configure, openSidebar, setLimits } from '../../tests/e2e/support/sidebar';
import { startLlmServer, type LlmServer } from '../../tests/fixtures/llm-server';
import { startStaticServer } from '../../tests/fixtures/static-server';
import { builtExtensions } from '../built-extension';
import { attemptTask, type TaskRun, type Workbench } from './attempt';
import { describeModel, modelFromEnv, type ModelChoice } from './provider';
import { formatReport } from './report';
import { chooseTasks, TASKS } from './tasks';

const BROWSER_NAMES: readonly BrowserName[] = ['chromium', 'firefox'];
const BUILD_TARGET: Record<BrowserName, string> = { chromium: 'chrome', firefox: 'firefox' };
/** A task's step limit (Settings → Limits, max steps) and, by default, its time limit. */
const MAX_STEPS = 25;
const TASK_SECONDS = 180;

export interface BenchOptions {
  browsers: BrowserName[];
  /** Task ids, or null for all of them. */
  tasks: string[] | null;
  seconds: number;
  json: boolean;
  build: boolean;
}

export interface BrowserRuns {
  browser: BrowserName;
  runs: TaskRun[];
}

export interface BenchResult {
  machine: { cpus: number; node: string };
  /** What answered: "scripted", or the provider and model (never the key). */
  model: string;
  options: BenchOptions;
  browsers: BrowserRuns[];
}

export function parseArgs(argv: readonly string[]): BenchOptions {
  const options: BenchOptions = {
    browsers: [...BROWSER_NAMES],
    tasks: null,
    seconds: TASK_SECONDS,
    json: false,
    build: true,
  };
  for (const arg of argv) {
    const [flag, value = ''] = arg.split('=', 2);
    if (flag === '--browsers') options.browsers = value.split(',').map((s) => s.trim()) as BrowserName[];
    else if (flag === '--tasks') options.tasks = value.split(',').map((s) => s.trim());
    else if (flag === '--seconds') options.seconds = Number(value);
    else if (flag === '--json') options.json = true;
    else if (flag === '--no-build') options.build = false;
    else
      throw new Error(
        `unknown argument ${arg} (use --browsers=chromium,firefox --tasks=${TASKS[0]?.id},… --seconds=N --json --no-build)`,
      );
  }
  if (options.browsers.length === 0 || !options.browsers.every((b) => BROWSER_NAMES.includes(b)))
    throw new Error('--browsers takes chromium, firefox or both');
  if (!Number.isInteger(options.seconds) || options.seconds < 5 || options.seconds > 3600)
    throw new Error('--seconds takes a whole number of seconds from 5 to 3600');
  chooseTasks(options.tasks);
  return options;
}

async function runBrowser(
  browserName: BrowserName,
  root: string,
  siteUrl: string,
  model: ModelChoice,
  options: BenchOptions,
): Promise<TaskRun[]> {
  const llm: LlmServer | null = model.kind === 'scripted' ? await startLlmServer() : null;
  const session = await launchExtension(browserName, join(root, 'dist', BUILD_TARGET[browserName])).catch(
    async (error: unknown) => {
      await llm?.close();
      throw error;
    },
  );
  try {
    const sidebar = await openSidebar(session);
    if (llm) await configure(sidebar, llm);
    else {
      const { provider, baseUrl, model: name, apiKey } = (model as Extract<ModelChoice, { kind: 'provider' }>).settings;
      await configure(sidebar, { baseUrl }, apiKey, provider, name);
    }
    // The person trusts the test site with every action short of a critical one: no question waits.
    await setSiteRule(sidebar, '127.0.0.1', 'submit');
    await setLimits(sidebar, { maxSteps: MAX_STEPS });
    const bench: Workbench = { session, sidebar, siteUrl, llm, taskSeconds: options.seconds };
    const runs: TaskRun[] = [];
    for (const task of chooseTasks(options.tasks)) runs.push(await attemptTask(bench, task));
    return runs;
  } finally {
    await session.close();
    await llm?.close();
  }
}

export interface MainContext {
  log?: (line: string) => void;
  root?: string;
  env?: Readonly<Record<string, string | undefined>>;
}

/** Runs the tasks and prints a table per browser and the totals; an unsolved task never makes it fail. */
export async function main(argv: readonly string[], context: MainContext = {}): Promise<BenchResult> {
  const log = context.log ?? ((line: string) => console.log(line));
  const options = parseArgs(argv);
  const model = modelFromEnv(context.env ?? process.env);
  const root = context.root ?? join(dirname(fileURLToPath(import.meta.url)), '..', '..');
  builtExtensions(
    root,
    options.browsers.map((b) => BUILD_TARGET[b]),
    options.build,
  );
  // From the root, not the module: this file runs bundled elsewhere (scripts/run-ts.mjs).
  const siteDir = join(root, 'tests', 'fixtures', 'site');
  const missing = chooseTasks(options.tasks).filter((task) => !existsSync(join(siteDir, task.page)));
  if (missing.length > 0) throw new Error(`no page ${missing.map((t) => t.page).join(', ')} in ${siteDir}`);
  const site = await startStaticServer(siteDir);
  const result: BenchResult = {
    machine: { cpus: cpus().length, node: process.version },
    model: model.kind === 'scripted' ? 'scripted' : `${model.settings.provider} ${model.settings.model}`,
    options,
    browsers: [],
  };
  try {
    const count = chooseTasks(options.tasks).length;
    log(
      `agent-tasks benchmark: ${count} tasks in ${options.browsers.join(' and ')} with ${describeModel(model)}; Node ${process.version}, ${result.machine.cpus} cores`,
    );
    log(
      `  (a task: at most ${MAX_STEPS} steps and ${options.seconds} s; steps are tool calls, tokens the conversation's usage)\n`,
    );
    for (const browserName of options.browsers) {
      const runs = await runBrowser(browserName, root, site.url, model, options);
      result.browsers.push({ browser: browserName, runs });
    }
    for (const line of formatReport(result.browsers)) log(line);
    if (options.json) log(JSON.stringify(result));
    return result;
  } finally {
    await site.close();
  }
}
