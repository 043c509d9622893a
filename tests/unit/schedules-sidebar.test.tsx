// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SavedWorkflow } from '../../src/protocol/common';
import type { Schedule } from '../../src/protocol/schedules';
import { Schedules } from '../../sidebar/components/Schedules';

afterEach(cleanup);

const saved: SavedWorkflow = {
  id: 'saved_1',
  name: 'Lamp prices',
  intent: 'Compare {{product}} prices',
  parameters: ['product'],
  steps: [
    { agent: 'browser', task: 'Read', site: 'https://shop.example/lamps', permissions: ['read-only', 'navigate'] },
  ],
  savedAt: 0,
};
const schedule: Schedule = {
  id: 'schedule_1',
  savedId: 'saved_1',
  name: 'Lamp prices',
  values: { product: 'desk lamp' },
  when: { kind: 'daily', minute: 8 * 60 },
  paused: false,
  nextRunAt: new Date(2026, 2, 5, 8).getTime(),
  lastRun: { at: 1, note: 'Ran on schedule at noon.' },
};

function renderList(schedules: Schedule[] = [schedule]) {
  const actions = { onSave: vi.fn(), onPause: vi.fn(), onDelete: vi.fn() };
  render(<Schedules schedules={schedules} saved={[saved]} {...actions} />);
  return actions;
}

describe('the schedules list', () => {
  it('shows when each runs and how the last run went; pauses, resumes and deletes', () => {
    const actions = renderList();
    expect(screen.getByTestId('schedule-when').textContent).toContain('08:00');
    expect(screen.getByTestId('schedule-last').textContent).toBe('Ran on schedule at noon.');
    fireEvent.click(screen.getByTestId('schedule-pause'));
    expect(actions.onPause).toHaveBeenCalledWith('schedule_1', true);
    fireEvent.click(screen.getByTestId('schedule-delete'));
    expect(actions.onDelete).toHaveBeenCalledWith('schedule_1');
    cleanup();
    const paused = renderList([{ ...schedule, paused: true }]);
    fireEvent.click(screen.getByTestId('schedule-pause'));
    expect(paused.onPause).toHaveBeenCalledWith('schedule_1', false);
  });

  it('edits a schedule in place: the same id, the new time and values, and what each run may do is listed', () => {
    const actions = renderList();
    fireEvent.click(screen.getByTestId('schedule-edit'));
    expect(screen.getByTestId('schedule-access').textContent).toBe('shop.example: read-only, navigate');
    fireEvent.change(screen.getByTestId('schedule-kind'), { target: { value: 'weekly' } });
    fireEvent.change(screen.getByTestId('schedule-day'), { target: { value: '1' } });
    fireEvent.input(screen.getByTestId('schedule-time'), { target: { value: '09:30' } });
    fireEvent.input(screen.getByTestId('schedule-parameter-product'), { target: { value: 'floor lamp' } });
    fireEvent.click(screen.getByTestId('schedule-save'));
    expect(actions.onSave).toHaveBeenCalledWith({
      id: 'schedule_1',
      savedId: 'saved_1',
      values: { product: 'floor lamp' },
      when: { kind: 'weekly', day: 1, minute: 9 * 60 + 30 },
    });
    expect(screen.queryByTestId('schedule-form')).toBeNull();
  });

  it('cannot be saved with a parameter left empty', () => {
    const actions = renderList();
    fireEvent.click(screen.getByTestId('schedule-edit'));
    fireEvent.input(screen.getByTestId('schedule-parameter-product'), { target: { value: ' ' } });
    expect((screen.getByTestId('schedule-save') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('schedule-save'));
    expect(actions.onSave).not.toHaveBeenCalled();
  });
});
