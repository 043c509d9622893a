import { signal } from '@preact/signals';
import type { BackgroundToSidebar, PayloadOf } from '../src/protocol/background-to-sidebar';
import type { SavedWorkflow, WorkflowPlan } from '../src/protocol/common';

export type WorkflowExport = PayloadOf<'WORKFLOW_EXPORT'>;

/** The Research view's state: the current workflow as the background last announced it. */
export function createWorkflowState() {
  const state = {
    plan: signal<WorkflowPlan | null>(null),
    /** Asked the background to plan; no plan yet. */
    planning: signal(false),
    /** The files of the last export, for the ZIP. */
    exported: signal<WorkflowExport | null>(null),
    saved: signal<SavedWorkflow[]>([]),
  };

  function apply(message: BackgroundToSidebar): void {
    switch (message.type) {
      case 'WORKFLOW_UPDATE':
        if (message.payload.id !== state.plan.value?.id) state.exported.value = null;
        state.plan.value = message.payload;
        state.planning.value = false;
        break;
      case 'SAVED_WORKFLOWS':
        state.saved.value = message.payload.workflows;
        break;
      case 'WORKFLOW_EXPORT':
        state.exported.value = message.payload;
        break;
      case 'ERROR':
        // A plan that could not be made: the notice says why, and the form is usable again.
        if (message.payload.inReplyTo === 'START_WORKFLOW') state.planning.value = false;
        break;
      default:
        break;
    }
  }

  return { ...state, apply };
}
export type WorkflowState = ReturnType<typeof createWorkflowState>;
