import { useEffect, useState } from 'preact/hooks';
import type { StepReplay, WorkflowPlan } from '../../src/protocol/common';
import { duration } from '../duration';
import { plainAction } from '../plain-action';
import type { WorkflowStepNow } from '../workflow-state';
import { showInvisible } from '../../src/show-invisible';
import { t } from '../../src/i18n';
import { ConfirmDelete } from './ConfirmDelete';

const STEP_LABEL: Record<WorkflowPlan['steps'][number]['status'], string> = {
  pending: t('step_pending'),
  running: t('running'),
  completed: t('done'),
  failed: t('failed'),
  skipped: t('skipped'),
};

export const STATUS_LABEL: Record<WorkflowPlan['status'], string> = {
  planning: t('workflow_planning'),
  'awaiting-approval': t('workflow_awaiting'),
  running: t('running'),
  completed: t('workflow_completed'),
  failed: t('workflow_failed'),
  cancelled: t('cancelled'),
  interrupted: t('workflow_interrupted'),
};

/** The time now, re-rendering every second while `on`, so running times count up. */
function useTicking(on: boolean): number {
  const [, setTick] = useState(0);
  useEffect(() => {
    if (!on) return undefined;
    const timer = setInterval(() => setTick((tick) => tick + 1), 1000);
    return () => clearInterval(timer);
  }, [on]);
  return Date.now();
}

interface ProgressProps {
  plan: WorkflowPlan;
  /** What the running step does now, as the background last said. */
  doing: WorkflowStepNow;
  onCancel(): void;
  onResume(): void;
  onRunAgain(): void;
  onDelete(): void;
}

/** Once a run has ended its steps fold under the answer; while it runs they are what there is to see. */
const ENDED: readonly WorkflowPlan['status'][] = ['completed', 'failed', 'cancelled'];

/** The run step by step: a progress bar, the elapsed time, each step's state and findings. */
export function WorkflowProgress({ plan, doing, onCancel, onResume, onRunAgain, onDelete }: ProgressProps) {
  const running = plan.status === 'running';
  const now = useTicking(running);
  const finished = plan.steps.filter((s) => s.status !== 'pending' && s.status !== 'running').length;
  const total = plan.steps.length;
  const ended = ENDED.includes(plan.status);
  const since = (start: number | undefined, end: number | undefined) =>
    start === undefined ? '' : duration((end ?? now) - start);
  return (
    <section class="workflow-progress" data-testid="workflow-progress-view" aria-labelledby="progress-title">
      {/* Once ended, the report above carries the request as its title; the fold's summary names this part. */}
      {ended ? null : <h3 id="progress-title">{plan.intent}</h3>}
      <p role="status" data-testid="workflow-status" data-status={plan.status}>
        {running && plan.answering ? t('workflow_answering') : STATUS_LABEL[plan.status]}
        {plan.startedAt !== undefined ? (
          <span data-testid="workflow-elapsed"> · {since(plan.startedAt, plan.finishedAt)}</span>
        ) : null}
      </p>
      {/* A scheduled run's notes: when it ran (a missed run says so), and what waited for the person. */}
      {plan.notes?.map((note) => (
        <p key={note} class="hint" data-testid="workflow-note">
          {note}
        </p>
      ))}
      {/* Open while the run goes on, folded once it ended; preact sets `open` only when it changes, so a
          fold the person opens stays open. */}
      <details class="workflow-fold" open={!ended} data-testid="workflow-steps-fold">
        <summary id={ended ? 'progress-title' : undefined}>{t('workflow_steps_fold', finished, total)}</summary>
        <label class="workflow-bar">
          <span>{t('workflow_progress', finished, total)}</span>
          <progress max={total} value={finished} data-testid="workflow-progress" />
        </label>
        <ol class="workflow-steps">
          {plan.steps.map((step) => (
            <ProgressStep
              key={step.id}
              step={step}
              since={since}
              doing={step.status === 'running' && doing?.stepId === step.id ? doing : null}
            />
          ))}
        </ol>
      </details>
      {/* Keyed by run: a Delete asked about one run is not left waiting for confirmation on the next one shown. */}
      <ProgressActions
        key={plan.id}
        status={plan.status}
        onCancel={onCancel}
        onResume={onResume}
        onRunAgain={onRunAgain}
        onDelete={onDelete}
      />
    </section>
  );
}

/** One step: its state, task and time; what it does now while it runs; its error or findings once it has them. */
function ProgressStep({
  step,
  since,
  doing,
}: {
  step: WorkflowPlan['steps'][number];
  since(start: number | undefined, end: number | undefined): string;
  doing: WorkflowStepNow;
}) {
  return (
    <li class={`workflow-step workflow-step--${step.status}`} data-testid="workflow-step" data-status={step.status}>
      <div class="workflow-task">
        <strong>{STEP_LABEL[step.status]}</strong> {step.task}
        {step.startedAt !== undefined ? (
          <span class="workflow-meta"> · {since(step.startedAt, step.finishedAt)}</span>
        ) : null}
      </div>
      {doing ? (
        // The chat's "now doing" wording: the same words for the same action wherever it runs.
        <div class="workflow-now" aria-live="polite" data-testid="workflow-step-now">
          {doing.tool
            ? showInvisible(plainAction(doing.tool, doing.args, undefined, doing.target))
            : t('status_thinking')}
        </div>
      ) : null}
      {step.replay ? <ReplayMark replay={step.replay} /> : null}
      {step.error ? (
        <div class="workflow-error" data-testid="workflow-step-error">
          {step.error}
        </div>
      ) : null}
      {step.result ? (
        <div class="workflow-result" data-testid="workflow-step-result">
          {step.result}
        </div>
      ) : null}
    </li>
  );
}

/** In a Run again: whether the step was replayed as recorded, or needed the model (and for how much). */
function ReplayMark({ replay }: { replay: StepReplay }) {
  const model = replay.byModel > 0 || !replay.recorded;
  return (
    <div class="workflow-meta" data-testid="workflow-step-replay" data-replay={model ? 'model' : 'replayed'}>
      {!replay.recorded
        ? t('step_replay_unrecorded')
        : model
          ? t('step_replay_model', replay.asRecorded, replay.byModel)
          : t('step_replayed', replay.asRecorded)}
    </div>
  );
}

/** Cancel while it runs; Resume or Cancel once it was interrupted; Run again or Delete once it ended. */
function ProgressActions({
  status,
  onCancel,
  onResume,
  onRunAgain,
  onDelete,
}: { status: WorkflowPlan['status'] } & Omit<ProgressProps, 'plan' | 'doing'>) {
  return (
    <div class="page-actions">
      {ENDED.includes(status) ? (
        <>
          <button
            type="button"
            class="button"
            onClick={onRunAgain}
            title={t('workflow_run_again_hint')}
            data-testid="workflow-run-again"
          >
            {t('run_again')}
          </button>
          <ConfirmDelete
            prefix="workflow"
            look="button"
            confirm={t('workflow_delete_confirm')}
            hint={t('workflow_delete_hint')}
            onDelete={onDelete}
          />
        </>
      ) : null}
      {status === 'running' ? (
        <button type="button" class="button button--stop" onClick={onCancel} data-testid="workflow-cancel">
          {t('workflow_cancel')}
        </button>
      ) : null}
      {status === 'interrupted' ? (
        <>
          <button type="button" class="button button--primary" onClick={onResume} data-testid="workflow-resume">
            {t('workflow_resume')}
          </button>
          <button type="button" class="button" onClick={onCancel} data-testid="workflow-cancel">
            {t('workflow_cancel')}
          </button>
        </>
      ) : null}
    </div>
  );
}
