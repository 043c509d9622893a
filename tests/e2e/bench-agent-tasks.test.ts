// The agent-tasks benchmark, run small with the scripted model on the build `npm test` makes, in both browsers.
import { describe, expect, it } from 'vitest';
import { main } from '../../bench/agent-tasks/run';
import { runBench } from '../unit/support/bench-output';

const TASK_IDS = ['slider', 'drop-zone', 'dialog'];

describe('the agent-tasks benchmark', () => {
  it(
    'solves each chosen task in both browsers, after its check said not done, and prints every figure as a number',
    { timeout: 240_000 },
    async () => {
      // No provider in the environment, whatever the machine has: the scripted model answers.
      const { result, output } = await runBench(main, [`--tasks=${TASK_IDS.join(',')}`, '--json', '--no-build'], {
        env: {},
      });
      expect(output).toMatch(/^agent-tasks benchmark: 3 tasks in chromium and firefox with the scripted model/m);
      expect(result.browsers.map((b) => b.browser)).toEqual(['chromium', 'firefox']);
      for (const { browser, runs } of result.browsers) {
        expect(runs.map((r) => r.task)).toEqual(TASK_IDS);
        for (const run of runs) {
          // The check is asked on the untouched page first: a check that always says done fails here.
          expect(run, `${browser} ${run.task}`).toMatchObject({ solvedBefore: false, solved: true, note: '' });
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
            `^${browser} total: solved 3 of 3, mean steps [\\d.]+, tokens \\d+ in / \\d+ out, time [\\d.]+ s$`,
            'm',
          ),
        );
      }
    },
  );
});
