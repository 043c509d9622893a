// The page-engine bench's line on a real page: the first read of Node.js's all.html (Debian's
// nodejs-doc, installed by the bench when missing) against the floor of measuring what it returns.
// `npm test` runs the bench without it (tests/unit/bench-page-engine.test.ts): the page is 5.8 MB.
import { describe, expect, it } from 'vitest';
import { main } from '../../bench/page-engine/run';

describe('the page-engine bench on all.html', () => {
  it('prints the first read of all.html against its floor, with a verdict', { timeout: 600_000 }, async () => {
    const lines: string[] = [];
    const result = await main(['--sizes=1000', '--runs=1', '--pairs=2', '--json'], {
      log: (line) => lines.push(line),
    });
    const output = lines.join('\n');
    expect(output).toMatch(
      /Node\.js API all\.html, first read \(listing budget 12000 characters.*\): [\d.]+ ms, showing \d+ of the \d+ elements.*floor .* [\d.]+ ms/,
    );
    const line = result.verdicts.find((v) => v.name === 'first read of all.html / floor of measuring what it returns');
    expect(line?.size).toBeGreaterThan(0);
    expect(Number.isFinite(line?.value) && (line?.value ?? 0) > 0).toBe(true);
    expect(output).toMatch(/(PASS|MISS) {2}first read of all\.html \/ floor of measuring what it returns/);
  });
});
