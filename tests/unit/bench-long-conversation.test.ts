// @vitest-environment node
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { conversationExport } from '../../bench/long-conversation/conversation';
import { main, parseArgs } from '../../bench/long-conversation/run';
import { ConversationExport } from '../../src/protocol/conversations';
import { runBench } from './support/bench-output';

describe('the long conversation', () => {
  it('is a valid export, deterministic, in whole exchanges that end with an answer', () => {
    const parsed = v.parse(ConversationExport, JSON.parse(conversationExport(1000)));
    expect(parsed.messages).toHaveLength(1000);
    expect(conversationExport(1000)).toBe(conversationExport(1000));
    expect(parsed.messages.slice(0, 4).map((m) => m.role)).toEqual(['user', 'assistant', 'tool', 'assistant']);
    expect(parsed.messages.at(-1)?.content).toContain('{ "item": 249, "currency": "USD" }');
  });
  it('parses its flags', () => {
    expect(parseArgs([])).toEqual({ sizes: [12, 100, 1000], runs: 3, json: false, build: true });
    expect(parseArgs(['--sizes=4,8', '--runs=1', '--json', '--no-build'])).toEqual({
      sizes: [4, 8],
      runs: 1,
      json: true,
      build: false,
    });
    expect(() => parseArgs(['--sizes=10'])).toThrow(/multiples of 4/);
  });
});

describe('the long-conversation benchmark', () => {
  it('builds, imports two small conversations, and prints numeric figures', { timeout: 120_000 }, async () => {
    const { result, output } = await runBench(main, ['--sizes=4,8', '--runs=1', '--json']);
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
