import { useState } from 'preact/hooks';
import type { SavedWorkflow } from '../../src/protocol/common';
import type { Schedule, ScheduleRequest } from '../../src/protocol/schedules';
import { t } from '../../src/i18n';
import { nextInWords, whenInWords } from '../schedule-time';
import { ScheduleForm } from './ScheduleForm';

interface SchedulesProps {
  schedules: Schedule[];
  saved: SavedWorkflow[];
  onSave(request: ScheduleRequest): void;
  onPause(id: string, paused: boolean): void;
  onDelete(id: string): void;
}

function ScheduleItem({
  schedule,
  saved,
  onSave,
  onPause,
  onDelete,
}: { schedule: Schedule; saved: SavedWorkflow | undefined } & Omit<SchedulesProps, 'schedules' | 'saved'>) {
  const [editing, setEditing] = useState(false);
  return (
    <li class="workflow-step" data-testid="schedule" data-paused={String(schedule.paused)}>
      <div class="workflow-task">{schedule.name}</div>
      <div class="workflow-meta" data-testid="schedule-when">
        {whenInWords(schedule.when)} · {nextInWords(schedule)}
      </div>
      {schedule.lastRun ? (
        <div class="hint" data-testid="schedule-last">
          {schedule.lastRun.note}
        </div>
      ) : null}
      {editing && saved ? (
        <ScheduleForm
          saved={saved}
          schedule={schedule}
          onSave={(request) => {
            onSave(request);
            setEditing(false);
          }}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <div class="workflow-step-actions">
          <button
            type="button"
            class="button"
            onClick={() => onPause(schedule.id, !schedule.paused)}
            data-testid="schedule-pause"
          >
            {schedule.paused ? t('schedule_resume') : t('schedule_pause')}
          </button>
          {saved ? (
            <button type="button" class="button" onClick={() => setEditing(true)} data-testid="schedule-edit">
              {t('schedule_edit')}
            </button>
          ) : null}
          <button
            type="button"
            class="icon-button"
            onClick={() => onDelete(schedule.id)}
            aria-label={t('schedule_delete_label', schedule.name)}
            data-testid="schedule-delete"
          >
            {t('delete')}
          </button>
        </div>
      )}
    </li>
  );
}

/** Every schedule in one place: when each runs next, how its last run went; pause, edit or delete it. */
export function Schedules({ schedules, saved, ...actions }: SchedulesProps) {
  if (schedules.length === 0) return null;
  return (
    <section aria-labelledby="schedules-title" data-testid="schedules">
      <h3 id="schedules-title">{t('schedule_title')}</h3>
      <p class="hint">{t('schedule_hint')}</p>
      <ul class="workflow-steps">
        {schedules.map((schedule) => (
          <ScheduleItem
            key={schedule.id}
            schedule={schedule}
            saved={saved.find((s) => s.id === schedule.savedId)}
            {...actions}
          />
        ))}
      </ul>
    </section>
  );
}
