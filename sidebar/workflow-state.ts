import { signal } from '@preact/signals';
import type { PayloadOf } from '../src/protocol/background-to-sidebar';
import type { SavedWorkflow, WorkflowPlan } from '../src/protocol/common';
import type { Schedule } from '../src/protocol/schedules';
import type { SidebarToBackground } from '../src/protocol/sidebar-to-background';
import type { Handlers, InboxPart } from './inbox';

export type WorkflowExport = PayloadOf<'WORKFLOW_EXPORT'>;
export type WorkflowStepNow = PayloadOf<'WORKFLOW_STEP_ACTION'>['now'];

/** A run that still needs the person or the background: it stays shown while others come. */
export const ACTIVE_STATUSES: readonly WorkflowPlan['status'][] = ['awaiting-approval', 'running', 'interrupted'];

/** The Research view's state: every research run as the background last announced it, and the one shown. */
export function createWorkflowState() {
  return {
    /** Every kept run, oldest first. */
    runs: signal<WorkflowPlan[]>([]),
    /** The run shown in full (its plan to approve, its progress, its report). */
    plan: signal<WorkflowPlan | null>(null),
    /** The id of the run this sidebar asked the background to plan; null when it waits for none. */
    planning: signal<string | null>(null),
    /** Asked for a run whose id the background picks (a saved workflow's, a Run again): the next new run is shown. */
    asked: signal(false),
    /** The files of the last export, for the ZIP. */
    exported: signal<WorkflowExport | null>(null),
    saved: signal<SavedWorkflow[]>([]),
    schedules: signal<Schedule[]>([]),
    /** Run id → what its running step does now, as the background last said; absent when no step runs. */
    now: signal<Record<string, WorkflowStepNow>>({}),
    /** Why the last request of the Research view was refused: shown there, and only there. */
    error: signal<string | null>(null),
  };
}
export type WorkflowState = ReturnType<typeof createWorkflowState>;

type WorkflowTypes =
  | 'WORKFLOW_UPDATE'
  | 'WORKFLOWS_DELETED'
  | 'SAVED_WORKFLOWS'
  | 'SCHEDULES'
  | 'WORKFLOW_EXPORT'
  | 'WORKFLOW_STEP_ACTION';

/** The Research view's requests: a refusal of any of them is said in that view, not on every view. */
const WORKFLOW_REQUESTS = [
  'START_WORKFLOW',
  'APPROVE_WORKFLOW',
  'CANCEL_WORKFLOW',
  'RESUME_WORKFLOW',
  'RUN_WORKFLOW_AGAIN',
  'DELETE_WORKFLOW',
  'SAVE_WORKFLOW',
  'RUN_SAVED_WORKFLOW',
  'DELETE_SAVED_WORKFLOW',
  'SAVE_SCHEDULE',
  'PAUSE_SCHEDULE',
  'DELETE_SCHEDULE',
  'EXPORT_WORKFLOW',
] as const satisfies readonly SidebarToBackground['type'][];

/**
 * Whether an announced run becomes the one shown: the one shown changed, the one this sidebar
 * asked for arrived, or a new run came while the one shown needs nobody (a finished run gives way to a
 * Run again or a schedule's run; a running one is not taken from the person's eyes).
 */
export function shows(state: WorkflowState, plan: WorkflowPlan, known: boolean): boolean {
  const shown = state.plan.value;
  if (!shown || shown.id === plan.id || state.planning.value === plan.id) return true;
  return !known && (state.asked.value || !ACTIVE_STATUSES.includes(shown.status));
}

/** Shows the run, forgetting the last one's export and refusal. */
export function showRun(state: WorkflowState, plan: WorkflowPlan | null): void {
  if (plan?.id !== state.plan.value?.id) {
    state.exported.value = null;
    state.error.value = null;
  }
  state.plan.value = plan;
}

/** The workflow messages, and a request that was refused: the view says why, and the form is usable again. */
export function workflowPart(state: WorkflowState): InboxPart<WorkflowTypes> {
  const handlers: Handlers<WorkflowTypes> = {
    WORKFLOW_UPDATE: ({ payload }) => {
      const runs = state.runs.value;
      const known = runs.some((p) => p.id === payload.id);
      state.runs.value = known ? runs.map((p) => (p.id === payload.id ? payload : p)) : [...runs, payload];
      if (shows(state, payload, known)) showRun(state, payload);
      if (!known) state.asked.value = false;
      if (state.planning.value === payload.id) state.planning.value = null;
    },
    WORKFLOWS_DELETED: ({ payload }) => {
      const runs = state.runs.value.filter((p) => !payload.ids.includes(p.id));
      state.runs.value = runs;
      if (state.plan.value && payload.ids.includes(state.plan.value.id)) showRun(state, runs.at(-1) ?? null);
    },
    SAVED_WORKFLOWS: ({ payload }) => (state.saved.value = payload.workflows),
    SCHEDULES: ({ payload }) => (state.schedules.value = payload.schedules),
    WORKFLOW_EXPORT: ({ payload }) => (state.exported.value = payload),
    WORKFLOW_STEP_ACTION: ({ payload }) => {
      const { [payload.id]: _ended, ...others } = state.now.value;
      state.now.value = payload.now ? { ...others, [payload.id]: payload.now } : others;
    },
  };
  const refused = (error: string) => {
    state.planning.value = null;
    state.asked.value = false;
    state.error.value = error;
    return true;
  };
  return { handlers, refusals: Object.fromEntries(WORKFLOW_REQUESTS.map((type) => [type, refused])) };
}
