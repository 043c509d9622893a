import { useState } from 'preact/hooks';
import type { SavedWorkflow } from '../../src/protocol/common';
import type { Schedule, ScheduleRequest } from '../../src/protocol/schedules';
import { t } from '../../src/i18n';
import { draftOf, weekday, whenOf, type ScheduleKind, type WhenDraft } from '../schedule-time';
import { ParameterFields } from './ParameterFields';

interface FormProps {
  saved: SavedWorkflow;
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

/** Every step's site and levels: what each unattended run is approved to do, as the plan review shows it. */
const approvedAccess = (saved: SavedWorkflow) =>
  saved.steps.map(
    (step) => `${URL.canParse(step.site) ? new URL(step.site).host : step.site}: ${step.permissions.join(', ')}`,
  );

/** When a saved workflow runs by itself, and with which values; making it approves the steps as listed. */
export function ScheduleForm({ saved, schedule, onSave, onCancel }: FormProps) {
  const [draft, setDraft] = useState<WhenDraft>(() => draftOf(schedule?.when, Date.now()));
  const [values, setValues] = useState<Record<string, string>>(schedule?.values ?? {});
  const when = whenOf(draft);
  const ready = when !== null && saved.parameters.every((name) => values[name]?.trim());
  const set = (change: Partial<WhenDraft>) => setDraft({ ...draft, ...change });
  const submit = (event: Event) => {
    event.preventDefault();
    if (when && ready) onSave({ ...(schedule ? { id: schedule.id } : {}), savedId: saved.id, values, when });
  };
  const id = `schedule-${schedule?.id ?? saved.id}`;
  return (
    <form class="workflow-form" onSubmit={submit} data-testid="schedule-form">
      <WhenFields id={id} draft={draft} set={set} />
      <ParameterFields
        idPrefix={id}
        testPrefix="schedule-parameter"
        names={saved.parameters}
        values={values}
        onChange={setValues}
      />
      <p class="hint">{t('schedule_may')}</p>
      <ul class="hint" data-testid="schedule-access">
        {approvedAccess(saved).map((line) => (
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
