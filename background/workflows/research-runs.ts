import { refuse, type Refusal } from '../../src/messaging/refusal';
import type { BackgroundToSidebar, PayloadOf } from '../../src/protocol/background-to-sidebar';
import type { ActionLog } from '../permissions/action-log';
import type { PolicyStore } from '../permissions/policy-store';
import type { PlannerDeps } from './planner';
import type { SavedStore } from './saved-store';
import type { StepDeps } from './step-runner';
import type { WorkflowRecord, WorkflowStore } from './workflow-store';
import type { TaskBoard } from '../agent/task-board';
import { FINISHED } from './plan-transitions';

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

/** One research run, and what is being done with it now. */
export interface ResearchRun {
  record: WorkflowRecord;
  running: { controller: AbortController; done: Promise<void> } | null;
  /** What the running step does now, kept for a sidebar that opens mid-run; null when no step runs. */
  now: StepNow;
}

/** Every research run, by its plan's id, and the plans being made, by the id their plan will have. */
export interface ResearchRuns {
  runs: Map<string, ResearchRun>;
  planning: Map<string, AbortController>;
}

export type StepNow = PayloadOf<'WORKFLOW_STEP_ACTION'>['now'];

/**
 * How many runs may be unfinished at once (being planned, awaiting approval, running or
 * interrupted): each running one drives the model and tabs of its own, and a person follows a
 * few at most. Beyond it a new one is refused, saying what to do.
 */
export const MAX_OPEN_RUNS = 4;

const BUSY = `${MAX_OPEN_RUNS} research runs are already unfinished. Wait for one to end, or cancel one first.`;
export const NOT_CURRENT = 'There is no such research run: it may have been deleted.';
export const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Says what the run's step does now (null: it ended), to every sidebar. */
export function announceAction(deps: WorkflowDeps, run: ResearchRun, now: StepNow): void {
  run.now = now;
  deps.broadcast({ type: 'WORKFLOW_STEP_ACTION', payload: { id: run.record.plan.id, now } });
}

/** Saves the run and announces it, so sidebars and a restarted background see where it is. */
export async function publish(deps: WorkflowDeps, current: WorkflowRecord): Promise<void> {
  await deps.store.save(current);
  deps.broadcast({ type: 'WORKFLOW_UPDATE', payload: structuredClone(current.plan) });
}

const open = (runs: ResearchRuns) =>
  runs.planning.size + [...runs.runs.values()].filter((r) => !FINISHED.includes(r.record.plan.status)).length;

/** Why a new run cannot start now, if it cannot. */
export const blocked = (runs: ResearchRuns): Refusal | undefined =>
  open(runs) >= MAX_OPEN_RUNS ? refuse(BUSY) : undefined;

/**
 * A new run joins the others; it is saved and announced. Finished runs stay until the person
 * deletes them: a report exists only in its run, so none goes without their asking.
 */
export async function addRun(deps: WorkflowDeps, runs: ResearchRuns, record: WorkflowRecord): Promise<ResearchRun> {
  const run: ResearchRun = { record, running: null, now: null };
  runs.runs.set(record.plan.id, run);
  await publish(deps, record);
  return run;
}

/** The run a command names, or why there is none. */
export const runNamed = (runs: ResearchRuns, id: string): ResearchRun | Refusal =>
  runs.runs.get(id) ?? refuse(NOT_CURRENT);
