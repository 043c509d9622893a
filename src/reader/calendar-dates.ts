// A calendar's days named as dates ("15 December 2026"), from the words pickers show or label them with:
// a month heading ("December 2026"), an accessible name that spells the date (flatpickr's "December 15, 2026",
// react-datepicker's "Choose Tuesday, December 15th, 2026") or an ISO date in a data attribute (the W3C's
// date picker dialog). Pure text: the page's elements are read in calendar-grid.ts.

export interface Month {
  year: number;
  /** 0 for January, as Date counts. */
  month: number;
}
export interface Day extends Month {
  day: number;
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
// A month's name or its abbreviation of at least three letters ("Dec", "Sept").
const MONTH = '(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\\.?(?![a-z])';
const MONTH_WORD = new RegExp(`\\b${MONTH}`, 'gi');
// The day stands next to the month word, before or after it, with its ordinal suffix if any.
const DAY_BEFORE = new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th)?\\.?\\s+(?:of\\s+)?${MONTH}`, 'i');
const DAY_AFTER = new RegExp(`\\b${MONTH}\\s+(\\d{1,2})(?:st|nd|rd|th)?\\b(?!\\d)`, 'i');
const YEAR = /\b(1[6-9]\d\d|2\d\d\d)\b/g;
const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The index of a month word, or -1 when the word only starts like one ("Marketing", "Mayor"). */
function monthOfWord(word: string): number {
  const lower = word.replace(/\.$/, '').toLowerCase();
  return MONTHS.findIndex((name) => name.toLowerCase().startsWith(lower));
}

/** The months a text names, each once, in order. */
function monthsIn(text: string): number[] {
  const found: number[] = [];
  for (const match of text.matchAll(MONTH_WORD)) {
    const index = monthOfWord(match[0]);
    if (index >= 0 && !found.includes(index)) found.push(index);
  }
  return found;
}

/** The one month and year a heading shows ("December 2026", "Dec, 2026", "2026 December"); none when it names several. */
export function monthIn(text: string): Month | null {
  if (text.length > 60) return null;
  const months = monthsIn(text);
  const years = new Set([...text.matchAll(YEAR)].map((m) => Number(m[1])));
  if (months.length !== 1 || years.size !== 1) return null;
  return { year: [...years][0] as number, month: months[0] as number };
}

/** A day of the month written alone ("15"), or null. */
export function dayNumber(text: string): number | null {
  if (!/^\d{1,2}$/.test(text)) return null;
  const day = Number(text);
  return day >= 1 && day <= 31 ? day : null;
}

/** An ISO date ("2026-12-15"), as a day. */
export function isoDay(text: string): Day | null {
  const match = ISO.exec(text.trim());
  return match ? valid({ year: Number(match[1]), month: Number(match[2]) - 1, day: Number(match[3]) }) : null;
}

/**
 * The one date a name spells with a month word, a day and a year, in either order ("December 15th, 2026",
 * "15 December 2026", "Tuesday, 15 Dec 2026"), or an ISO date; null for anything else.
 */
export function dateIn(text: string): Day | null {
  if (text.length > 80) return null;
  const iso = /\b(\d{4}-\d{2}-\d{2})\b/.exec(text);
  if (iso) return isoDay(iso[1] as string);
  const months = monthsIn(text);
  const years = [...text.matchAll(YEAR)].map((m) => Number(m[1]));
  if (months.length !== 1 || new Set(years).size !== 1) return null;
  const match = DAY_BEFORE.exec(text) ?? DAY_AFTER.exec(text);
  const day = match ? dayNumber(match[1] as string) : null;
  return day === null ? null : valid({ year: years[0] as number, month: months[0] as number, day });
}

/** The day, if the month has it (no 31 November). */
function valid(day: Day): Day | null {
  if (day.month < 0 || day.month > 11 || day.day < 1) return null;
  return day.day <= new Date(Date.UTC(day.year, day.month + 1, 0)).getUTCDate() ? day : null;
}

/** A day of a month, if the month has it. */
export const dayOf = (month: Month, day: number): Day | null => valid({ ...month, day });

/** How the listing and the markdown name a day: "15 December 2026". */
export const dayName = (day: Day): string => `${day.day} ${MONTHS[day.month]} ${day.year}`;
