import { useEffect, useRef, useState } from 'preact/hooks';
import type { WorkflowStep } from '../../src/protocol/common';
import { t } from '../../src/i18n';

/** A step's task and site as the person changed them before approving. */
export interface StepDraft {
  task: string;
  site: string;
}

interface StepProps {
  step: WorkflowStep;
  index: number;
  last: boolean;
  /** This step's form is open. */
  editing: boolean;
  /** Another step's form is open: one is changed at a time, so nothing typed is lost. */
  locked: boolean;
  onMove(delta: -1 | 1): void;
  onRemove(): void;
  onEdit(): void;
  onSave(draft: StepDraft): void;
  onCancelEdit(): void;
}

/** One step: its task, where and at which levels, what a failure does; moved, removed or changed. */
export function ReviewStep(props: StepProps) {
  const { step, index, editing } = props;
  return (
    <li class="workflow-step" data-testid="review-step" data-step-id={step.id}>
      {editing ? (
        <StepEditForm step={step} index={index} onSave={props.onSave} onCancel={props.onCancelEdit} />
      ) : (
        <>
          <div class="workflow-task">{step.task}</div>
          <div class="workflow-meta">
            {step.site} · {step.permissions.join(', ')} ·{' '}
            {step.onFailure === 'stop' ? t('review_on_failure_stop') : t('review_on_failure_continue')}
          </div>
          <StepButtons {...props} />
        </>
      )}
    </li>
  );
}

/** Up, Down, Remove and Edit, each naming its step for a screen reader. */
function StepButtons({ index, last, locked, onMove, onRemove, onEdit }: StepProps) {
  const button = (label: string, text: string, testId: string, onClick: () => void, disabled = false) => (
    <button
      type="button"
      class="icon-button"
      disabled={disabled || locked}
      onClick={onClick}
      aria-label={label}
      data-testid={testId}
    >
      {text}
    </button>
  );
  return (
    <div class="workflow-step-actions">
      {button(t('review_up_label', index + 1), t('review_up'), 'step-up', () => onMove(-1), index === 0)}
      {button(t('review_down_label', index + 1), t('review_down'), 'step-down', () => onMove(1), last)}
      {button(t('review_remove_label', index + 1), t('remove'), 'step-remove', onRemove)}
      {button(t('review_edit_label', index + 1), t('review_edit'), 'step-edit', onEdit)}
    </div>
  );
}

interface EditProps {
  step: WorkflowStep;
  index: number;
  onSave(draft: StepDraft): void;
  onCancel(): void;
}

/**
 * The step's task and site, to change before approving. The background holds the change to the
 * rules the planner holds the model's steps to, and says at approval if it breaks one.
 */
function StepEditForm({ step, index, onSave, onCancel }: EditProps) {
  const [task, setTask] = useState(step.task);
  const [site, setSite] = useState(step.site);
  const taskField = useRef<HTMLTextAreaElement>(null);
  // The form replaces the Edit button that had the focus: a keyboard goes on in the form, not from the page's top.
  useEffect(() => taskField.current?.focus(), []);
  const submit = (event: Event) => {
    event.preventDefault();
    onSave({ task: task.trim(), site: site.trim() });
  };
  const taskId = `step-task-${step.id}`;
  const siteId = `step-site-${step.id}`;
  return (
    <form
      class="workflow-form workflow-edit"
      onSubmit={submit}
      aria-label={t('review_edit_label', index + 1)}
      data-testid="step-edit-form"
    >
      <label for={taskId}>{t('review_edit_task')}</label>
      <textarea
        ref={taskField}
        id={taskId}
        rows={3}
        value={task}
        onInput={(event) => setTask((event.target as HTMLTextAreaElement).value)}
        data-testid="step-edit-task"
      />
      <label for={siteId}>{t('review_edit_site')}</label>
      <input
        id={siteId}
        type="url"
        value={site}
        onInput={(event) => setSite((event.target as HTMLInputElement).value)}
        data-testid="step-edit-site"
      />
      <div class="page-actions">
        <button
          type="submit"
          class="button button--primary"
          disabled={task.trim() === '' || site.trim() === ''}
          data-testid="step-edit-save"
        >
          {t('save')}
        </button>
        <button type="button" class="button" onClick={onCancel} data-testid="step-edit-cancel">
          {t('cancel')}
        </button>
      </div>
    </form>
  );
}
