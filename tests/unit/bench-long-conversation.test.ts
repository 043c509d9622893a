// @vitest-environment node
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { conversationExport } from '../../bench/long-conversation/conversation';
import { parseArgs } from '../../bench/long-conversation/run';
import { ConversationExport } from '../../src/protocol/conversations';

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
