import { newId } from '../storage/ids';
import { refuse, type Refusal } from '../../src/messaging/refusal';
import type { BackgroundToSidebar, PayloadOf } from '../../src/protocol/background-to-sidebar';
import type { WorkflowPlan } from '../../src/protocol/common';
import type { ActionLog } from '../permissions/action-log';
import type { PolicyStore } from '../permissions/policy-store';
import type { PlannerDeps } from './planner';
import type { SavedStore } from './saved-store';
import type { StepDeps } from './step-runner';
import type { WorkflowRecord, WorkflowStore } from './workflow-store';
import type { TaskBoard } from '../agent/task-board';

export interface WorkflowDeps extends StepDeps, PlannerDeps {
  policy: PolicyStore;
  log: ActionLog;
  store: WorkflowStore;
  saved: SavedStore;
  broadcast(message: BackgroundToSidebar): void;
  holdAlive<T>(work: Promise<T>): Promise<T>;
  /** Every running task: a run is listed there with its own Stop, and holds its steps' tabs. */
  board: TaskBoard;
  /** Every tool's name: an approval grants the listed levels for each of them. */
  toolNames(): string[];
  /** Tells the person something an unattended run needs them for, with nobody at the sidebar. */
  notify(title: string, message: string): Promise<void>;
}

/** The one current workflow, and what is being done with it: planning it, or running it. */
export interface WorkflowSlot {
  record: WorkflowRecord | null;
  planning: AbortController | null;
  running: { controller: AbortController; done: Promise<void> } | null;
  /** What the running step does now, kept for a sidebar that opens mid-run; null when no step runs. */
  now: StepNow;
}

export type StepNow = PayloadOf<'WORKFLOW_STEP_ACTION'>['now'];

/** Says what the running step does now (null: it ended), to every sidebar. */
export function announceAction(deps: WorkflowDeps, slot: WorkflowSlot, id: string, now: StepNow): void {
  slot.now = now;
  deps.broadcast({ type: 'WORKFLOW_STEP_ACTION', payload: { id, now } });
}

const BUSY = 'A workflow is already being planned or run. Wait for it, or cancel it first.';
const INTERRUPTED = 'A workflow was interrupted by a restart. Resume it or cancel it first.';
export const NOT_CURRENT = 'That workflow is no longer the current one.';
export const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Saves the workflow and announces it, so sidebars and a restarted background see where it is. */
export async function publish(deps: WorkflowDeps, current: WorkflowRecord): Promise<void> {
  await deps.store.save(current);
  deps.broadcast({ type: 'WORKFLOW_UPDATE', payload: structuredClone(current.plan) });
}

/** Why a new plan cannot replace the current workflow now, if it cannot. */
export const blocked = (slot: WorkflowSlot): Refusal | undefined =>
  slot.planning || slot.running
    ? refuse(BUSY)
    : slot.record?.plan.status === 'interrupted'
      ? refuse(INTERRUPTED)
      : undefined;

/** A new plan becomes the current workflow, waiting for approval. */
export async function adopt(deps: WorkflowDeps, slot: WorkflowSlot, plan: WorkflowPlan): Promise<void> {
  slot.record = { plan, runId: newId('wfrun'), tabs: {}, pages: {} };
  await publish(deps, slot.record);
}
