// The agent-steps benchmark, run small on the build `npm test` makes, in both browsers.
import { describe, expect, it } from 'vitest';
import { main } from '../../bench/agent-steps/run';
import { runBench } from '../unit/support/bench-output';

describe('the agent-steps benchmark', () => {
  it(
    'takes every step in both browsers, quiet and under a load of every core, and prints numeric figures, where each step went, the memory Bosun added and a verdict each',
    { timeout: 360_000 },
    async () => {
      const { result, output } = await runBench(main, ['--sizes=400', '--steps=2', '--json', '--no-build']);
      expect(output).toMatch(/^ *browser +load +elements +step ms +floor ms +Bosun adds ms$/m);
      expect(result.rows.map((r) => `${r.browser} ${r.load}`)).toEqual([
        'chromium quiet',
        'chromium cores',
        'firefox quiet',
        'firefox cores',
      ]);
      for (const row of result.rows) {
        for (const figure of [row.stepMs.median, row.stepMs.max, row.floorMs.median, row.floorMs.max]) {
          expect(Number.isFinite(figure)).toBe(true);
          expect(figure).toBeGreaterThan(0);
        }
      }
      expect(output).toMatch(
        /^ *browser +load +elements +answer→click +click→result +result→read done +read done→model$/m,
      );
      for (const row of result.rows) {
        const { toClick, clickResult, read, toModel } = row.parts;
        for (const part of [toClick, clickResult, read, toModel]) {
          expect(Number.isFinite(part.median)).toBe(true);
          expect(part.median).toBeGreaterThanOrEqual(0);
        }
        // The read alone is part of a step, so it cannot take longer than the longest step.
        expect(read.median).toBeLessThanOrEqual(row.stepMs.max);
      }
      // The memory of the browser's processes, before and after the quiet task, read from /proc.
      expect(output).toMatch(/^ *browser +elements +before MiB +after MiB +Bosun adds MiB$/m);
      for (const row of result.rows.filter((r) => r.load === 'quiet')) {
        expect(row.memory?.beforeMiB).toBeGreaterThan(50);
        expect(row.memory?.afterMiB).toBeGreaterThan(50);
      }
      for (const browser of ['chromium', 'firefox'])
        for (const load of ['quiet', 'cores'])
          expect(output).toMatch(
            new RegExp(
              `^(PASS|MISS) median step, ${browser}, ${load}, \\d+ elements: [\\d.]+ ms .*floor [\\d.]+ ms\\)$`,
              'm',
            ),
          );
    },
  );
});
