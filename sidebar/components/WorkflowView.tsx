import { useState } from 'preact/hooks';
import type { WorkflowActions } from '../workflow-actions';
import type { WorkflowState } from '../workflow-state';
import { SavedWorkflows } from './SavedWorkflows';
import { Schedules } from './Schedules';
import { SaveWorkflowForm } from './SaveWorkflowForm';
import { WorkflowPlanReview } from './WorkflowPlanReview';
import { WorkflowProgress } from './WorkflowProgress';
import { WorkflowReport } from './WorkflowReport';
import { Notice } from './Notice';
import { ResearchRuns } from './ResearchRuns';
import { answerFirst } from '../report-answer';
import { t } from '../../src/i18n';

const FINISHED = ['completed', 'failed', 'cancelled'];

/**
 * Research: describe what to find out, review the plan, watch it run, read and export the report.
 * A report reads like an answer: it comes first, the steps (with their findings, shown only there) under it.
 * Runs go side by side: a new one can be planned while others run, and the list of runs picks the
 * one shown in full, whose buttons act on it alone.
 */
export function WorkflowView({ state, actions }: { state: WorkflowState; actions: WorkflowActions }) {
  const plan = state.plan.value;
  const planning = state.planning.value;
  return (
    <main class="page" data-testid="research-view">
      <h2>{t('view_research')}</h2>
      <Notice text={state.error.value} onDismiss={actions.dismissError} testId="workflow-error" />
      <IntentForm planning={planning} onStart={actions.start} onCancel={actions.cancel} />
      <ResearchRuns runs={state.runs.value} shownId={plan?.id} onShow={actions.show} />
      {plan && plan.status === 'awaiting-approval' ? (
        <WorkflowPlanReview
          key={plan.id}
          plan={plan}
          onApprove={(ids, edits) => actions.approve(plan.id, ids, edits)}
          onCancel={() => actions.cancel(plan.id)}
        />
      ) : null}
      {plan?.report ? (
        <WorkflowReport
          id={plan.id}
          report={plan.report}
          shown={answerFirst(plan.report, plan.steps)}
          exported={state.exported.value}
          onExport={() => actions.exportZip(plan.id)}
        />
      ) : null}
      {plan && plan.status !== 'awaiting-approval' && plan.startedAt !== undefined ? (
        <WorkflowProgress
          plan={plan}
          doing={state.now.value[plan.id] ?? null}
          onCancel={() => actions.cancel(plan.id)}
          onResume={() => actions.resume(plan.id)}
          onRunAgain={() => actions.runAgain(plan.id)}
          onDelete={() => actions.remove(plan.id)}
        />
      ) : null}
      {plan && plan.report && FINISHED.includes(plan.status) ? (
        <SaveWorkflowForm
          key={plan.id}
          intent={plan.intent}
          onSave={(name, parameters) => actions.save(plan.id, name, parameters)}
        />
      ) : null}
      {/* A saved workflow's run is planned too: one plan at a time from this sidebar. */}
      <SavedAndScheduled state={state} actions={actions} disabled={planning !== null} />
    </main>
  );
}

interface IntentFormProps {
  /** The id of the run being planned; null when none is. */
  planning: string | null;
  onStart(intent: string): void;
  onCancel(id: string): void;
}

/** What to find out, in the person's words; Plan asks for a plan, which can be cancelled while it is made. */
function IntentForm({ planning, onStart, onCancel }: IntentFormProps) {
  const [intent, setIntent] = useState('');
  const submit = (event: Event) => {
    event.preventDefault();
    if (intent.trim()) onStart(intent.trim());
  };
  return (
    <form class="workflow-form" onSubmit={submit}>
      <label for="workflow-intent">{t('research_intent_label')}</label>
      <textarea
        id="workflow-intent"
        rows={3}
        value={intent}
        onInput={(event) => setIntent((event.target as HTMLTextAreaElement).value)}
        placeholder={t('research_intent_placeholder')}
        data-testid="workflow-intent"
      />
      <div class="page-actions">
        <button
          type="submit"
          class="button button--primary"
          disabled={planning !== null || intent.trim() === ''}
          data-testid="workflow-plan"
        >
          {planning ? t('workflow_planning') : t('research_plan')}
        </button>
        {planning !== null ? (
          <button
            type="button"
            class="button"
            onClick={() => onCancel(planning)}
            data-testid="workflow-cancel-planning"
          >
            {t('cancel')}
          </button>
        ) : null}
      </div>
      <p class="hint">{t('research_hint')}</p>
    </form>
  );
}

/** The saved workflows, to plan again or to schedule, and every schedule of them, in one place. */
function SavedAndScheduled({
  state,
  actions,
  disabled,
}: {
  state: WorkflowState;
  actions: WorkflowActions;
  disabled: boolean;
}) {
  return (
    <>
      <SavedWorkflows
        saved={state.saved.value}
        disabled={disabled}
        onRun={actions.runSaved}
        onDelete={actions.removeSaved}
        onSchedule={actions.saveSchedule}
      />
      <Schedules
        schedules={state.schedules.value}
        saved={state.saved.value}
        onSave={actions.saveSchedule}
        onPause={actions.pauseSchedule}
        onDelete={actions.removeSchedule}
      />
    </>
  );
}
