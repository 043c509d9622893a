import { describe, expect, it } from 'vitest';
import { dateIn, dayName, dayNumber, dayOf, isoDay, monthIn } from '../../src/reader/calendar-dates';

describe("a calendar's days named as dates", () => {
  it('reads the one month and year a heading shows', () => {
    expect(monthIn('December 2026')).toEqual({ year: 2026, month: 11 });
    expect(monthIn('Dec, 2026')).toEqual({ year: 2026, month: 11 });
    expect(monthIn('Sept. 2026')).toEqual({ year: 2026, month: 8 });
    expect(monthIn('2026 March')).toEqual({ year: 2026, month: 2 });
    // Several months (a select of all twelve), no year, or words that only start like a month: no month.
    expect(monthIn('January February March 2026')).toBeNull();
    expect(monthIn('December')).toBeNull();
    expect(monthIn('Marketing 2026')).toBeNull();
    expect(monthIn('Mayor of 2026')).toBeNull();
  });

  it('reads a date spelled as the pickers spell their day names', () => {
    const day = { year: 2026, month: 11, day: 15 };
    expect(dateIn('December 15, 2026')).toEqual(day); // flatpickr
    expect(dateIn('Choose Tuesday, December 15th, 2026')).toEqual(day); // react-datepicker
    expect(dateIn('15 December 2026')).toEqual(day);
    expect(dateIn('Tuesday, 15 Dec 2026')).toEqual(day);
    expect(dateIn('the 15th of December 2026')).toEqual(day);
    expect(dateIn('2026-12-15')).toEqual(day);
    // A week number is not a day; a month that has no such day is no date.
    expect(dateIn('Week 3, December 2026')).toBeNull();
    expect(dateIn('December 2026')).toBeNull();
    expect(dateIn('31 November 2026')).toBeNull();
    expect(dateIn('15 December')).toBeNull();
  });

  it('names a day as the listing and the markdown write it', () => {
    expect(dayName({ year: 2026, month: 11, day: 15 })).toBe('15 December 2026');
    expect(dayOf({ year: 2028, month: 1 }, 29)).toEqual({ year: 2028, month: 1, day: 29 });
    expect(dayOf({ year: 2026, month: 1 }, 29)).toBeNull();
    expect(isoDay('2026-02-30')).toBeNull();
    expect(isoDay('15')).toBeNull();
    expect(dayNumber('15')).toBe(15);
    expect(dayNumber('0')).toBeNull();
    expect(dayNumber('32')).toBeNull();
    expect(dayNumber('15 December')).toBeNull();
  });
});
