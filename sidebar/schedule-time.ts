import type { Schedule, ScheduleWhen } from '../src/protocol/schedules';
import { t } from '../src/i18n';

export type ScheduleKind = ScheduleWhen['kind'];

/** What the schedule form holds, as typed: a date and time (once), a time of day, a weekday. */
export interface WhenDraft {
  kind: ScheduleKind;
  at: string;
  time: string;
  day: number;
}

const pad = (n: number) => String(n).padStart(2, '0');
const hhmm = (minute: number) => `${pad(Math.floor(minute / 60))}:${pad(minute % 60)}`;
/** A local date and time as a datetime-local input writes it, to the second. */
const localInput = (time: number) => {
  const d = new Date(time);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
};

export const draftOf = (when: ScheduleWhen | undefined, now: number): WhenDraft => ({
  kind: when?.kind ?? 'once',
  at: localInput(when?.kind === 'once' ? when.at : now + 60 * 60 * 1000),
  time: when && when.kind !== 'once' ? hhmm(when.minute) : '08:00',
  day: when?.kind === 'weekly' ? when.day : new Date(now).getDay(),
});

/** The draft as the background takes it; null while a field cannot be read. */
export function whenOf(draft: WhenDraft): ScheduleWhen | null {
  if (draft.kind === 'once') {
    const at = new Date(draft.at).getTime();
    return Number.isFinite(at) ? { kind: 'once', at: Math.round(at) } : null;
  }
  const match = /^(\d\d):(\d\d)/.exec(draft.time);
  if (!match) return null;
  const minute = Number(match[1]) * 60 + Number(match[2]);
  return draft.kind === 'daily' ? { kind: 'daily', minute } : { kind: 'weekly', day: draft.day, minute };
}

/** A weekday's name in the browser's language; 0 is Sunday. */
export const weekday = (day: number) => new Date(2024, 0, 7 + day).toLocaleDateString(undefined, { weekday: 'long' });

export function whenInWords(when: ScheduleWhen): string {
  if (when.kind === 'once') return t('schedule_once_at', new Date(when.at).toLocaleString());
  if (when.kind === 'daily') return t('schedule_daily_at', hhmm(when.minute));
  return t('schedule_weekly_at', weekday(when.day), hhmm(when.minute));
}

export const nextInWords = (schedule: Schedule): string =>
  schedule.paused
    ? t('schedule_paused')
    : schedule.nextRunAt === null
      ? t('schedule_done')
      : t('schedule_next', new Date(schedule.nextRunAt).toLocaleString());
