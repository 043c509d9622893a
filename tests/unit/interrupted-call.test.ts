import { describe, expect, it } from 'vitest';
import { interruptedCall } from '../../background/agent/agent';
import type { ChatMessage } from '../../src/protocol/common';

const at = (ms: number) => new Date(ms).toISOString();
const answer = (id: string, ms: number, calls: string[]): ChatMessage => ({
  id,
  createdAt: at(ms),
  role: 'assistant',
  content: '',
  status: 'done',
  toolCalls: calls.map((call) => ({ id: call, name: `tool-${call}`, args: {} })),
});
const result = (id: string, ms: number, call: string): ChatMessage => ({
  id,
  createdAt: at(ms),
  role: 'tool',
  content: 'done',
  status: 'done',
  toolCallId: call,
  name: `tool-${call}`,
});

describe('interruptedCall', () => {
  it('is the first call of the last answer whose result was not saved', () => {
    const messages = [answer('a1', 1000, ['c1', 'c2', 'c3']), result('t1', 1001, 'c1')];
    expect(interruptedCall(messages, 1000)).toMatchObject({ id: 'c2', name: 'tool-c2' });
  });

  it('is none when every call of the last answer has its result', () => {
    const messages = [answer('a1', 1000, ['c1']), result('t1', 1001, 'c1')];
    expect(interruptedCall(messages, 1000)).toBeNull();
  });

  it('never names a call from an answer of an earlier task', () => {
    // An earlier task stopped before its second call; this task was cut before the model answered.
    const messages = [answer('a1', 1000, ['c1', 'c2']), result('t1', 1001, 'c1')];
    expect(interruptedCall(messages, 5000)).toBeNull();
  });

  it('looks at the task’s last answer, not an earlier one', () => {
    const messages = [
      answer('a1', 1000, ['c1']),
      result('t1', 1001, 'c1'),
      answer('a2', 1002, ['c2', 'c3']),
      result('t2', 1003, 'c2'),
    ];
    expect(interruptedCall(messages, 1000)).toMatchObject({ id: 'c3' });
  });
});
