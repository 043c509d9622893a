// Every task of the agent-tasks benchmark, solved by the chat's agent through the real sidebar with
// the scripted model, in each browser: the benchmark itself runs them (one browser session per
// browser, a fresh conversation and the page opened alone for each task) on the build `npm test` makes.
import { describe, expect, it } from 'vitest';
import { main } from '../../bench/agent-tasks/run';
import { TASKS } from '../../bench/agent-tasks/tasks';
import { runBench } from '../unit/support/bench-output';
import { BROWSERS } from './harness';

describe.each(BROWSERS)('the agent-tasks benchmark in %s', (browserName) => {
  it(
    'solves every task through the agent, after its check said not done, and prints every figure as a number',
    { timeout: 240_000 },
    async () => {
      // No provider in the environment, whatever the machine has: the scripted model answers.
      const { result, output } = await runBench(main, [`--browsers=${browserName}`, '--json', '--no-build'], {
        env: {},
      });
      expect(output).toMatch(
        new RegExp(`^agent-tasks benchmark: ${TASKS.length} tasks in ${browserName} with the scripted model`, 'm'),
      );
      expect(result.browsers.map((b) => b.browser)).toEqual([browserName]);
      const runs = result.browsers[0]?.runs ?? [];
      expect(runs.map((r) => r.task)).toEqual(TASKS.map((t) => t.id));
      for (const run of runs) {
        // The check is asked on the untouched page first: a check that always says done fails here.
        expect(run, run.task).toMatchObject({ solvedBefore: false, solved: true, note: '' });
        for (const figure of [run.steps, run.inputTokens, run.outputTokens, run.seconds]) {
          expect(Number.isFinite(figure)).toBe(true);
          expect(figure).toBeGreaterThan(0);
        }
        expect(output).toMatch(
          new RegExp(`^${run.task} +yes +${run.steps} +${run.inputTokens} +${run.outputTokens} +[\\d.]+$`, 'm'),
        );
      }
      expect(output).toMatch(
        new RegExp(
          `^${browserName} total: solved ${TASKS.length} of ${TASKS.length}, mean steps [\\d.]+, tokens \\d+ in / \\d+ out, time [\\d.]+ s$`,
          'm',
        ),
      );
    },
  );
});
