import { useState } from 'preact/hooks';
import type { SavedWorkflow } from '../../src/protocol/common';
import type { Schedule, ScheduleRequest } from '../../src/protocol/schedules';
import { t } from '../../src/i18n';
import { nextInWords, whenInWords } from '../schedule-time';
import { chatAccess, chatTarget, ScheduleForm, workflowTarget, type ScheduleTarget } from './ScheduleForm';

interface SchedulesProps {
  schedules: Schedule[];
  saved: SavedWorkflow[];
  onSave(request: ScheduleRequest): void;
  onPause(id: string, paused: boolean): void;
  onDelete(id: string): void;
}

/** What a chat task's runs may do, and how the last run went. */
function ScheduleNotes({ schedule }: { schedule: Schedule }) {
  return (
    <>
      {'chat' in schedule ? (
        <div class="hint" data-testid="schedule-chat-access">
          {t('schedule_may')} {chatAccess(schedule.chat).join(' · ')}
        </div>
      ) : null}
      {schedule.lastRun ? (
        <div class="hint" data-testid="schedule-last">
          {schedule.lastRun.note}
        </div>
      ) : null}
    </>
  );
}

function ScheduleItem({
  schedule,
  target,
  onSave,
  onPause,
  onDelete,
}: { schedule: Schedule; target: ScheduleTarget | undefined } & Omit<SchedulesProps, 'schedules' | 'saved'>) {
  const [editing, setEditing] = useState(false);
  return (
    <li class="workflow-step" data-testid="schedule" data-paused={String(schedule.paused)}>
      <div class="workflow-task">{schedule.name}</div>
      <div class="workflow-meta" data-testid="schedule-when">
        {whenInWords(schedule.when)} · {nextInWords(schedule)}
      </div>
      <ScheduleNotes schedule={schedule} />
      {editing && target ? (
        <ScheduleForm
          target={target}
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
          {target ? (
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

/** What the schedule runs, for its edit form; none for a saved workflow since deleted. */
function targetOf(schedule: Schedule, saved: readonly SavedWorkflow[]): ScheduleTarget | undefined {
  if ('chat' in schedule) return chatTarget(schedule.chat.conversationId, chatAccess(schedule.chat));
  const workflow = saved.find((s) => s.id === schedule.savedId);
  return workflow ? workflowTarget(workflow) : undefined;
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
          <ScheduleItem key={schedule.id} schedule={schedule} target={targetOf(schedule, saved)} {...actions} />
        ))}
      </ul>
    </section>
  );
}
