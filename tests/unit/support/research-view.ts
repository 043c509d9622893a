// The Research view's test fixtures: its state with the sidebar's inbox, plans and steps, and its actions as spies.
import { screen } from '@testing-library/preact';
import type { WorkflowPlan } from '../../../src/protocol/common';
import { sidebarWithInbox } from './sidebar-inbox';

/** The Research view's state, with the sidebar's inbox delivering to it. */
export const createWorkflowState = () => {
  const sidebar = sidebarWithInbox();
  return { ...sidebar.workflow, apply: sidebar.apply };
};

export const step = (
  id: string,
  site: string,
  permissions: WorkflowPlan['steps'][number]['permissions'],
  status: WorkflowPlan['steps'][number]['status'] = 'pending',
) => ({ id, agent: 'ResearchAgent', task: `Task ${id}`, site, permissions, status });
export const plan = (patch: Partial<WorkflowPlan> = {}): WorkflowPlan => ({
  id: 'wf_1',
  intent: 'Compare prices',
  createdAt: 1,
  status: 'awaiting-approval',
  steps: [
    step('a', 'https://a.example/x', ['read-only']),
    step('b', 'https://b.example/y', ['read-only', 'navigate']),
    step('c', 'https://c.example/z', ['submit']),
  ],
  ...patch,
});
export { workflowActions as actions } from './sidebar-props';
export const texts = (id: string) => screen.queryAllByTestId(id).map((el) => el.textContent ?? '');
