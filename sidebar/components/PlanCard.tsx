import { useState } from 'preact/hooks';
import type { ChatPlan, PlanStep } from '../../policy';
import { t } from '../../src/i18n';
import { showInvisible } from '../../src/show-invisible';
import type { PlanAnswer } from '../../src/protocol/sidebar-to-background';
import type { SidebarActions } from '../actions';
import { commitmentInWords, levelInWords } from '../plain-scope';
import type { PlanRequest } from '../state';

/** A step as the person edits it: left out or kept, with the values it types as they changed them. */
interface StepDraft {
  keep: boolean;
  types: string[];
}

const draftOf = (plan: ChatPlan): StepDraft[] => plan.steps.map((s) => ({ keep: true, types: [...(s.types ?? [])] }));

/** The plan as edited: the kept steps, each typing only the values left in it. */
function edited(plan: ChatPlan, drafts: readonly StepDraft[]): ChatPlan {
  const steps = plan.steps.flatMap((step, i): PlanStep[] => {
    const draft = drafts[i];
    if (!draft?.keep) return [];
    const { types: _types, ...rest } = step;
    const types = draft.types.filter((value) => value.trim() !== '');
    return [types.length > 0 ? { ...rest, types } : rest];
  });
  return { ...plan, steps };
}

/**
 * A chat task's plan before it acts: each step in words, where, what it types and what it commits
 * to. Go approves it once; Edit leaves steps out or changes what they type first; "Ask me at each
 * step" runs the task with a question before each action instead.
 */
export function PlanCard({ request, onAnswer }: { request: PlanRequest; onAnswer: SidebarActions['answerPlan'] }) {
  const { plan } = request;
  const [editing, setEditing] = useState(false);
  const [drafts, setDrafts] = useState(() => draftOf(plan));
  const change = (index: number, next: Partial<StepDraft>) =>
    setDrafts(drafts.map((d, i) => (i === index ? { ...d, ...next } : d)));
  const approved = edited(plan, drafts);
  return (
    <section
      class="prompt"
      role="alertdialog"
      aria-labelledby="plan-title"
      data-testid="plan-card"
      data-id={request.id}
    >
      <h2 id="plan-title">{showInvisible(t('plan_title', plan.summary))}</h2>
      <ol class="plan-steps">
        {plan.steps.map((step, i) => (
          <li key={i} data-testid="plan-step">
            {editing ? (
              <label class="check-row">
                <input
                  type="checkbox"
                  data-testid="plan-keep-step"
                  checked={drafts[i]?.keep ?? true}
                  onChange={(e) => change(i, { keep: e.currentTarget.checked })}
                />
                <span>{t('plan_keep_step')}</span>
              </label>
            ) : null}
            <p>{showInvisible(step.does)}</p>
            <p class="hint" data-testid="plan-step-where">
              {t('plan_step_where', levelInWords(step.level), step.site)}
            </p>
            <StepValues step={step} index={i} draft={drafts[i]} editing={editing} onChange={change} />
            {step.commits?.length ? (
              <p class="prompt-critical" data-testid="plan-step-commits">
                {t('plan_commits', step.commits.map(commitmentInWords).join(', '))}
              </p>
            ) : null}
          </li>
        ))}
      </ol>
      <p class="hint">{t('plan_explain')}</p>
      <PlanAnswers
        approved={approved}
        editing={editing}
        onEdit={() => setEditing(true)}
        onAnswer={(answer) => onAnswer(request.id, answer)}
      />
    </section>
  );
}

interface AnswersProps {
  /** The plan as it stands, edited or not: what Go approves. */
  approved: ChatPlan;
  editing: boolean;
  onEdit(): void;
  onAnswer(answer: PlanAnswer): void;
}

/** Go first; Edit until the plan is being edited; "Ask me at each step" instead of a plan. */
function PlanAnswers({ approved, editing, onEdit, onAnswer }: AnswersProps) {
  return (
    <div class="prompt-actions">
      <button
        type="button"
        class="button button--primary"
        data-testid="plan-go"
        disabled={approved.steps.length === 0}
        onClick={() => onAnswer({ kind: 'go', plan: approved })}
      >
        {t('plan_go')}
      </button>
      {editing ? null : (
        <button type="button" class="button" data-testid="plan-edit" onClick={onEdit}>
          {t('plan_edit')}
        </button>
      )}
      {/* Escape answers this too: it approves nothing, and each action then asks as it goes. */}
      <button
        type="button"
        class="button"
        data-testid="plan-each-step"
        aria-keyshortcuts="Escape"
        onClick={() => onAnswer({ kind: 'each-step' })}
      >
        {t('plan_each_step')}
      </button>
    </div>
  );
}

interface ValuesProps {
  step: PlanStep;
  index: number;
  draft: StepDraft | undefined;
  editing: boolean;
  onChange(index: number, next: Partial<StepDraft>): void;
}

/** The exact values a step types, shown whole; in Edit, each one can be changed or emptied. */
function StepValues({ step, index, draft, editing, onChange }: ValuesProps) {
  const values = draft?.types ?? step.types ?? [];
  if (values.length === 0) return null;
  return (
    <div class="prompt-typed">
      <p>{t('plan_types')}</p>
      {values.map((value, j) =>
        editing ? (
          <input
            key={j}
            type="text"
            data-testid="plan-typed-input"
            aria-label={t('plan_typed_value', j + 1, index + 1)}
            value={value}
            onInput={(e) => {
              const text = e.currentTarget.value;
              onChange(index, { types: values.map((v, k) => (k === j ? text : v)) });
            }}
          />
        ) : (
          <pre key={j} data-testid="plan-typed">
            {showInvisible(value)}
          </pre>
        ),
      )}
    </div>
  );
}
