// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { WorkflowPlan, WorkflowStep } from '../../src/protocol/common';
import { parseModelPlan } from '../../background/workflows/plan-parse';
import {
  approvePlan,
  finishPlan,
  interruptPlan,
  planAccess,
  stepScope,
} from '../../background/workflows/plan-transitions';
import { buildReport, exportFiles } from '../../background/workflows/report';
import { stepPrompt } from '../../background/workflows/step-prompt';
import { planFromSaved, toSavedWorkflow } from '../../background/workflows/saved-template';

const NOW = 1_700_000_000_000;
const modelPlan = (steps: unknown) => JSON.stringify({ steps });
const okPlan = (text: string): WorkflowPlan => {
  const parsed = parseModelPlan(text, 'Compare prices', NOW);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.plan;
};
const twoSteps = modelPlan([
  { task: 'Read shop A', site: 'https://a.example/p', permissions: ['navigate'] },
  { task: 'Read shop B', site: 'https://b.example/p', permissions: ['read-only'], onFailure: 'stop', maxSteps: 5 },
]);

describe('the model’s plan', () => {
  it('becomes a plan awaiting approval, fenced or not, with read-only always listed', () => {
    const plan = okPlan(`Here it is:\n\`\`\`json\n${twoSteps}\n\`\`\``);
    expect(plan).toMatchObject({ intent: 'Compare prices', status: 'awaiting-approval', createdAt: NOW });
    expect(plan.steps.map((s) => [s.task, s.permissions, s.status, s.onFailure, s.maxSteps])).toEqual([
      ['Read shop A', ['read-only', 'navigate'], 'pending', 'continue', undefined],
      ['Read shop B', ['read-only'], 'pending', 'stop', 5],
    ]);
    expect(new Set(plan.steps.map((s) => s.id)).size).toBe(2);
  });

  it.each([
    ['no JSON at all', 'I will look at three shops.', /could not be read \(it contains no JSON object\)/],
    ['broken JSON', '{"steps": [', /could not be read/],
    ['no steps', modelPlan([]), /steps: must have at least one step/],
    [
      'a site that is not a web page',
      modelPlan([{ task: 't', site: 'file:///etc/passwd', permissions: ['read-only'] }]),
      /steps\.0\.site: must be an http\(s\) URL/,
    ],
    [
      'an unknown level',
      modelPlan([{ task: 't', site: 'https://a.example', permissions: ['admin'] }]),
      /steps\.0\.permissions\.0/,
    ],
    [
      'an unknown field',
      JSON.stringify({ steps: [{ task: 't', site: 'https://a.example', permissions: ['read-only'], run: 'rm -rf' }] }),
      /steps\.0\.run/,
    ],
    [
      'too many steps',
      modelPlan(
        Array.from({ length: 11 }, () => ({ task: 't', site: 'https://a.example', permissions: ['read-only'] })),
      ),
      /at most 10 steps/,
    ],
  ])('is refused with a clear error when it has %s', (_name, text, error) => {
    const parsed = parseModelPlan(text, 'x', NOW);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error).toMatch(error);
  });
});

describe('approving, interrupting and ending a plan', () => {
  const plan = okPlan(twoSteps);
  const [a, b] = plan.steps as [WorkflowPlan['steps'][number], WorkflowPlan['steps'][number]];

  it('runs the kept steps in the person’s order and grants exactly their access', () => {
    const approved = approvePlan(plan, [b.id], NOW);
    expect(approved.ok && approved.plan.steps.map((s) => s.id)).toEqual([b.id]);
    expect(approved.ok && approved.plan.status).toBe('running');
    expect(approved.ok && planAccess(approved.plan)).toEqual([{ site: 'https://b.example/p', level: 'read-only' }]);
    expect(approvePlan(plan, [a.id, 'step_forged'], NOW)).toMatchObject({ ok: false, error: /not in the plan/ });
    expect(approvePlan({ ...plan, status: 'running' }, [a.id], NOW)).toMatchObject({
      ok: false,
      error: /not waiting for approval/,
    });
  });

  it('after a restart, the running step is to run again and finished ones are kept', () => {
    const running: WorkflowPlan = {
      ...plan,
      status: 'running',
      steps: [
        { ...a, status: 'completed', result: 'A: 1' },
        { ...b, status: 'running', startedAt: NOW },
      ],
    };
    const interrupted = interruptPlan(running);
    expect(interrupted.status).toBe('interrupted');
    expect(interrupted.steps.map((s) => [s.status, s.startedAt, s.result])).toEqual([
      ['completed', undefined, 'A: 1'],
      ['pending', undefined, undefined],
    ]);
  });

  it('a cancel marks the running step, skips the rest and reports what was found', () => {
    const running: WorkflowPlan = {
      ...plan,
      status: 'running',
      startedAt: NOW,
      steps: [{ ...a, status: 'running', result: 'partial' }, { ...b }],
    };
    const ended = finishPlan(running, 'cancelled', NOW + 5);
    expect(ended.steps.map((s) => s.status)).toEqual(['failed', 'skipped']);
    expect(ended.steps[0]?.error).toMatch(/^Cancelled by you/);
    expect(ended).toMatchObject({ status: 'cancelled', finishedAt: NOW + 5 });
    expect(ended.report).toContain('partial');
    expect(finishPlan(plan, 'cancelled', NOW).report).toBeUndefined();
  });

  it('tells each step the request, its task and what earlier steps found', () => {
    const done: WorkflowPlan = { ...plan, steps: [{ ...a, status: 'completed', result: 'A costs 10' }, b] };
    const prompt = stepPrompt(done, done.steps[1] as WorkflowPlan['steps'][number]);
    expect(prompt).toContain('step 2 of 2');
    expect(prompt).toContain('Your step: Read shop B');
    expect(prompt).toContain('A costs 10');
  });
});

describe('the report', () => {
  const plan = okPlan(twoSteps);
  const finished: WorkflowPlan = {
    ...plan,
    status: 'completed',
    steps: [
      {
        ...plan.steps[0]!,
        status: 'completed',
        result: 'A: $10',
        sources: [{ title: 'Shop [A]', url: 'https://a.example/p' }],
      },
      {
        ...plan.steps[1]!,
        status: 'failed',
        error: 'The page did not load.',
        sources: [
          { title: 'Shop [A]', url: 'https://a.example/p' },
          { title: '', url: 'https://b.example/p' },
        ],
      },
    ],
  };

  it('cites every source once, by title and URL, from each step that used it', () => {
    const report = buildReport(finished);
    expect(report).toContain('# Compare prices');
    expect(report).toContain('## 1. Read shop A\n\nA: $10\n\nSources: [1](https://a.example/p)');
    expect(report).toContain(
      '## 2. Read shop B\n\nFailed: The page did not load.\n\nSources: [1](https://a.example/p), [2](https://b.example/p)',
    );
    expect(report).toContain(
      '## Sources\n\n1. [Shop \\[A\\]](https://a.example/p)\n2. [https://b.example/p](https://b.example/p)',
    );
  });

  it('exports report.md, one markdown file per source and sources.json', () => {
    const files = exportFiles(
      { ...finished, report: 'R' },
      { 'https://a.example/p': { title: 'Shop [A]', url: 'https://a.example/p', markdown: 'Price: $10' } },
    );
    expect(files.map((f) => f.path)).toEqual([
      'report.md',
      'sources/01-shop-a.md',
      'sources/02-page.md',
      'sources.json',
    ]);
    expect(files[0]?.content).toBe('R');
    expect(files[1]?.content).toBe('# Shop [A]\n\nSource: https://a.example/p\n\nPrice: $10\n');
    expect(files[2]?.content).toContain('(the page text was not kept)');
    expect(JSON.parse(files[3]?.content ?? '')).toEqual([
      {
        number: 1,
        title: 'Shop [A]',
        url: 'https://a.example/p',
        file: 'sources/01-shop-a.md',
        steps: ['Read shop A', 'Read shop B'],
      },
      { number: 2, title: '', url: 'https://b.example/p', file: 'sources/02-page.md', steps: ['Read shop B'] },
    ]);
  });
});

describe('saved workflows', () => {
  const plan: WorkflowPlan = {
    ...okPlan(
      modelPlan([
        {
          task: 'Find studio headphones at shop A',
          site: 'https://a.example/search?q=studio%20headphones',
          permissions: ['read-only'],
        },
        { task: 'Compare', site: 'https://b.example/', permissions: ['navigate'], onFailure: 'stop' },
      ]),
    ),
    intent: 'Compare studio headphones',
    status: 'completed',
    startedAt: NOW,
  };

  it('turn a value into a parameter everywhere it appears, URL-encoded in sites, and fill it in again', () => {
    const saved = toSavedWorkflow(plan, 'Prices', [{ name: 'product', value: 'studio headphones' }], NOW);
    if (!saved.ok) throw new Error(saved.error);
    expect(saved.value).toMatchObject({
      name: 'Prices',
      intent: 'Compare {{product}}',
      parameters: ['product'],
      savedAt: NOW,
    });
    expect(saved.value.steps).toEqual([
      {
        agent: 'ResearchAgent',
        task: 'Find {{product}} at shop A',
        site: 'https://a.example/search?q={{product}}',
        permissions: ['read-only'],
        onFailure: 'continue',
      },
      {
        agent: 'ResearchAgent',
        task: 'Compare',
        site: 'https://b.example/',
        permissions: ['read-only', 'navigate'],
        onFailure: 'stop',
      },
    ]);
    const again = planFromSaved(saved.value, { product: 'desk lamps' }, NOW + 1);
    if (!again.ok) throw new Error(again.error);
    expect(again.value).toMatchObject({
      intent: 'Compare desk lamps',
      status: 'awaiting-approval',
      createdAt: NOW + 1,
    });
    expect(again.value.steps.map((s) => [s.task, s.site, s.status])).toEqual([
      ['Find desk lamps at shop A', 'https://a.example/search?q=desk%20lamps', 'pending'],
      ['Compare', 'https://b.example/', 'pending'],
    ]);
    expect(again.value.steps[0]?.id).not.toBe(plan.steps[0]?.id);
  });

  it('refuse a parameter that changes nothing, a missing value, and a value that breaks a site', () => {
    expect(toSavedWorkflow(plan, 'P', [{ name: 'x', value: 'not there' }], NOW)).toMatchObject({
      ok: false,
      error: /does not appear in the plan/,
    });
    const saved = toSavedWorkflow(plan, 'P', [{ name: 'host', value: 'a.example' }], NOW);
    if (!saved.ok) throw new Error(saved.error);
    expect(planFromSaved(saved.value, {}, NOW)).toMatchObject({ ok: false, error: 'Fill in host first.' });
    expect(planFromSaved(saved.value, { host: ' ' }, NOW)).toMatchObject({ ok: false, error: 'Fill in host first.' });
    expect(planFromSaved(saved.value, { host: 'bad host' }, NOW)).toMatchObject({
      ok: false,
      error: /not a web address/,
    });
  });
});

describe("a step's scope", () => {
  it('is its planned site, resolved as the gate resolves sites, at the highest level the plan lists, with no commitment', () => {
    const step = { site: 'https://www.docs.example/guide', permissions: ['navigate', 'read-only'] } as WorkflowStep;
    expect(stepScope(step, {})).toEqual({ level: 'navigate', commitments: [], sites: ['docs.example'] });
    expect(stepScope({ ...step, site: 'chrome://settings', permissions: [] }, {})).toEqual({
      level: 'read-only',
      commitments: [],
      sites: [],
    });
  });
});
