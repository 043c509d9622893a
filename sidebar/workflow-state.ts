import { signal } from '@preact/signals';
import type { PayloadOf } from '../src/protocol/background-to-sidebar';
import type { SavedWorkflow, WorkflowPlan } from '../src/protocol/common';
import type { Handlers, InboxPart } from './inbox';

export type WorkflowExport = PayloadOf<'WORKFLOW_EXPORT'>;

/** The Research view's state: the current workflow as the background last announced it. */
export function createWorkflowState() {
  return {
    plan: signal<WorkflowPlan | null>(null),
    /** Asked the background to plan; no plan yet. */
    planning: signal(false),
    /** The files of the last export, for the ZIP. */
    exported: signal<WorkflowExport | null>(null),
    saved: signal<SavedWorkflow[]>([]),
  };
}
export type WorkflowState = ReturnType<typeof createWorkflowState>;

type WorkflowTypes = 'WORKFLOW_UPDATE' | 'SAVED_WORKFLOWS' | 'WORKFLOW_EXPORT';

/** The workflow messages, and a plan that could not be made: the notice says why, and the form is usable again. */
export function workflowPart(state: WorkflowState): InboxPart<WorkflowTypes> {
  const handlers: Handlers<WorkflowTypes> = {
    WORKFLOW_UPDATE: ({ payload }) => {
      if (payload.id !== state.plan.value?.id) state.exported.value = null;
      state.plan.value = payload;
      state.planning.value = false;
    },
    SAVED_WORKFLOWS: ({ payload }) => (state.saved.value = payload.workflows),
    WORKFLOW_EXPORT: ({ payload }) => (state.exported.value = payload),
  };
  return { handlers, refusals: { START_WORKFLOW: () => (state.planning.value = false) } };
}
