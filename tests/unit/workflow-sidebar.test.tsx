// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WorkflowPlan } from '../../src/protocol/common';
import { WorkflowView } from '../../sidebar/components/WorkflowView';
import { buildReport } from '../../background/workflows/report';
import { actions, createWorkflowState, plan, step, texts } from './support/research-view';

afterEach(cleanup);

describe('the Research view', () => {
  it('plans an intent, can cancel the planning, and the form comes back when planning failed', async () => {
    const state = createWorkflowState();
    const a = actions();
    render(<WorkflowView state={state} actions={a} />);
    fireEvent.input(screen.getByLabelText('What should Bosun find out?'), { target: { value: '  Compare prices  ' } });
    fireEvent.click(screen.getByTestId('workflow-plan'));
    expect(a.start).toHaveBeenCalledWith('Compare prices');
    state.planning.value = 'wf_planned';
    fireEvent.click(await screen.findByTestId('workflow-cancel-planning'));
    expect(a.cancel).toHaveBeenCalledWith('wf_planned');
    state.apply({ type: 'ERROR', payload: { error: 'bad plan', inReplyTo: 'START_WORKFLOW' } });
    expect(state.planning.value).toBeNull();
  });

  it('shows the plan before it runs; removing and reordering change what approval runs and grants', () => {
    const state = createWorkflowState();
    state.planning.value = 'wf_1';
    state.apply({ type: 'WORKFLOW_UPDATE', payload: plan() });
    expect(state.planning.value).toBeNull();
    const a = actions();
    render(<WorkflowView state={state} actions={a} />);
    expect(texts('workflow-access')[0]).toContain('c.example: submit');
    fireEvent.click(screen.getByLabelText('Remove step 3'));
    fireEvent.click(screen.getByLabelText('Move step 2 up'));
    expect(texts('workflow-access')[0]).not.toContain('submit');
    fireEvent.click(screen.getByTestId('workflow-approve'));
    expect(a.approve).toHaveBeenCalledWith('wf_1', ['b', 'a'], []);
    fireEvent.click(screen.getByTestId('workflow-cancel'));
    expect(a.cancel).toHaveBeenCalledWith('wf_1');
  });

  it('a step changed before approval: the access follows its new site, and approval carries the change', () => {
    const state = createWorkflowState();
    state.apply({ type: 'WORKFLOW_UPDATE', payload: plan() });
    const a = actions();
    render(<WorkflowView state={state} actions={a} />);
    fireEvent.click(screen.getByLabelText('Change step 1'));
    expect(document.activeElement).toBe(screen.getByLabelText('What this step does'));
    // One step at a time: the rest wait, and so does approval, so nothing typed is lost.
    expect((screen.getByLabelText('Change step 2') as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByTestId('workflow-approve') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.input(screen.getByLabelText('What this step does'), { target: { value: ' Task d ' } });
    fireEvent.input(screen.getByLabelText('Page it starts on (web address)'), {
      target: { value: 'https://d.example/w' },
    });
    fireEvent.click(screen.getByTestId('step-edit-save'));
    expect(texts('review-step')[0]).toContain('Task d');
    expect(texts('workflow-access')[0]).toContain('d.example: read-only');
    expect(texts('workflow-access')[0]).not.toContain('a.example');
    // Cancel keeps the step as it was.
    fireEvent.click(screen.getByLabelText('Change step 2'));
    fireEvent.input(screen.getByLabelText('What this step does'), { target: { value: 'Not this' } });
    fireEvent.click(screen.getByTestId('step-edit-cancel'));
    expect(texts('review-step')[1]).toContain('Task b');
    fireEvent.click(screen.getByTestId('workflow-approve'));
    expect(a.approve).toHaveBeenCalledWith(
      'wf_1',
      ['a', 'b', 'c'],
      [{ stepId: 'a', task: 'Task d', site: 'https://d.example/w' }],
    );
  });

  it('the running step says what it does now, in the chat’s words, until it ends', async () => {
    const state = createWorkflowState();
    const running = plan({
      status: 'running',
      startedAt: 1,
      steps: [step('a', 'https://a.example', ['read-only'], 'running'), step('b', 'https://b.example', ['read-only'])],
    });
    state.apply({ type: 'WORKFLOW_UPDATE', payload: running });
    render(<WorkflowView state={state} actions={actions()} />);
    const now = (tool: string | null, args = {}, target?: string) =>
      state.apply({
        type: 'WORKFLOW_STEP_ACTION',
        payload: { id: 'wf_1', now: { stepId: 'a', tool, args, ...(target ? { target } : {}) } },
      });
    const shows = (line: string[]) => waitFor(() => expect(texts('workflow-step-now')).toEqual(line));
    now(null);
    await shows(['Thinking…']);
    now('read_page');
    await shows(['Reading the page']);
    now('click_element', { index: 4 }, 'Add to cart');
    await shows(['Clicking ‘Add to cart’']);
    state.apply({
      type: 'WORKFLOW_UPDATE',
      payload: {
        ...running,
        steps: [
          { ...step('a', 'https://a.example', ['read-only'], 'completed') },
          step('b', 'https://b.example', ['read-only']),
        ],
      },
    });
    await shows([]);
  });

  it('shows progress per step, and offers resume after an interruption', () => {
    const state = createWorkflowState();
    state.apply({
      type: 'WORKFLOW_UPDATE',
      payload: plan({
        status: 'interrupted',
        startedAt: 1,
        steps: [
          { ...step('a', 'https://a.example', ['read-only'], 'completed'), result: 'A: $1' },
          step('b', 'https://b.example', ['read-only']),
        ],
      }),
    });
    const a = actions();
    render(<WorkflowView state={state} actions={a} />);
    expect(screen.getAllByTestId('workflow-step').map((el) => el.dataset.status)).toEqual(['completed', 'pending']);
    expect((screen.getByTestId('workflow-progress') as HTMLProgressElement).value).toBe(1);
    expect(texts('workflow-step-result')).toEqual(['A: $1']);
    fireEvent.click(screen.getByTestId('workflow-resume'));
    expect(a.resume).toHaveBeenCalledWith('wf_1');
    // Another run can be planned beside the interrupted one.
    expect(screen.getByTestId('workflow-plan')).toBeTruthy();
  });

  it('says the answer is being written, and offers to cancel it', () => {
    const state = createWorkflowState();
    const steps = [{ ...step('a', 'https://a.example', ['read-only'], 'completed'), result: 'A: $1' }];
    state.apply({
      type: 'WORKFLOW_UPDATE',
      payload: plan({ status: 'running', startedAt: 1, steps, answering: true }),
    });
    const a = actions();
    render(<WorkflowView state={state} actions={a} />);
    expect(screen.getByTestId('workflow-status').textContent).toMatch(/^Writing the answer…/);
    fireEvent.click(screen.getByTestId('workflow-cancel'));
    expect(a.cancel).toHaveBeenCalledWith('wf_1');
    expect(screen.queryByTestId('workflow-report')).toBeNull();
  });

  it('offers Run again once a run ended, and says of each replayed step whether it needed the model', async () => {
    const state = createWorkflowState();
    const done = (id: string, replay: WorkflowPlan['steps'][number]['replay']) => ({
      ...step(id, `https://${id}.example`, ['read-only'], 'completed'),
      result: `${id}: $1`,
      replay,
    });
    const steps = [
      done('a', { recorded: true, asRecorded: 3, byModel: 0 }),
      done('b', { recorded: true, asRecorded: 2, byModel: 1 }),
      done('c', { recorded: false, asRecorded: 0, byModel: 2 }),
    ];
    state.apply({ type: 'WORKFLOW_UPDATE', payload: plan({ status: 'running', startedAt: 1, steps }) });
    const a = actions();
    render(<WorkflowView state={state} actions={a} />);
    expect(screen.queryByTestId('workflow-run-again')).toBeNull();
    expect(screen.getAllByTestId('workflow-step-replay').map((el) => [el.dataset.replay, el.textContent])).toEqual([
      ['replayed', 'Replayed without the model: 3 actions as recorded'],
      ['model', 'Needed the model: 2 actions as recorded, 1 by the model'],
      ['model', 'Needed the model: nothing was recorded to replay'],
    ]);
    state.apply({
      type: 'WORKFLOW_UPDATE',
      payload: plan({ status: 'completed', startedAt: 1, finishedAt: 2, steps }),
    });
    fireEvent.click(await waitFor(() => screen.getByTestId('workflow-run-again')));
    expect(a.runAgain).toHaveBeenCalledWith('wf_1');
  });

  it('renders the report and asks for the export', () => {
    const state = createWorkflowState();
    state.apply({
      type: 'WORKFLOW_UPDATE',
      payload: plan({
        status: 'completed',
        startedAt: 1,
        finishedAt: 65_001,
        report: '# Compare prices\n\n1. [Shop A](https://a.example/x)',
      }),
    });
    const a = actions();
    render(<WorkflowView state={state} actions={a} />);
    expect(screen.getByTestId('workflow-elapsed').textContent).toBe(' · 1 min 5 s');
    const link = screen.getByRole('link', { name: /^Shop A/ });
    expect(link.getAttribute('href')).toBe('https://a.example/x');
    expect(link.textContent).toContain('a.example'); // every link shows its host
    fireEvent.click(screen.getByTestId('workflow-export'));
    expect(a.exportZip).toHaveBeenCalledWith('wf_1');
    fireEvent.input(screen.getByLabelText('Text to make a parameter (optional)'), { target: { value: 'prices' } });
    fireEvent.input(screen.getByLabelText('Parameter name'), { target: { value: 'topic' } });
    fireEvent.click(screen.getByTestId('workflow-save'));
    expect(a.save).toHaveBeenCalledWith('wf_1', 'Compare prices', [{ name: 'topic', value: 'prices' }]);
  });

  it('reads a finished run like an answer: the answer first, the steps folded under it, each finding once', async () => {
    const steps = [
      {
        ...step('a', 'https://a.example', ['read-only'], 'completed'),
        result: 'Alpha: $199.',
        sources: [{ title: 'Alpha', url: 'https://a.example/' }],
      },
      {
        ...step('b', 'https://b.example', ['read-only'], 'completed'),
        result: 'Beta: $189.',
        sources: [{ title: 'Beta', url: 'https://b.example/' }],
      },
    ];
    const running = plan({ status: 'running', startedAt: 1, steps });
    const report = buildReport(running, { ok: true, markdown: 'Beta is cheaper [2].' });
    const state = createWorkflowState();
    state.apply({ type: 'WORKFLOW_UPDATE', payload: running });
    render(<WorkflowView state={state} actions={actions()} />);
    const fold = () => screen.getByTestId('workflow-steps-fold') as HTMLDetailsElement;
    // While it runs, the steps are what there is to see.
    expect(fold().open).toBe(true);

    state.apply({ type: 'WORKFLOW_UPDATE', payload: { ...running, status: 'completed', finishedAt: 2, report } });
    await waitFor(() => expect(screen.queryByTestId('workflow-report')).not.toBeNull());
    const view = screen.getByTestId('research-view');
    const shown = screen.getByTestId('workflow-report');
    // The answer comes first, then the steps, folded.
    expect(shown.compareDocumentPosition(fold()) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(shown.textContent?.indexOf('Beta is cheaper')).toBeGreaterThan(-1);
    expect(fold().open).toBe(false);
    expect(fold().querySelector('summary')?.textContent).toBe('Steps and findings: 2 of 2 done');
    // Each finding once in the whole view, in its step; the request once, as the report's title.
    const count = (text: string) => (view.textContent ?? '').split(text).length - 1;
    expect([count('Alpha: $199.'), count('Beta: $189.'), count('Compare prices')]).toEqual([1, 1, 1]);
    expect(texts('workflow-step-result')).toEqual(['Alpha: $199.', 'Beta: $189.']);
    expect(shown.querySelectorAll('h1, h2, h3').length).toBe(4); // Report, the request, Answer, Sources
    expect(count('Sources')).toBe(1);

    // One click exports the whole report, findings included, as markdown.
    const saved: Blob[] = [];
    const create = vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      saved.push(blob as Blob);
      return 'blob:report';
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.download).toBe('bosun-report.md');
    });
    fireEvent.click(screen.getByTestId('workflow-download'));
    expect(click).toHaveBeenCalledTimes(1);
    expect(saved[0]?.type).toBe('text/markdown');
    expect(await saved[0]?.text()).toBe(report);
    expect(report).toContain('## 1. Task a\n\nAlpha: $199.');
    create.mockRestore();
    click.mockRestore();
  });

  it('runs a saved workflow only once its parameters are filled in', () => {
    const state = createWorkflowState();
    state.apply({
      type: 'SAVED_WORKFLOWS',
      payload: {
        workflows: [
          {
            id: 'saved_1',
            name: 'Prices',
            intent: 'Compare {{product}}',
            parameters: ['product'],
            steps: [],
            savedAt: 1,
          },
        ],
      },
    });
    const a = actions();
    render(<WorkflowView state={state} actions={a} />);
    const run = screen.getByTestId('saved-run') as HTMLButtonElement;
    expect(run.disabled).toBe(true);
    fireEvent.input(screen.getByLabelText('product'), { target: { value: 'lamps' } });
    fireEvent.click(run);
    expect(a.runSaved).toHaveBeenCalledWith('saved_1', { product: 'lamps' });
    fireEvent.click(screen.getByLabelText('Delete Prices'));
    expect(a.removeSaved).toHaveBeenCalledWith('saved_1');
  });
});
