import { signal } from '@preact/signals';
import type { BackgroundToSidebar, PayloadOf } from '../src/protocol/background-to-sidebar';
import type { SavedWorkflow, WorkflowPlan } from '../src/protocol/common';
import type { SidebarToBackground } from '../src/protocol/sidebar-to-background';

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

/** Sends what the person asks for in the Research view. */
export function createWorkflowActions(send: (message: SidebarToBackground) => void, state: WorkflowState) {
  return {
    start(intent: string): void {
      state.planning.value = true;
      send({ type: 'START_WORKFLOW', payload: { intent } });
    },
    approve: (id: string, stepIds: string[]) => send({ type: 'APPROVE_WORKFLOW', payload: { id, stepIds } }),
    cancel: () => send({ type: 'CANCEL_WORKFLOW' }),
    resume: (id: string) => send({ type: 'RESUME_WORKFLOW', payload: { id } }),
    exportZip: (id: string) => send({ type: 'EXPORT_WORKFLOW', payload: { id } }),
    save: (id: string, name: string, parameters: { name: string; value: string }[]) => send({ type: 'SAVE_WORKFLOW', payload: { id, name, parameters } }),
    runSaved: (savedId: string, values: Record<string, string>) => send({ type: 'RUN_SAVED_WORKFLOW', payload: { savedId, values } }),
    removeSaved: (savedId: string) => send({ type: 'DELETE_SAVED_WORKFLOW', payload: { savedId } }),
  };
}
export type WorkflowActions = ReturnType<typeof createWorkflowActions>;
