// The long-conversation benchmark, run small on the built extension (npm test builds it first).
import { describe, expect, it } from 'vitest';
import { main } from '../../bench/long-conversation/run';
import { runBench } from '../unit/support/bench-output';

describe('the long-conversation benchmark', () => {
  it('imports two small conversations, and prints numeric figures', { timeout: 120_000 }, async () => {
    const { result, output } = await runBench(main, ['--sizes=4,8', '--runs=1', '--json', '--no-build']);
    expect(output).toMatch(
      /^messages +open ms +send→shown ms +key→frame idle ms +key→frame streaming ms +sidebar heap MiB +elements +ext process MiB$/m,
    );
    for (const size of result.sizes) {
      for (const figure of [
        size.openMs.median,
        size.sendMs.median,
        size.typingIdleMs.median,
        size.typingStreamingMs.median,
        size.sidebarHeapMiB,
        size.elements,
        size.extensionMiB,
      ]) {
        expect(Number.isFinite(figure)).toBe(true);
        expect(figure).toBeGreaterThan(0);
      }
    }
    expect(output).toMatch(/^8 vs 4 messages: open ×[\d.]+, sidebar heap ×[\d.]+, key→frame while streaming ×[\d.]+$/m);
  });
});
