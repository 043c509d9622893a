import type { SidebarToBackground } from '../src/protocol/sidebar-to-background';
import type { WorkflowState } from './workflow-state';

/** Sends what the person asks for in the Research view. */
export function createWorkflowActions(send: (message: SidebarToBackground) => void, state: WorkflowState) {
  return {
    start(intent: string): void {
      state.planning.value = true;
      state.error.value = null;
      send({ type: 'START_WORKFLOW', payload: { intent } });
    },
    approve: (id: string, stepIds: string[]) => send({ type: 'APPROVE_WORKFLOW', payload: { id, stepIds } }),
    cancel: () => send({ type: 'CANCEL_WORKFLOW' }),
    resume: (id: string) => send({ type: 'RESUME_WORKFLOW', payload: { id } }),
    exportZip: (id: string) => send({ type: 'EXPORT_WORKFLOW', payload: { id } }),
    save: (id: string, name: string, parameters: { name: string; value: string }[]) =>
      send({ type: 'SAVE_WORKFLOW', payload: { id, name, parameters } }),
    runSaved: (savedId: string, values: Record<string, string>) =>
      send({ type: 'RUN_SAVED_WORKFLOW', payload: { savedId, values } }),
    removeSaved: (savedId: string) => send({ type: 'DELETE_SAVED_WORKFLOW', payload: { savedId } }),
    dismissError: () => (state.error.value = null),
  };
}
export type WorkflowActions = ReturnType<typeof createWorkflowActions>;
