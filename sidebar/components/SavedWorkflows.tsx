import { useState } from 'preact/hooks';
import type { SavedWorkflow } from '../../src/protocol/common';
import type { ScheduleRequest } from '../../src/protocol/schedules';
import { t } from '../../src/i18n';
import { ParameterFields } from './ParameterFields';
import { ScheduleForm, workflowTarget } from './ScheduleForm';

interface SavedProps {
  saved: SavedWorkflow[];
  disabled: boolean;
  onRun(savedId: string, values: Record<string, string>): void;
  onDelete(savedId: string): void;
  onSchedule(request: ScheduleRequest): void;
}

function SavedItem({
  item,
  disabled,
  onRun,
  onDelete,
  onSchedule,
}: { item: SavedWorkflow } & Omit<SavedProps, 'saved'>) {
  const [values, setValues] = useState<Record<string, string>>({});
  const [scheduling, setScheduling] = useState(false);
  const ready = item.parameters.every((name) => values[name]?.trim());
  return (
    <li class="workflow-step" data-testid="saved-workflow">
      <div class="workflow-task">{item.name}</div>
      <div class="workflow-meta">
        {item.steps.length === 1 ? t('workflow_one_step') : t('workflow_steps', item.steps.length)} · {item.intent}
      </div>
      <ParameterFields
        idPrefix={item.id}
        testPrefix="saved-parameter"
        names={item.parameters}
        values={values}
        onChange={setValues}
      />
      <div class="workflow-step-actions">
        <button
          type="button"
          class="button"
          disabled={disabled || !ready}
          onClick={() => onRun(item.id, values)}
          data-testid="saved-run"
        >
          {t('saved_run')}
        </button>
        <button type="button" class="button" onClick={() => setScheduling(!scheduling)} data-testid="saved-schedule">
          {t('schedule_open')}
        </button>
        <button
          type="button"
          class="icon-button"
          onClick={() => onDelete(item.id)}
          aria-label={t('saved_delete_label', item.name)}
          data-testid="saved-delete"
        >
          {t('delete')}
        </button>
      </div>
      {scheduling ? (
        <ScheduleForm
          target={workflowTarget(item)}
          onSave={(request) => {
            onSchedule(request);
            setScheduling(false);
          }}
          onCancel={() => setScheduling(false)}
        />
      ) : null}
    </li>
  );
}

/** Saved workflows: fill in the parameters and plan one again (it is shown for approval as any plan). */
export function SavedWorkflows({ saved, disabled, onRun, onDelete, onSchedule }: SavedProps) {
  if (saved.length === 0) return null;
  return (
    <section aria-labelledby="saved-title">
      <h3 id="saved-title">{t('saved_title')}</h3>
      <ul class="workflow-steps">
        {saved.map((item) => (
          <SavedItem
            key={item.id}
            item={item}
            disabled={disabled}
            onRun={onRun}
            onDelete={onDelete}
            onSchedule={onSchedule}
          />
        ))}
      </ul>
    </section>
  );
}
