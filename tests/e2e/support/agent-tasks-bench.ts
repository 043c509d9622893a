// The agent-tasks benchmark run as a test, in each browser: tasks solved by the chat's agent through
// the real sidebar with the scripted model, then run again (replayed) from the sidebar on the page as
// it was and on variant pages. The benchmark itself runs them (one browser session per browser, a fresh
// conversation and the page opened alone for each task) on the build the tests use.
import { describe, expect, it } from 'vitest';
import { main } from '../../../bench/agent-tasks/run';
import { runBench } from '../../unit/support/bench-output';
import { BROWSERS } from '../harness';
import { SAMPLE, tasksOf, type TaskScope } from './task-sample';

export function agentTasksBenchSuite(scope: TaskScope): void {
  const tasks = tasksOf(scope);
  describe.each(BROWSERS)('the agent-tasks benchmark in %s', (browserName) => {
    it(
      `solves ${scope === 'all' ? 'every task' : 'a sample of the tasks'} through the agent, then replays each without the model, and on a variant page with one model call per changed step at most`,
      { timeout: 480_000 },
      async () => {
        const flags = [`--browsers=${browserName}`, '--json', '--no-build'];
        if (scope === 'sample') flags.push(`--tasks=${SAMPLE.join(',')}`);
        // No provider in the environment, whatever the machine has: the scripted model answers.
        const { result, output } = await runBench(main, flags, { env: {} });
        expect(output).toMatch(
          new RegExp(`^agent-tasks benchmark: ${tasks.length} tasks in ${browserName} with the scripted model`, 'm'),
        );
        expect(result.browsers.map((b) => b.browser)).toEqual([browserName]);
        const runs = result.browsers[0]?.runs ?? [];
        expect(runs.map((r) => r.task).sort()).toEqual(tasks.map((t) => t.id).sort());
        for (const run of runs) {
          // The check is asked on the untouched page first: a check that always says done fails here.
          expect(run, run.task).toMatchObject({ solvedBefore: false, solved: true, note: '' });
          for (const figure of [run.steps, run.modelCalls, run.inputTokens, run.outputTokens, run.seconds]) {
            expect(Number.isFinite(figure)).toBe(true);
            expect(figure).toBeGreaterThan(0);
          }
          expect(output).toMatch(
            new RegExp(
              `^${run.task} +model +yes +${run.steps} +${run.modelCalls} +${run.inputTokens} +${run.outputTokens} +[\\d.]+ +-$`,
              'm',
            ),
          );
          // Run again on the page as it was: solved without the model.
          expect(run.replay, `${run.task} replayed`).toMatchObject({
            solvedBefore: false,
            solved: true,
            modelCalls: 0,
            inputTokens: 0,
            neededModel: 0,
            note: '',
          });
          expect(output).toMatch(
            new RegExp(`^${run.task} +replay +yes +${run.replay.steps} +0 +0 +0 +[\\d.]+ +0$`, 'm'),
          );
        }
        // On a variant page, at most one model call per changed step, and each shown as needing the model.
        const variants = runs.filter((r) => r.variant);
        expect(variants.map((r) => r.task)).toEqual(['slider', 'autocomplete']);
        for (const { task, variant } of variants) {
          expect(variant, `${task} on its variant`).toMatchObject({ solvedBefore: false, solved: true, note: '' });
          expect(variant!.modelCalls).toBeGreaterThan(0);
          expect(variant!.modelCalls).toBeLessThanOrEqual(variant!.changedSteps);
          expect(variant!.neededModel).toBe(variant!.modelCalls);
        }
        expect(output).toMatch(
          new RegExp(
            `^${browserName} replay total: solved ${tasks.length} of ${tasks.length}, mean steps [\\d.]+, model calls 0, tokens 0 in / 0 out, time [\\d.]+ s, steps that needed the model 0$`,
            'm',
          ),
        );
      },
    );
  });
}
