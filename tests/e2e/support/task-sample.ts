import { TASKS } from '../../../bench/agent-tasks/tasks';

/** `npm test` runs a sample of the agent-tasks benchmark's tasks; `npm run test:long` runs every task. */
export type TaskScope = 'sample' | 'all';

/**
 * The sample: the two tasks with variant pages, and the framework-built ones whose handlers are
 * hardest to reach (jQuery's delegation, React's root listeners, hover-only row actions, a modal
 * picker).
 */
export const SAMPLE = [
  'slider',
  'autocomplete',
  'todo-edit-delegated',
  'react-todo-edit',
  'row-hover-action',
  'date-picker-dialog',
];

/** The benchmark's tasks in `scope`. */
export const tasksOf = (scope: TaskScope) =>
  scope === 'all' ? TASKS : TASKS.filter((task) => SAMPLE.includes(task.id));

/** The tasks of `scope` with a written solution, which ABP and the bridge play step by step. */
export const steppedTasksOf = (scope: TaskScope) => tasksOf(scope).filter((task) => task.steps);
