// What the schedule tests share: setting a one-time run's time and deleting the one schedule, as the person does.
import type { PageDriver } from '../harness';

/** How far ahead a test sets a one-time run: time to close the sidebar (or do what the test does) before it fires. */
export const AHEAD_MS = 6_000;

/** Sets the one-time run's date and time as the form's datetime-local input takes it (local time, to the second). */
export async function runAt(page: PageDriver, at: number): Promise<void> {
  await page.evaluate((time) => {
    const d = new Date(time);
    const pad = (n: number) => String(n).padStart(2, '0');
    const input = document.querySelector<HTMLInputElement>('[data-testid="schedule-at"]');
    if (!input) throw new Error('no date field');
    input.value = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
    input.dispatchEvent(new Event('input', { bubbles: true }));
  }, at);
}

/** Deletes the one schedule listed, as the person does, and waits until it is gone. */
export async function deleteSchedule(page: PageDriver): Promise<void> {
  await page.click('[data-testid="schedule-delete"]');
  await page.waitFor(() => document.querySelector('[data-testid="schedule"]') === null, undefined, {
    message: 'the schedule was not deleted',
  });
}
