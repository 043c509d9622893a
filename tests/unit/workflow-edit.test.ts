// @vitest-environment node
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import type { WorkflowPlan } from '../../src/protocol/common';
import { SidebarToBackground } from '../../src/protocol/sidebar-to-background';
import { parseModelPlan } from '../../background/workflows/plan-parse';
import { approvePlan, planAccess } from '../../background/workflows/plan-transitions';
import { stepPrompt } from '../../background/workflows/step-prompt';

const NOW = 1_700_000_000_000;
const parsed = parseModelPlan(
  JSON.stringify({
    steps: [
      { task: 'Read shop A', site: 'https://a.example/p', permissions: ['navigate'] },
      { task: 'Read shop B', site: 'https://b.example/p', permissions: ['read-only'] },
    ],
  }),
  'Compare prices',
  NOW,
);
if (!parsed.ok) throw new Error(parsed.error);
const plan: WorkflowPlan = parsed.plan;
const [a, b] = plan.steps as [WorkflowPlan['steps'][number], WorkflowPlan['steps'][number]];

describe('a step the person changed before approving', () => {
  it('runs with the changed task and site, and the approval grants the changed site, not the original', () => {
    const approved = approvePlan(plan, [a.id, b.id], NOW, [
      { stepId: a.id, task: '  Read shop C  ', site: ' https://c.example/q ' },
    ]);
    if (!approved.ok) throw new Error(approved.error);
    expect(approved.plan.steps.map((s) => [s.task, s.site, s.permissions])).toEqual([
      ['Read shop C', 'https://c.example/q', ['read-only', 'navigate']],
      ['Read shop B', 'https://b.example/p', ['read-only']],
    ]);
    expect(planAccess(approved.plan)).toEqual([
      { site: 'https://c.example/q', level: 'read-only' },
      { site: 'https://c.example/q', level: 'navigate' },
      { site: 'https://b.example/p', level: 'read-only' },
    ]);
    const prompt = stepPrompt(approved.plan, approved.plan.steps[0] as WorkflowPlan['steps'][number]);
    expect(prompt).toContain('Your step: Read shop C');
    expect(prompt).toContain('Your tab shows https://c.example/q.');
  });

  it.each([
    [
      'an empty task',
      { task: '   ', site: 'https://c.example' },
      /^Step 2 as changed cannot be used: task: must not be empty/,
    ],
    ['a task longer than the model may write', { task: 'x'.repeat(2001), site: 'https://c.example' }, /task: /],
    ['a site that is not a web page', { task: 'Read', site: 'file:///etc/passwd' }, /site: must be an http\(s\) URL/],
    ['a script for a site', { task: 'Read', site: 'javascript:alert(1)' }, /site: must be an http\(s\) URL/],
    ['a site that is no address', { task: 'Read', site: 'shop c' }, /site: must be an http\(s\) URL/],
  ])('is refused, changing nothing, when it has %s', (_name, change, error) => {
    const refused = approvePlan(plan, [a.id, b.id], NOW, [{ stepId: b.id, ...change }]);
    expect(refused).toMatchObject({ ok: false, error });
    expect(refused.ok || refused.error).toMatch(/Nothing was approved/);
    expect(plan.status).toBe('awaiting-approval');
    expect(plan.steps[1]).toEqual(b);
  });

  it('is refused when it names a step that was removed or never in the plan', () => {
    const change = { task: 'Read', site: 'https://c.example' };
    expect(approvePlan(plan, [b.id], NOW, [{ stepId: a.id, ...change }])).toMatchObject({
      ok: false,
      error: /not one of the steps kept/,
    });
    expect(approvePlan(plan, [a.id], NOW, [{ stepId: 'step_forged', ...change }])).toMatchObject({ ok: false });
  });
});

describe('the approval message', () => {
  const approval = (payload: object) =>
    v.safeParse(SidebarToBackground.APPROVE_WORKFLOW, { type: 'APPROVE_WORKFLOW', payload });

  it('is valid without changes, as before, and with them', () => {
    expect(approval({ id: 'wf_1', stepIds: ['s1'] }).success).toBe(true);
    expect(approval({ id: 'wf_1', stepIds: ['s1'], edits: [{ stepId: 's1', task: 't', site: 'x' }] }).success).toBe(
      true,
    );
  });

  it('refuses changes it cannot carry: a widened step, or more changes than steps', () => {
    const edit = { stepId: 's1', task: 't', site: 'https://a.example' };
    expect(approval({ id: 'wf_1', stepIds: ['s1'], edits: [{ ...edit, permissions: ['submit'] }] }).success).toBe(
      false,
    );
    const many = Array.from({ length: 11 }, (_, i) => ({ ...edit, stepId: `s${i}` }));
    expect(approval({ id: 'wf_1', stepIds: ['s1'], edits: many }).success).toBe(false);
  });
});
