// The board of running tasks: every task listed with what it does now and its own Stop, and each
// tab held by one task at a time, so that two tasks never act on the same tab.
import { describe, expect, it, vi } from 'vitest';
import { createTaskBoard, holderInWords } from '../../background/agent/task-board';

const entry = (kind: 'chat' | 'research' | 'agent', request: string, stop = vi.fn()) => ({ kind, request, stop });

describe('the task board', () => {
  it('lists every running task, whoever started it, with what it does now, until it ends', () => {
    const changed = vi.fn();
    const board = createTaskBoard(changed);
    const chat = board.begin('chat:c1', { ...entry('chat', 'Read the home page'), conversationId: 'c1' });
    const research = board.begin('research:w1', entry('research', 'Compare prices'));
    board.begin('agent:a1', entry('agent', 'x'.repeat(300)));
    research.now('Alpha Audio price');
    expect(board.list()).toEqual([
      { id: 'chat:c1', kind: 'chat', conversationId: 'c1', request: 'Read the home page', now: null },
      { id: 'research:w1', kind: 'research', request: 'Compare prices', now: 'Alpha Audio price' },
      { id: 'agent:a1', kind: 'agent', request: 'x'.repeat(200), now: null },
    ]);
    chat.end();
    expect(board.list().map((task) => task.id)).toEqual(['research:w1', 'agent:a1']);
    // Each change was announced: three begins, one action, one end.
    expect(changed).toHaveBeenCalledTimes(5);
  });

  it('stops the task named, and only that one', () => {
    const board = createTaskBoard(() => undefined);
    const first = vi.fn();
    const second = vi.fn();
    board.begin('chat:c1', entry('chat', 'one', first));
    board.begin('research:w1', entry('research', 'two', second));
    expect(board.stop('research:w1')).toBe(true);
    expect(second).toHaveBeenCalledOnce();
    expect(first).not.toHaveBeenCalled();
    expect(board.stop('agent:gone')).toBe(false);
  });

  it('gives a tab to one task at a time: another is told what kind of task holds it, until that one ends', () => {
    const board = createTaskBoard(() => undefined);
    const research = board.begin('research:w1', entry('research', 'Compare prices'));
    const chat = board.begin('chat:c1', entry('chat', 'Read the page'));
    expect(research.claim(7)).toBeUndefined();
    expect(research.claim(7)).toBeUndefined();
    expect(chat.claim(7)).toBe('research');
    expect(chat.holds(7)).toBe(false);
    expect(research.holds(7)).toBe(true);
    research.end();
    expect(chat.claim(7)).toBeUndefined();
    expect(chat.holds(7)).toBe(true);
  });

  it('forgets an ended task: its late calls change nothing of a task that took its place', () => {
    const changed = vi.fn();
    const board = createTaskBoard(changed);
    const old = board.begin('chat:c1', entry('chat', 'first'));
    old.end();
    const next = board.begin('chat:c1', entry('chat', 'second'));
    next.claim(3);
    old.now('late');
    old.end();
    expect(board.list()).toEqual([{ id: 'chat:c1', kind: 'chat', request: 'second', now: null }]);
    expect(next.holds(3)).toBe(true);
    expect(old.holds(3)).toBe(false);
  });

  it('holds a tab for a caller (an ABP call, an attached agent) apart from the tasks, until it lets go of every hold', () => {
    const board = createTaskBoard(() => undefined);
    const chat = board.begin('chat:c1', entry('chat', 'Read the page'));
    const abp = { id: 'abp-page:1', kind: 'abp-client' as const };
    const agent = { id: 'native:a:1', kind: 'attached-agent' as const };
    expect(chat.claim(5)).toBeUndefined();
    // A tab a running task works in is refused to a caller, naming the task.
    expect(board.hold(abp, 5)).toBe('chat');
    // The agent holds the tab it opened, and one of its calls there holds it again.
    expect(board.hold(agent, 9)).toBeUndefined();
    expect(board.hold(agent, 9)).toBeUndefined();
    expect(chat.claim(9)).toBe('attached-agent');
    expect(board.hold(abp, 9)).toBe('attached-agent');
    // The call ends: the agent still holds its tab.
    board.letGo(agent.id, 9);
    expect(chat.claim(9)).toBe('attached-agent');
    // The agent disconnects: every hold of it goes.
    board.letGo(agent.id);
    expect(board.hold(abp, 9)).toBeUndefined();
    expect(chat.claim(9)).toBe('abp-client');
    board.letGo(abp.id, 9);
    expect(chat.claim(9)).toBeUndefined();
    // Once the task ends, its tab is free for a caller.
    chat.end();
    expect(board.hold(abp, 5)).toBeUndefined();
  });
});

describe('who holds a tab, in words for whoever it is refused to', () => {
  it('names another conversation only to a chat task, which has one; others hear what holds the tab', () => {
    expect(holderInWords('chat', 'chat')).toBe('a chat task of another conversation');
    for (const asker of ['abp-client', 'attached-agent', 'research', 'agent'] as const)
      expect(holderInWords('chat', asker)).toBe("a chat task in Bosun's sidebar");
    expect(holderInWords('research', 'chat')).toBe('a research run');
    expect(holderInWords('research', 'research')).toBe('another research run');
    expect(holderInWords('abp-client', 'abp-client')).toBe("another ABP client's call");
    expect(holderInWords('attached-agent', 'chat')).toBe('an attached agent');
  });
});
