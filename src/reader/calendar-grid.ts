// Where a calendar on the page says which month its grid shows and which date a day cell is, as the common
// pickers build them: the grid's aria-labelledby, aria-label or caption (the W3C's date picker dialog, a
// labelled grid), a month heading beside the grid (jQuery UI's title, a picker's live region), data
// attributes on the cell (jQuery UI's 0-based data-month with data-year, an ISO data-date), or a name that
// spells the whole date (flatpickr, react-datepicker). Read by the listing (day names) and the markdown.
import { type Day, type Month, dateIn, dayName, dayNumber, dayOf, isoDay, monthIn } from './calendar-dates';

const GRID = 'table, [role="grid" i]';
const CELL = 'td, th, [role="gridcell" i]';
// Where pickers write their month heading, near the grid.
const HEADING = 'h1, h2, h3, h4, h5, h6, caption, [aria-live], [class*="title" i], [class*="month" i]';
/** How far up from the grid a month heading is looked for: a picker's header sits beside its table. */
const HEADING_LEVELS = 3;
const MAX_HEADINGS = 12;
const MAX_HEADING_CHARS = 60;

const squash = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();

const CALENDAR_CLASS = /calend|datepick|\bdates?\b|\bmonth/i;
// A week's day as a calendar's column heading: "Mo", "Tue", "Wednesday", "S".
const WEEKDAY = /^(?:(?:mo|tu|we|th|fr|sa|su)[a-z]*\.?|[smtwf])$/i;

/**
 * Whether a table or grid may be a month: marked as a grid or as a calendar by its class, or headed by the
 * seven days of a week. Others (layout tables, data tables) are not searched for a month.
 */
export function mayBeCalendar(grid: Element): boolean {
  if (grid.getAttribute('role')?.toLowerCase() === 'grid') return true;
  if (CALENDAR_CLASS.test(grid.getAttribute('class') ?? '')) return true;
  const week = (grid as HTMLTableElement).rows?.[0]?.cells;
  return week?.length === 7 && [...week].every((cell) => WEEKDAY.test(squash(cell.textContent)));
}

/** The month a calendar grid shows, from its own name or the heading beside it. */
export function calendarMonth(grid: Element): Month | null {
  const root = grid.getRootNode() as Document | ShadowRoot;
  const labelledBy = (grid.getAttribute('aria-labelledby') ?? '')
    .split(/\s+/)
    .map((id) => (id ? (root.getElementById?.(id)?.textContent ?? '') : ''))
    .join(' ');
  const own = monthIn(squash(labelledBy)) ?? monthIn(squash(grid.getAttribute('aria-label')));
  if (own) return own;
  const caption = grid.querySelector('caption');
  if (caption) return monthIn(squash(caption.textContent));
  let around: Element | null = grid.parentElement;
  for (let level = 0; around && level < HEADING_LEVELS; level++, around = around.parentElement) {
    const headings = around.querySelectorAll(HEADING);
    for (let i = 0; i < headings.length && i < MAX_HEADINGS; i++) {
      const heading = headings[i] as Element;
      if (grid.contains(heading)) continue;
      const month = monthIn(shownText(heading));
      if (month) return month;
    }
  }
  return null;
}

/**
 * A heading's text as shown, read no further than a month heading can be long: a month or year chosen in
 * a select reads as the chosen option, not all of them; a class "month" may be the whole month of days.
 */
function shownText(el: Element): string {
  let text = '';
  const visit = (node: Node) => {
    for (let child = node.firstChild; child && text.length <= MAX_HEADING_CHARS; child = child.nextSibling) {
      if (child.nodeType === 3) text += child.nodeValue ?? '';
      else if (child.nodeType !== 1) continue;
      else if ((child as Element).localName === 'select')
        text += ` ${(child as HTMLSelectElement).selectedOptions?.[0]?.text ?? ''} `;
      else visit(child);
    }
  };
  visit(el);
  return squash(text);
}

/** The date of a day cell (or a control in one) showing `day`, from its data attributes or its grid's month. */
export function dayOfCell(el: Element, day: number, month: Month | null): Day | null {
  const cell = el.closest(CELL) ?? el;
  for (const holder of el === cell ? [el] : [el, cell]) {
    const iso = isoDay(holder.getAttribute('data-date') ?? '');
    if (iso) return iso.day === day ? iso : null;
    const dataMonth = holder.getAttribute('data-month');
    const dataYear = holder.getAttribute('data-year');
    // jQuery UI counts months from 0, as Date does.
    if (dataMonth !== null && dataYear !== null && /^\d{1,2}$/.test(dataMonth) && /^\d{4}$/.test(dataYear))
      return dayOf({ year: Number(dataYear), month: Number(dataMonth) }, day);
  }
  return month ? dayOf(month, day) : null;
}

/**
 * The date a calendar's day control is, as the listing names it ("15 December 2026"), given the name it
 * has: a day number alone in a grid cell whose month is known, or a name spelling the date of the day its
 * text shows. Null for anything that is not a calendar's day.
 */
export function calendarDayName(el: Element, name: string): string | null {
  const day = dayNumber(name);
  if (day !== null) {
    const cell = el.closest(CELL);
    const grid = cell?.closest(GRID);
    if (!cell || !grid) return null;
    const date = dayOfCell(el, day, mayBeCalendar(grid) ? calendarMonth(grid) : null);
    return date ? dayName(date) : null;
  }
  // A date spelled out: only where the control shows that day's number, so a link "Posted 15 Dec 2026" keeps its name.
  if (!/\d/.test(name)) return null;
  const date = dateIn(name);
  return date && dayNumber(squash(el.textContent)) === date.day ? dayName(date) : null;
}
