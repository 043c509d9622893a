import { useState } from 'preact/hooks';
import type { WorkflowPlan } from '../../src/protocol/common';
import { t } from '../../src/i18n';
import type { StepEdit } from '../workflow-actions';
import { ReviewStep, type StepDraft } from './WorkflowReviewStep';

interface ReviewProps {
  plan: WorkflowPlan;
  onApprove(stepIds: string[], edits: StepEdit[]): void;
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

/**
 * The plan before anything runs: the person removes, reorders or changes steps (task and site),
 * then approves or cancels. What approving grants follows the changes at once.
 */
export function WorkflowPlanReview({ plan, onApprove, onCancel }: ReviewProps) {
  const [order, setOrder] = useState<string[]>(() => plan.steps.map((s) => s.id));
  const [drafts, setDrafts] = useState<Record<string, StepDraft>>({});
  const [editing, setEditing] = useState<string | null>(null);
  const steps = order
    .map((id) => plan.steps.find((s) => s.id === id))
    .filter((s) => s !== undefined)
    .map((s) => ({ ...s, ...drafts[s.id] }));
  const move = (index: number, delta: -1 | 1) => {
    const next = [...order];
    [next[index], next[index + delta]] = [next[index + delta] as string, next[index] as string];
    setOrder(next);
  };
  const approve = () =>
    onApprove(
      order,
      order.flatMap((stepId) => (drafts[stepId] ? [{ stepId, ...drafts[stepId] }] : [])),
    );
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
            editing={editing === step.id}
            locked={editing !== null}
            onMove={(delta) => move(index, delta)}
            onRemove={() => setOrder(order.filter((id) => id !== step.id))}
            onEdit={() => setEditing(step.id)}
            onSave={(draft) => {
              setDrafts({ ...drafts, [step.id]: draft });
              setEditing(null);
            }}
            onCancelEdit={() => setEditing(null)}
          />
        ))}
      </ol>
      <StepAccess steps={steps} />
      <div class="page-actions">
        <button
          type="button"
          class="button button--primary"
          disabled={steps.length === 0 || editing !== null}
          onClick={approve}
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
