import { useState } from 'preact/hooks';
import type { WorkflowPlan } from '../../src/protocol/common';
import { t } from '../../src/i18n';

interface ReviewProps {
  plan: WorkflowPlan;
  onApprove(stepIds: string[]): void;
  onCancel(): void;
}

/** Every site with the levels the kept steps need there: exactly what approving grants. */
function access(steps: WorkflowPlan['steps']): [string, string[]][] {
  const bySite = new Map<string, Set<string>>();
  for (const step of steps) {
    const host = URL.canParse(step.site) ? new URL(step.site).host : step.site;
    const levels = bySite.get(host) ?? new Set<string>();
    step.permissions.forEach((level) => levels.add(level));
    bySite.set(host, levels);
  }
  return [...bySite].map(([site, levels]) => [site, [...levels]]);
}

/** The plan before anything runs: the person removes or reorders steps, then approves or cancels. */
export function WorkflowPlanReview({ plan, onApprove, onCancel }: ReviewProps) {
  const [order, setOrder] = useState<string[]>(() => plan.steps.map((s) => s.id));
  const steps = order.map((id) => plan.steps.find((s) => s.id === id)).filter((s) => s !== undefined);
  const move = (index: number, delta: -1 | 1) => {
    const next = [...order];
    [next[index], next[index + delta]] = [next[index + delta] as string, next[index] as string];
    setOrder(next);
  };
  return (
    <section class="workflow-review" data-testid="workflow-review" aria-labelledby="review-title">
      <h3 id="review-title">{t('review_title', plan.intent)}</h3>
      <p class="hint">{t('review_hint')}</p>
      <ol class="workflow-steps">
        {steps.map((step, index) => (
          <ReviewStep
            key={step.id}
            step={step}
            index={index}
            last={index === steps.length - 1}
            onMove={(delta) => move(index, delta)}
            onRemove={() => setOrder(order.filter((id) => id !== step.id))}
          />
        ))}
      </ol>
      <StepAccess steps={steps} />
      <div class="page-actions">
        <button
          type="button"
          class="button button--primary"
          disabled={steps.length === 0}
          onClick={() => onApprove(order)}
          data-testid="workflow-approve"
        >
          {steps.length === 1 ? t('review_approve_one') : t('review_approve', steps.length)}
        </button>
        <button type="button" class="button" onClick={onCancel} data-testid="workflow-cancel">
          {t('cancel')}
        </button>
      </div>
    </section>
  );
}

interface StepProps {
  step: WorkflowPlan['steps'][number];
  index: number;
  last: boolean;
  onMove(delta: -1 | 1): void;
  onRemove(): void;
}

/** One step: its task, where and at which levels, what a failure does; moved up or down, or removed. */
function ReviewStep({ step, index, last, onMove, onRemove }: StepProps) {
  return (
    <li class="workflow-step" data-testid="review-step" data-step-id={step.id}>
      <div class="workflow-task">{step.task}</div>
      <div class="workflow-meta">
        {step.site} · {step.permissions.join(', ')} ·{' '}
        {step.onFailure === 'stop' ? t('review_on_failure_stop') : t('review_on_failure_continue')}
      </div>
      <div class="workflow-step-actions">
        <button
          type="button"
          class="icon-button"
          disabled={index === 0}
          onClick={() => onMove(-1)}
          aria-label={t('review_up_label', index + 1)}
          data-testid="step-up"
        >
          {t('review_up')}
        </button>
        <button
          type="button"
          class="icon-button"
          disabled={last}
          onClick={() => onMove(1)}
          aria-label={t('review_down_label', index + 1)}
          data-testid="step-down"
        >
          {t('review_down')}
        </button>
        <button
          type="button"
          class="icon-button"
          onClick={onRemove}
          aria-label={t('review_remove_label', index + 1)}
          data-testid="step-remove"
        >
          {t('remove')}
        </button>
      </div>
    </li>
  );
}

/** What approving grants: each site with the levels the kept steps need there. */
function StepAccess({ steps }: { steps: WorkflowPlan['steps'] }) {
  return (
    <>
      <h4>{t('review_access_title')}</h4>
      <ul class="workflow-access" data-testid="workflow-access">
        {access(steps).map(([site, levels]) => (
          <li key={site}>
            <strong>{site}</strong>: {levels.join(', ')}
          </li>
        ))}
      </ul>
      <p class="hint">{t('review_access_hint')}</p>
    </>
  );
}
