import { signal } from '@preact/signals';
import type { PayloadOf } from '../src/protocol/background-to-sidebar';
import type { SavedWorkflow, WorkflowPlan } from '../src/protocol/common';
import type { Schedule } from '../src/protocol/schedules';
import type { SidebarToBackground } from '../src/protocol/sidebar-to-background';
import type { Handlers, InboxPart } from './inbox';

export type WorkflowExport = PayloadOf<'WORKFLOW_EXPORT'>;
export type WorkflowStepNow = PayloadOf<'WORKFLOW_STEP_ACTION'>['now'];

/** The Research view's state: the current workflow as the background last announced it. */
export function createWorkflowState() {
  return {
    plan: signal<WorkflowPlan | null>(null),
    /** Asked the background to plan; no plan yet. */
    planning: signal(false),
    /** The files of the last export, for the ZIP. */
    exported: signal<WorkflowExport | null>(null),
    saved: signal<SavedWorkflow[]>([]),
    schedules: signal<Schedule[]>([]),
    /** What the running step does now, as the background last said; null when no step runs. */
    now: signal<WorkflowStepNow>(null),
    /** Why the last request of the Research view was refused: shown there, and only there. */
    error: signal<string | null>(null),
  };
}
export type WorkflowState = ReturnType<typeof createWorkflowState>;

type WorkflowTypes = 'WORKFLOW_UPDATE' | 'SAVED_WORKFLOWS' | 'SCHEDULES' | 'WORKFLOW_EXPORT' | 'WORKFLOW_STEP_ACTION';

/** The Research view's requests: a refusal of any of them is said in that view, not on every view. */
const WORKFLOW_REQUESTS = [
  'START_WORKFLOW',
  'APPROVE_WORKFLOW',
  'CANCEL_WORKFLOW',
  'RESUME_WORKFLOW',
  'RUN_WORKFLOW_AGAIN',
  'SAVE_WORKFLOW',
  'RUN_SAVED_WORKFLOW',
  'DELETE_SAVED_WORKFLOW',
  'SAVE_SCHEDULE',
  'PAUSE_SCHEDULE',
  'DELETE_SCHEDULE',
  'EXPORT_WORKFLOW',
] as const satisfies readonly SidebarToBackground['type'][];

/** The workflow messages, and a request that was refused: the view says why, and the form is usable again. */
export function workflowPart(state: WorkflowState): InboxPart<WorkflowTypes> {
  const handlers: Handlers<WorkflowTypes> = {
    WORKFLOW_UPDATE: ({ payload }) => {
      if (payload.id !== state.plan.value?.id) {
        state.exported.value = null;
        state.error.value = null;
        state.now.value = null;
      }
      state.plan.value = payload;
      state.planning.value = false;
    },
    SAVED_WORKFLOWS: ({ payload }) => (state.saved.value = payload.workflows),
    SCHEDULES: ({ payload }) => (state.schedules.value = payload.schedules),
    WORKFLOW_EXPORT: ({ payload }) => (state.exported.value = payload),
    WORKFLOW_STEP_ACTION: ({ payload }) => (state.now.value = payload.now),
  };
  const refused = (error: string) => {
    state.planning.value = false;
    state.error.value = error;
    return true;
  };
  return { handlers, refusals: Object.fromEntries(WORKFLOW_REQUESTS.map((type) => [type, refused])) };
}
