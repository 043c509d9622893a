// @vitest-environment jsdom
// The Research view's runs: deleting an ended one (asked first), and several side by side.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WorkflowView } from '../../sidebar/components/WorkflowView';
import { createWorkflowActions } from '../../sidebar/workflow-actions';
import { createWorkflowState, plan, texts } from './support/research-view';

afterEach(cleanup);

describe('deleting a research run', () => {
  it('offers Delete only on an ended run, asks first, and sends the delete; the run leaves the view', async () => {
    const state = createWorkflowState();
    const send = vi.fn();
    render(<WorkflowView state={state} actions={createWorkflowActions(send, state)} />);
    for (const status of ['running', 'interrupted'] as const) {
      state.apply({ type: 'WORKFLOW_UPDATE', payload: plan({ status, startedAt: 1 }) });
      await waitFor(() => expect(screen.getByTestId('workflow-status').dataset.status).toBe(status));
      expect(screen.queryByTestId('workflow-delete')).toBeNull();
    }
    state.apply({ type: 'WORKFLOW_UPDATE', payload: plan({ status: 'completed', startedAt: 1, finishedAt: 2 }) });
    // Asked first: the first press only asks, and Keep leaves the run as it was.
    fireEvent.click(await screen.findByTestId('workflow-delete'));
    expect(screen.getByTestId('workflow-confirm-delete').textContent).toBe('Delete run and report');
    fireEvent.click(screen.getByTestId('workflow-keep'));
    expect(screen.queryByTestId('workflow-confirm-delete')).toBeNull();
    expect(send).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('workflow-delete'));
    fireEvent.click(screen.getByTestId('workflow-confirm-delete'));
    expect(send).toHaveBeenCalledExactlyOnceWith({ type: 'DELETE_WORKFLOW', payload: { id: 'wf_1' } });
    state.apply({ type: 'WORKFLOWS_DELETED', payload: { ids: ['wf_1'] } });
    await waitFor(() => expect(screen.queryByTestId('workflow-progress-view')).toBeNull());
    expect(state.runs.value).toEqual([]);
  });

  it('a refused delete is said in the Research view', async () => {
    const state = createWorkflowState();
    render(<WorkflowView state={state} actions={createWorkflowActions(vi.fn(), state)} />);
    state.apply({
      type: 'ERROR',
      payload: {
        error: 'This research run has not ended: cancel it first, then delete it.',
        inReplyTo: 'DELETE_WORKFLOW',
      },
    });
    expect((await screen.findByTestId('workflow-error')).textContent).toContain('cancel it first, then delete it');
  });
});

describe('the Research view with runs side by side', () => {
  it('plans a new run while one runs, keeps the running one shown when a schedule starts another, and each button names its run', async () => {
    const state = createWorkflowState();
    const send = vi.fn();
    const a = createWorkflowActions(send, state);
    render(<WorkflowView state={state} actions={a} />);
    state.apply({
      type: 'WORKFLOW_UPDATE',
      payload: plan({ id: 'wf_a', intent: 'Alpha', status: 'running', startedAt: 1 }),
    });
    // A second run is planned beside the running one, under the id the sidebar gave it.
    fireEvent.input(screen.getByLabelText('What should Bosun find out?'), { target: { value: 'Beta' } });
    fireEvent.click(screen.getByTestId('workflow-plan'));
    const planned = send.mock.calls.at(-1)?.[0];
    expect(planned).toMatchObject({ type: 'START_WORKFLOW', payload: { intent: 'Beta' } });
    fireEvent.click(await screen.findByTestId('workflow-cancel-planning'));
    expect(send).toHaveBeenLastCalledWith({ type: 'CANCEL_WORKFLOW', payload: { id: planned.payload.id } });
    state.apply({ type: 'WORKFLOW_UPDATE', payload: plan({ id: planned.payload.id, intent: 'Beta' }) });
    await waitFor(() => expect(screen.getByTestId('workflow-approve')).toBeTruthy());
    // A schedule's run does not take the person's eyes off the plan they wait to approve.
    state.apply({
      type: 'WORKFLOW_UPDATE',
      payload: plan({ id: 'wf_c', intent: 'Gamma', status: 'running', startedAt: 2 }),
    });
    expect(state.plan.value?.id).toBe(planned.payload.id);
    await waitFor(() =>
      expect(texts('research-run')).toEqual(['GammaRunning', 'BetaWaiting for your approval', 'AlphaRunning']),
    );
    fireEvent.click(screen.getByText('Alpha'));
    fireEvent.click(await screen.findByTestId('workflow-cancel'));
    expect(send).toHaveBeenLastCalledWith({ type: 'CANCEL_WORKFLOW', payload: { id: 'wf_a' } });
    // A deleted run leaves the list, and the one shown gives way to the newest.
    state.apply({ type: 'WORKFLOWS_DELETED', payload: { ids: ['wf_a'] } });
    expect(state.runs.value.map((p) => p.id)).toEqual([planned.payload.id, 'wf_c']);
    expect(state.plan.value?.id).toBe('wf_c');
  });
});
