import { useState } from 'preact/hooks';
import type { SavedWorkflow } from '../../src/protocol/common';
import type { ChatTask, Schedule, ScheduleRequest, ScheduleWhen } from '../../src/protocol/schedules';
import { t } from '../../src/i18n';
import { draftOf, weekday, whenOf, type ScheduleKind, type WhenDraft } from '../schedule-time';
import { ParameterFields } from './ParameterFields';

/** What a schedule runs, as its form needs it: the values to fill in, what each run may do, and the request. */
export interface ScheduleTarget {
  key: string;
  parameters: readonly string[];
  access: string[];
  request(values: Record<string, string>, when: ScheduleWhen): ScheduleRequest;
}

interface FormProps {
  target: ScheduleTarget;
  /** The schedule being changed; none for a new one. */
  schedule?: Schedule;
  onSave(request: ScheduleRequest): void;
  onCancel(): void;
}

const KINDS: [ScheduleKind, string][] = [
  ['once', t('schedule_kind_once')],
  ['daily', t('schedule_kind_daily')],
  ['weekly', t('schedule_kind_weekly')],
];

const hostOf = (site: string) => (URL.canParse(site) ? new URL(site).host : site);

/** A saved workflow: each run is approved to do every step's site and levels, as the plan review shows them. */
export const workflowTarget = (saved: SavedWorkflow): ScheduleTarget => ({
  key: saved.id,
  parameters: saved.parameters,
  access: saved.steps.map((step) => `${hostOf(step.site)}: ${step.permissions.join(', ')}`),
  request: (values, when) => ({ savedId: saved.id, values, when }),
});

/**
 * A conversation's last task: each run is approved to do what it did, site by site (for a new
 * schedule the sites it used; its levels are listed with the schedule once made).
 */
export const chatTarget = (conversationId: string, access: string[]): ScheduleTarget => ({
  key: conversationId,
  parameters: [],
  access,
  request: (_values, when) => ({ conversationId, when }),
});

/** A saved chat task's approved sites and levels, as its schedule lists them. */
export const chatAccess = (task: ChatTask): string[] =>
  task.access.map(({ site, level }) => `${hostOf(site)}: ${level}`);

/** When a saved workflow or chat task runs by itself, and with which values; making it approves what is listed. */
export function ScheduleForm({ target, schedule, onSave, onCancel }: FormProps) {
  const [draft, setDraft] = useState<WhenDraft>(() => draftOf(schedule?.when, Date.now()));
  const [values, setValues] = useState<Record<string, string>>(schedule && 'values' in schedule ? schedule.values : {});
  const when = whenOf(draft);
  const ready = when !== null && target.parameters.every((name) => values[name]?.trim());
  const set = (change: Partial<WhenDraft>) => setDraft({ ...draft, ...change });
  const submit = (event: Event) => {
    event.preventDefault();
    if (when && ready) onSave({ ...(schedule ? { id: schedule.id } : {}), ...target.request(values, when) });
  };
  const id = `schedule-${schedule?.id ?? target.key}`;
  return (
    <form class="workflow-form" onSubmit={submit} data-testid="schedule-form">
      <WhenFields id={id} draft={draft} set={set} />
      <ParameterFields
        idPrefix={id}
        testPrefix="schedule-parameter"
        names={target.parameters}
        values={values}
        onChange={setValues}
      />
      <p class="hint">{t('schedule_may')}</p>
      <ul class="hint" data-testid="schedule-access">
        {target.access.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <div class="page-actions">
        <button type="submit" class="button button--primary" disabled={!ready} data-testid="schedule-save">
          {t('schedule_save')}
        </button>
        <button type="button" class="button" onClick={onCancel} data-testid="schedule-cancel">
          {t('cancel')}
        </button>
      </div>
    </form>
  );
}

const input = (event: Event) => (event.target as HTMLInputElement).value;

/** Once (a date and time, to the second), every day (a time) or every week (a day and a time). */
function WhenFields({ id, draft, set }: { id: string; draft: WhenDraft; set(change: Partial<WhenDraft>): void }) {
  return (
    <>
      <label for={`${id}-kind`}>{t('schedule_kind')}</label>
      <select
        id={`${id}-kind`}
        value={draft.kind}
        onChange={(e) => set({ kind: input(e) as ScheduleKind })}
        data-testid="schedule-kind"
      >
        {KINDS.map(([kind, label]) => (
          <option key={kind} value={kind}>
            {label}
          </option>
        ))}
      </select>
      {draft.kind === 'once' ? (
        <label for={`${id}-at`}>
          {t('schedule_at')}
          <input
            id={`${id}-at`}
            type="datetime-local"
            step={1}
            value={draft.at}
            onInput={(e) => set({ at: input(e) })}
            data-testid="schedule-at"
          />
        </label>
      ) : (
        <label for={`${id}-time`}>
          {t('schedule_time')}
          <input
            id={`${id}-time`}
            type="time"
            value={draft.time}
            onInput={(e) => set({ time: input(e) })}
            data-testid="schedule-time"
          />
        </label>
      )}
      {draft.kind === 'weekly' ? (
        <label for={`${id}-day`}>
          {t('schedule_day')}
          <select
            id={`${id}-day`}
            value={String(draft.day)}
            onChange={(e) => set({ day: Number(input(e)) })}
            data-testid="schedule-day"
          >
            {[0, 1, 2, 3, 4, 5, 6].map((day) => (
              <option key={day} value={String(day)}>
                {weekday(day)}
              </option>
            ))}
          </select>
        </label>
      ) : null}
    </>
  );
}
