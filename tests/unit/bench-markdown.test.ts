// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { main, parseArgs } from '../../bench/markdown/run';

describe('markdown benchmark', () => {
  it('rejects flags it does not know and budgets below the protocol minimum', () => {
    expect(() => parseArgs(['--size=5'])).toThrow(/unknown argument/);
    expect(() => parseArgs(['--budget=100'])).toThrow(/at least 500/);
    expect(parseArgs([])).toEqual({ sizes: [50_000, 200_000], runs: 3, budget: 24_000, nodeApi: true });
  });

  it('prints budgeted and full figures with their baselines and a verdict for each', async () => {
    const lines: string[] = [];
    const rows = await main(['--sizes=6000', '--runs=1', '--no-node-api', '--budget=2000'], {
      log: (line) => lines.push(line),
    });
    const out = lines.join('\n');
    expect(out).toMatch(/generated 6k \([\d.]+ MB of HTML\)/);
    for (const label of ['budgeted read', 'full conversion'])
      expect(out).toMatch(new RegExp(`${label} +[\\d.]+ ms +[\\d.]+ MB/s`));
    expect(out).toMatch(
      /^(PASS|MISS) budgeted read, generated 6k: [\d.]+ ms \(target < 100 ms; baseline of the same run: [\d.]+ ms\)$/m,
    );
    expect(out).toMatch(
      /^(PASS|MISS) full conversion, generated 6k: [\d.]+ MB\/s \(target ≥ 10 MB\/s; baseline of the same run: [\d.]+ MB\/s\)$/m,
    );
    const [row] = rows;
    // The budgeted reads, ours and the baseline's, are cut; the full ones are not, and ours stays within the budget.
    expect(row?.figures.budgeted[0]).toMatchObject({ truncated: true });
    expect(row?.figures.budgeted[0]?.chars).toBeLessThanOrEqual(2000);
    expect(row?.figures.baselineBudgeted[0]).toMatchObject({ truncated: true });
    expect(row?.figures.full[0]).toMatchObject({ truncated: false });
  }, 180_000);
});
