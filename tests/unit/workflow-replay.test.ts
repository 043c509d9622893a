// Run again of a research run, its pure parts: what a step replays, how its results are counted and
// read, how a saved workflow carries its last run's actions with a parameter, and which steps keep them.
import { describe, expect, it } from 'vitest';
import type { ChatMessage, WorkflowPlan } from '../../src/protocol/common';
import type { TraceStep } from '../../src/protocol/trace';
import { againPlan, approvePlan } from '../../background/workflows/plan-transitions';
import { planFromSaved, toSavedWorkflow } from '../../background/workflows/saved-template';
import { againNote, replayCounts, replayFinding, stepTrace } from '../../background/workflows/step-replay';
import { untrusted } from '../../background/tools/untrusted';

const NOW = 1_700_000_000_000;
const name = { role: 'searchbox', label: 'Product', hoverOf: '', rest: '', nth: 0, of: 1 };
const typed: TraceStep = { name: 'type_text', args: { text: 'kettle' }, index: name };
const clicked: TraceStep = { name: 'click_element', args: {}, index: { ...name, role: 'button', label: 'Search' } };

let ids = 0;
const tool = (
  name: string,
  replay: ChatMessage['replay'],
  outcome: ChatMessage['outcome'],
  content = '',
): ChatMessage => ({
  id: `m${++ids}`,
  createdAt: new Date(NOW).toISOString(),
  role: 'tool',
  status: 'done',
  content,
  name,
  outcome,
  ...(replay ? { replay } : {}),
});

describe("a research step's replay", () => {
  it('reads the page at the end for its finding, unless its last action already read it', () => {
    expect(stepTrace('Search for kettle', [typed, clicked])).toEqual({
      request: 'Search for kettle',
      steps: [typed, clicked, { name: 'get_page_content', args: { type: 'text' } }],
    });
    const table = { name: 'extract_table', args: {} };
    expect(stepTrace('Read the table', [table]).steps).toEqual([table]);
    expect(stepTrace('Read the page', []).steps).toEqual([{ name: 'get_page_content', args: { type: 'text' } }]);
  });

  it("counts the actions done as recorded and by the model, not the readings it made to find elements, and finds the page's text", () => {
    const messages = [
      tool('read_page', 'replayed', 'success', '## Interactive elements'),
      tool('type_text', 'replayed', 'success'),
      tool('read_page', 'replayed', 'success'),
      // Failed as recorded: the model is asked, and does it.
      tool('click_element', 'replayed', 'failed'),
      tool('click_element', 'model', 'success'),
      tool('get_page_content', 'replayed', 'success', untrusted('Price of kettle: $24')),
    ];
    expect(replayCounts(messages)).toEqual({ recorded: true, asRecorded: 2, byModel: 1 });
    expect(replayFinding(messages)).toBe('Price of kettle: $24');
    expect(replayFinding(messages.slice(0, 5))).toBeNull();
    expect(replayFinding([tool('get_page_content', 'replayed', 'success', 'x'.repeat(5000))])).toHaveLength(4001);
  });
});

const ranPlan = (steps: Partial<WorkflowPlan['steps'][number]>[]): WorkflowPlan => ({
  id: 'wf1',
  intent: 'Find the price of a kettle',
  status: 'completed',
  createdAt: NOW,
  startedAt: NOW,
  steps: steps.map((step, i) => ({
    id: `s${i}`,
    agent: 'ResearchAgent',
    task: 'Search the shop for kettle',
    site: 'https://shop.example/search?q=kettle',
    permissions: ['read-only', 'interact'],
    status: 'completed',
    result: 'Price of kettle: $24.',
    ...step,
  })),
});

describe('Run again of a finished run', () => {
  it('approves the same steps again, each with its recorded actions, none with the last results', () => {
    const plan = ranPlan([{ trace: [typed, clicked] }, { status: 'failed', error: 'Stopped.' }]);
    const again = againPlan(plan, NOW + 5);
    expect(again).toMatchObject({ intent: plan.intent, status: 'running', startedAt: NOW + 5, again: true });
    expect(again.id).not.toBe(plan.id);
    expect(again.steps.map(({ id: _id, ...step }) => step)).toEqual([
      {
        agent: 'ResearchAgent',
        task: 'Search the shop for kettle',
        site: 'https://shop.example/search?q=kettle',
        permissions: ['read-only', 'interact'],
        status: 'pending',
        trace: [typed, clicked],
      },
      {
        agent: 'ResearchAgent',
        task: 'Search the shop for kettle',
        site: 'https://shop.example/search?q=kettle',
        permissions: ['read-only', 'interact'],
        status: 'pending',
      },
    ]);
  });

  it('says how its steps were done, and that no answer was written', () => {
    const plan = ranPlan([
      { replay: { recorded: true, asRecorded: 3, byModel: 0 } },
      { replay: { recorded: true, asRecorded: 2, byModel: 1 } },
      { replay: { recorded: false, asRecorded: 0, byModel: 4 } },
    ]);
    expect(againNote(plan)).toBe(
      "Run again: 1 of 3 steps replayed without the model, 2 needed the model. No answer was written, as that would ask the model: each step's finding is its page as read now.",
    );
  });
});

describe("a saved workflow's last run", () => {
  it('keeps its recorded actions with the parameter in them, and replays them with the new value', () => {
    const plan = ranPlan([
      { trace: [typed, clicked, { name: 'navigate', args: { url: 'https://shop.example/?q=kettle' } }] },
    ]);
    const saved = toSavedWorkflow(plan, 'Price', [{ name: 'product', value: 'kettle' }], NOW);
    if (!saved.ok) throw new Error(saved.error);
    expect(saved.value.steps[0]?.trace?.map((s) => s.args)).toEqual([
      { text: '{{product}}' },
      {},
      { url: 'https://shop.example/?q={{product}}' },
    ]);
    // Element names are the page's words, not the person's: they are kept as recorded.
    expect(saved.value.steps[0]?.trace?.[0]?.index).toEqual(name);
    const run = planFromSaved(saved.value, { product: 'electric toaster' }, NOW + 1);
    if (!run.ok) throw new Error(run.error);
    expect(run.value.again).toBe(true);
    expect(run.value.steps[0]?.trace?.map((s) => s.args)).toEqual([
      { text: 'electric toaster' },
      {},
      { url: 'https://shop.example/?q=electric%20toaster' },
    ]);
    // A schedule's run replays the same actions with its values, and is no Run again: it writes its answer.
    const scheduled = planFromSaved(saved.value, { product: 'toaster' }, NOW + 1, true);
    if (!scheduled.ok) throw new Error(scheduled.error);
    expect(scheduled.value.again).toBeUndefined();
    expect(scheduled.value.steps[0]?.trace?.map((s) => s.args)).toEqual([
      { text: 'toaster' },
      {},
      { url: 'https://shop.example/?q=toaster' },
    ]);
  });

  it('is planned as before where nothing was recorded, and a step the person changes before approving loses its actions', () => {
    const saved = toSavedWorkflow(ranPlan([{}]), 'Price', [], NOW);
    if (!saved.ok) throw new Error(saved.error);
    const plain = planFromSaved(saved.value, {}, NOW);
    if (!plain.ok) throw new Error(plain.error);
    expect(plain.value.again).toBeUndefined();

    const waiting = { ...ranPlan([{ trace: [typed] }, { trace: [clicked] }]), status: 'awaiting-approval' as const };
    const approved = approvePlan(waiting, ['s0', 's1'], NOW, [
      { stepId: 's0', task: 'Search the shop for toaster', site: 'https://shop.example/search?q=kettle' },
      { stepId: 's1', task: 'Search the shop for kettle', site: 'https://shop.example/search?q=kettle' },
    ]);
    if (!approved.ok) throw new Error(approved.error);
    expect(approved.plan.steps.map((s) => s.trace)).toEqual([undefined, [clicked]]);
  });
});
