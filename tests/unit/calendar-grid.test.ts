// @vitest-environment jsdom

// A calendar's day control named as the date it is, as the popular pickers mark their days up.
import { describe, expect, it } from 'vitest';
import { calendarDayName } from '../../src/reader/calendar-grid';

const WEEK = '<tr><th>Mo</th><th>Tu</th><th>We</th><th>Th</th><th>Fr</th><th>Sa</th><th>Su</th></tr>';
const day = (html: string, selector = '#day'): Element => {
  document.body.innerHTML = html;
  return document.querySelector(selector) as Element;
};

describe("a calendar's day named as a date", () => {
  it("names a bare day number from the grid's month heading, label or caption", () => {
    const labelled = `<h2 id="m">December 2026</h2><table role="grid" aria-labelledby="m"><tr><td id="day">15</td></tr></table>`;
    expect(calendarDayName(day(labelled), '15')).toBe('15 December 2026');
    const captioned = `<table role="grid"><caption>March 2026</caption><tr><td><button id="day">14</button></td></tr></table>`;
    expect(calendarDayName(day(captioned), '14')).toBe('14 March 2026');
    const ariaGrid = `<div role="grid" aria-label="February 2028"><div role="row"><span role="gridcell" id="day">29</span></div></div>`;
    expect(calendarDayName(day(ariaGrid), '29')).toBe('29 February 2028');
    // A heading beside the grid, inside the picker's header: jQuery UI's title.
    const jqueryTitle = `<div class="ui-datepicker"><div class="ui-datepicker-title"><span>April</span> <span>2026</span></div>
      <table class="ui-datepicker-calendar"><thead>${WEEK}</thead><tr><td><a id="day" href="#">3</a></td></tr></table></div>`;
    expect(calendarDayName(day(jqueryTitle), '3')).toBe('3 April 2026');
  });

  it("reads the cell's data: jQuery UI's 0-based data-month and data-year, an ISO data-date", () => {
    const jqueryUi = `<table><tr><td data-month="11" data-year="2026"><a id="day" href="#" data-date="15">15</a></td></tr></table>`;
    expect(calendarDayName(day(jqueryUi), '15')).toBe('15 December 2026');
    const apg = `<table role="grid"><tr><td id="day" data-date="2026-12-15">15</td></tr></table>`;
    expect(calendarDayName(day(apg), '15')).toBe('15 December 2026');
  });

  it('turns a name that spells the date of the day the control shows into the same form', () => {
    const flatpickr = `<div class="dayContainer"><span class="flatpickr-day" id="day" aria-label="December 15, 2026">15</span></div>`;
    expect(calendarDayName(day(flatpickr), 'December 15, 2026')).toBe('15 December 2026');
    const reactDatepicker = `<div role="listbox"><div role="option" id="day" aria-label="Choose Tuesday, December 15th, 2026">15</div></div>`;
    expect(calendarDayName(day(reactDatepicker), 'Choose Tuesday, December 15th, 2026')).toBe('15 December 2026');
  });

  it('leaves every other name alone', () => {
    // A number in a table that shows no month, a month with no such day, a link that only mentions a date.
    expect(calendarDayName(day(`<table><tr><td id="day">15</td></tr></table>`), '15')).toBeNull();
    const november = `<table role="grid" aria-label="November 2026"><tr><td id="day">31</td></tr></table>`;
    expect(calendarDayName(day(november), '31')).toBeNull();
    expect(
      calendarDayName(day(`<a id="day" href="/news">Posted 15 December 2026</a>`), 'Posted 15 December 2026'),
    ).toBeNull();
    expect(calendarDayName(day(`<button id="day">15</button>`), '15')).toBeNull();
    // A figures table under a month heading: not a calendar, so its numbers stay numbers.
    const figures = `<h3>March 2026</h3><table><tr><th>Week</th><th>Sales</th></tr><tr><td id="day">12</td></tr></table>`;
    expect(calendarDayName(day(figures), '12')).toBeNull();
  });
});
