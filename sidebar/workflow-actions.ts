import { browser } from '../src/platform/browser';
import type { ScheduleRequest } from '../src/protocol/schedules';
import type { SidebarToBackground } from '../src/protocol/sidebar-to-background';
import { showRun, type WorkflowState } from './workflow-state';

type Approval = Extract<SidebarToBackground, { type: 'APPROVE_WORKFLOW' }>['payload'];
/** A kept step's changed task and site, as the approval carries it. */
export type StepEdit = NonNullable<Approval['edits']>[number];

/** Sends what the person asks for in the Research view. */
export function createWorkflowActions(send: (message: SidebarToBackground) => void, state: WorkflowState) {
  return {
    /** Plans a new run beside the others, under an id of its own, by which its planning can be cancelled. */
    start(intent: string): void {
      const id = `wf_${Date.now().toString(36)}_${crypto.randomUUID().slice(0, 8)}`;
      state.planning.value = id;
      state.error.value = null;
      send({ type: 'START_WORKFLOW', payload: { id, intent } });
    },
    /** `edits` only when the person changed a step: an unedited approval is the message it always was. */
    approve(id: string, stepIds: string[], edits: StepEdit[]): void {
      state.error.value = null;
      send({ type: 'APPROVE_WORKFLOW', payload: { id, stepIds, ...(edits.length > 0 ? { edits } : {}) } });
    },
    cancel: (id: string) => send({ type: 'CANCEL_WORKFLOW', payload: { id } }),
    /** Shows that run in full. */
    show: (id: string) => showRun(state, state.runs.value.find((p) => p.id === id) ?? null),
    resume: (id: string) => send({ type: 'RESUME_WORKFLOW', payload: { id } }),
    runAgain: (id: string) => {
      state.error.value = null;
      state.asked.value = true;
      send({ type: 'RUN_WORKFLOW_AGAIN', payload: { id } });
    },
    /** Sent once the person confirmed: the background answers WORKFLOWS_DELETED, and the list drops it. */
    remove: (id: string) => send({ type: 'DELETE_WORKFLOW', payload: { id } }),
    exportZip: (id: string) => send({ type: 'EXPORT_WORKFLOW', payload: { id } }),
    save: (id: string, name: string, parameters: { name: string; value: string }[]) =>
      send({ type: 'SAVE_WORKFLOW', payload: { id, name, parameters } }),
    runSaved: (savedId: string, values: Record<string, string>) => {
      state.asked.value = true;
      send({ type: 'RUN_SAVED_WORKFLOW', payload: { savedId, values } });
    },
    removeSaved: (savedId: string) => send({ type: 'DELETE_SAVED_WORKFLOW', payload: { savedId } }),
    /**
     * Makes or changes a schedule. With the first one, notifications are asked for (an optional
     * permission, and a browser asks only from the person's click): an unattended run that waits
     * for them says so there. The schedule is kept whatever they answer.
     */
    saveSchedule(request: ScheduleRequest): void {
      state.error.value = null;
      if (state.schedules.value.length === 0)
        void browser.permissions.request({ permissions: ['notifications'] }).catch(() => false);
      send({ type: 'SAVE_SCHEDULE', payload: request });
    },
    pauseSchedule: (id: string, paused: boolean) => send({ type: 'PAUSE_SCHEDULE', payload: { id, paused } }),
    removeSchedule: (id: string) => send({ type: 'DELETE_SCHEDULE', payload: { id } }),
    dismissError: () => (state.error.value = null),
  };
}
export type WorkflowActions = ReturnType<typeof createWorkflowActions>;
