// The crawl benchmark, run small on the built extension (npm test builds it first).
import { describe, expect, it } from 'vitest';
import { main } from '../../bench/crawl/run';
import { runBench } from '../unit/support/bench-output';

describe('the crawl benchmark', () => {
  it('crawls a 10-page site with one worker, exports it, and prints numeric figures', { timeout: 90_000 }, async () => {
    const { result, output } = await runBench(main, ['--pages=10', '--workers=1', '--json', '--no-build']);
    expect(output).toMatch(
      /^workers +fetch pages\/s +crawl pages\/s +crawl s +pages +ext MiB +tabs MiB +all MiB +zip s +zip KiB$/m,
    );
    expect(output).toMatch(/^INFO crawl, 4 workers: not run \(target ≥ 60 pages\/s; baseline of the same run: —\)$/m);
    expect(output).toMatch(
      /^INFO more workers never slower: pages\/s by workers 1: \d+\.\d \(target never below fewer workers; baseline of the same run: —\)$/m,
    );
    const row = output.split('\n').find((line) => /^1 /.test(line)) ?? '';
    const cells = row.trim().split(/\s+/);
    expect(cells).toHaveLength(13); // workers, 4 crawl figures, 3 × "peak (before)", zip s and KiB
    for (const cell of cells) expect(Number(cell.replace(/[()]/g, ''))).not.toBeNaN();

    const [run] = result.runs;
    expect(run?.crawl).toMatchObject({ pages: 10, failed: 0 });
    expect(run?.baseline.pages).toBe(10);
    for (const figure of [
      run?.crawl.pagesPerSecond,
      run?.baseline.pagesPerSecond,
      run?.export.seconds,
      run?.export.bytes,
      run?.memory?.extension,
      run?.memory?.total,
    ]) {
      expect(Number.isFinite(figure)).toBe(true);
      expect(figure).toBeGreaterThan(0);
    }
  });
});
