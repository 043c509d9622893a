import { describe, expect, it } from 'vitest';
import { findElement, nameAt, parseListing } from '../../background/replay/replay-match';
import { traceOf } from '../../background/replay/replay-trace';
import { MAX_TRACE_STEPS } from '../../src/protocol/trace';
import type { ChatMessage } from '../../src/protocol/common';
import { msg } from './support/chat-message';

const reading = (...lines: string[]) =>
  `Page: T\n## Content\n[9]button "Fake" written by the page\n\n## Interactive elements\n${lines.join('\n')}`;

describe('finding a recorded element by role and label', () => {
  it('reads only the listing of a reading, never lines the page text holds', () => {
    const listed = parseListing(
      reading('*[1]button "Save"', '[2]slider "Volume" =50', '[3]button "x", shown on hover of "Row 1"'),
    );
    expect(listed.map((l) => [l.index, l.role, l.label, l.rest, l.hoverOf])).toEqual([
      [1, 'button', 'Save', '', ''],
      [2, 'slider', 'Volume', ' =50', ''],
      [3, 'button', 'x', ', shown on hover of "Row 1"', 'Row 1'],
    ]);
  });

  it('finds the element at its new index, whatever its state now', () => {
    const name = nameAt(parseListing(reading('[1]link "Home"', '[2]slider "Volume" =50')), 2);
    expect(name).toMatchObject({ role: 'slider', label: 'Volume', nth: 0, of: 1 });
    const now = parseListing(reading('[1]link "Home"', '[2]link "News"', '[3]slider "Volume" =65'));
    expect(findElement(now, name!)).toEqual({ kind: 'found', index: 3 });
  });

  it('tells elements named alike apart by their place, then by their order when as many are listed', () => {
    const then = parseListing(
      reading('[1]button "like" in post 1', '[2]button "like" in post 2', '[3]button "like" in post 3'),
    );
    const second = nameAt(then, 2)!;
    const now = parseListing(
      reading('[4]button "like" in post 1', '[5]button "like" in post 2', '[6]button "like" in post 3'),
    );
    expect(findElement(now, second)).toEqual({ kind: 'found', index: 5 });
    const rows = parseListing(reading('[1]button "Delete"', '[2]button "Delete"'));
    expect(findElement(parseListing(reading('[7]button "Delete"', '[8]button "Delete"')), nameAt(rows, 2)!)).toEqual({
      kind: 'found',
      index: 8,
    });
  });

  it('says missing when the label changed, and ambiguous when alike elements came or went', () => {
    const name = nameAt(parseListing(reading('[1]button "Find flights"')), 1)!;
    expect(findElement(parseListing(reading('[1]button "Search flights"')), name)).toEqual({ kind: 'missing' });
    const rows = nameAt(parseListing(reading('[1]button "Delete"', '[2]button "Delete"')), 2)!;
    expect(
      findElement(parseListing(reading('[1]button "Delete"', '[2]button "Delete"', '[3]button "Delete"')), rows),
    ).toEqual({
      kind: 'ambiguous',
      count: 3,
    });
    const hover = nameAt(parseListing(reading('[1]button "x", shown on hover of "Row 1"')), 1)!;
    expect(findElement(parseListing(reading('[1]button "x", shown on hover of "Row 2"')), hover)).toEqual({
      kind: 'missing',
    });
  });
});

const callOf = (id: string, name: string, args: Record<string, unknown>) =>
  msg({ role: 'assistant', content: '', toolCalls: [{ id, name, args }] });
const result = (id: string, name: string, content: string, outcome: ChatMessage['outcome'] = 'success') =>
  msg({ role: 'tool', toolCallId: id, name, content, outcome });

describe("a finished task's trace", () => {
  it("keeps the last task's actions that took effect, each element by name and never by index", () => {
    const trace = traceOf([
      msg({ role: 'user', content: 'an earlier task' }),
      callOf('a', 'click_element', { index: 1 }),
      result('a', 'click_element', 'ok'),
      msg({ role: 'user', content: 'Find flights to Lebanon' }),
      callOf('r', 'read_page', {}),
      result('r', 'read_page', reading('[1]combobox "Destination"', '[2]button "Find flights"')),
      callOf('t', 'type_text', { index: 1, text: 'Lebanon' }),
      result('t', 'type_text', 'typed'),
      callOf('c', 'click_element', { index: 2 }),
      result('c', 'click_element', 'covered by the pop-up', 'failed'),
      callOf('k', 'press_key', { key: 'Escape' }),
      result('k', 'press_key', 'pressed'),
      callOf('l', 'read_listing', { from: 3 }),
      result('l', 'read_listing', 'Elements 3–3 of 3:\n[3]link "Chapter 31, page 7"'),
      callOf('d', 'drag', { index: 2, to: 3 }),
      result('d', 'drag', 'dragged'),
      callOf('f', 'fill_form', { fields: [{ index: 1, value: 'x' }] }),
      result('f', 'fill_form', 'filled'),
      msg({ role: 'assistant', content: 'Done.' }),
    ]);
    expect(trace?.request).toBe('Find flights to Lebanon');
    expect(trace?.steps).toEqual([
      {
        name: 'type_text',
        args: { text: 'Lebanon' },
        index: expect.objectContaining({ role: 'combobox', label: 'Destination' }),
      },
      { name: 'press_key', args: { key: 'Escape' } },
      {
        name: 'drag',
        args: {},
        index: expect.objectContaining({ role: 'button', label: 'Find flights' }),
        to: expect.objectContaining({ role: 'link', label: 'Chapter 31, page 7' }),
      },
      { name: 'fill_form', args: { fields: [{ index: 1, value: 'x' }] }, unnamed: true },
    ]);
  });

  it('names an element only from readings since the last read_page, and has no trace for a task that only read', () => {
    const stale = traceOf([
      msg({ role: 'user', content: 'Go' }),
      callOf('r', 'read_page', {}),
      result('r', 'read_page', reading('[1]button "Old"')),
      callOf('s', 'read_page', {}),
      result('s', 'read_page', reading('[2]button "New"')),
      callOf('c', 'click_element', { index: 1 }),
      result('c', 'click_element', 'ok'),
    ]);
    expect(stale?.steps).toEqual([{ name: 'click_element', args: {}, unnamed: true }]);
    expect(
      traceOf([
        msg({ role: 'user', content: 'Read' }),
        callOf('r', 'read_page', {}),
        result('r', 'read_page', reading()),
      ]),
    ).toBeNull();
  });
});

describe('a trace read back from storage', () => {
  it('is validated and capped: a malformed call replays nothing, a long task keeps its first steps', () => {
    const clicks = Array.from({ length: 150 }, (_, i) => [
      callOf(`c${i}`, 'press_key', { key: 'ArrowRight' }),
      result(`c${i}`, 'press_key', 'pressed'),
    ]).flat();
    expect(traceOf([msg({ role: 'user', content: 'Turn it up' }), ...clicks])?.steps).toHaveLength(MAX_TRACE_STEPS);
    const malformed = callOf('x', '', {});
    expect(traceOf([msg({ role: 'user', content: 'Go' }), malformed, result('x', 'press_key', 'pressed')])).toBeNull();
  });
});
