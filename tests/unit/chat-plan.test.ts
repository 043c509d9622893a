// A chat task's plan, as the model states it and the person approves it: checked before anyone sees
// it, turned into the task's scope and its run grants, and judged by the same engine as every action.
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { proposePlan, type TaskPlanning } from '../../background/agent/task-plan';
import { fixedScope } from '../../background/agent/task-scope';
import {
  ChatPlan,
  decide,
  defaultPolicy,
  grantWorkflowRun,
  MAX_PLAN_STEPS,
  planGrants,
  planScope,
  scopeExcess,
  widenScope,
  withoutRun,
  type TaskScope,
} from '../../policy';
import { memoryGate, runUntilAllowed } from './support/memory-gate';

const FORM = 'https://forms.example/contact';
const plan: ChatPlan = {
  summary: 'Send the contact form on forms.example',
  steps: [
    { does: 'Type your name and e-mail', site: FORM, level: 'interact', types: ['Ada Lovelace', 'ada@example.org'] },
    { does: 'Press Save', site: 'forms.example', level: 'submit' },
    { does: 'Delete the draft', site: FORM, level: 'submit', commits: ['delete'] },
  ],
};

describe('a chat plan is checked like any model output', () => {
  it('a well-formed plan parses as it is', () => {
    expect(v.safeParse(ChatPlan, plan)).toMatchObject({ success: true, output: plan });
  });

  it.each([
    ['no steps', { summary: 'x', steps: [] }],
    ['an empty step', { summary: 'x', steps: [{ does: ' ', site: FORM, level: 'interact' }] }],
    ['an unknown level', { summary: 'x', steps: [{ does: 'a', site: FORM, level: 'admin' }] }],
    ['an unknown commitment', { summary: 'x', steps: [{ does: 'a', site: FORM, level: 'submit', commits: ['wire'] }] }],
    ['an unknown field', { summary: 'x', steps: [{ does: 'a', site: FORM, level: 'submit', trust: 'all' }] }],
    ['no summary', { steps: [{ does: 'a', site: FORM, level: 'read-only' }] }],
    [
      'too many steps',
      {
        summary: 'x',
        steps: Array.from({ length: MAX_PLAN_STEPS + 1 }, () => ({ does: 'a', site: FORM, level: 'navigate' })),
      },
    ],
  ])('%s is refused', (_, raw) => {
    expect(v.safeParse(ChatPlan, raw).success).toBe(false);
  });
});

describe('the approved plan is the task scope', () => {
  it('its sites, its highest level, the commitments and the typed values its steps name', () => {
    expect(planScope(plan, {})).toEqual({
      level: 'submit',
      commitments: ['delete'],
      sites: ['forms.example'],
      typed: ['Ada Lovelace', 'ada@example.org'],
    });
  });

  it('a site that cannot be resolved is left out, so every action there asks', () => {
    const odd = { summary: 'x', steps: [{ does: 'a', site: 'chrome://settings', level: 'navigate' as const }] };
    expect(planScope(odd, {}).sites).toEqual([]);
  });

  const scope = planScope(plan, {});
  const act = (change: Partial<Parameters<typeof scopeExcess>[1]>) =>
    scopeExcess(scope, { sites: ['forms.example'], level: 'interact', commitment: null, ...change });

  it('typing a planned value is within it; any other value, another site or commitment is not', () => {
    expect(act({ typed: ['Ada Lovelace'] })).toBeNull();
    expect(act({ typed: [' ada@example.org '] })).toBeNull();
    expect(act({ typed: ['Ada Lovelace', 'evil@attacker.example'] })).toEqual({
      kind: 'typed',
      value: 'evil@attacker.example',
    });
    expect(act({ sites: ['other.example'] })).toEqual({ kind: 'site', site: 'other.example' });
    expect(act({ level: 'submit', commitment: 'buy' })).toEqual({ kind: 'commitment', commitment: 'buy' });
    expect(act({ level: 'submit', commitment: 'delete' })).toBeNull();
  });

  it('"Allow for this task" on a typed value adds that value only', () => {
    const widened: TaskScope = widenScope(scope, { kind: 'typed', value: 'Ada L.' });
    expect(widened.typed).toEqual(['Ada Lovelace', 'ada@example.org', 'Ada L.']);
    expect(scopeExcess(widened, { sites: [], level: 'interact', commitment: null, typed: ['Ada L.'] })).toBeNull();
  });

  it('a scope with no typed list (the person\u2019s words, a workflow step) lets any value through', () => {
    const words: TaskScope = { level: 'interact', commitments: [] };
    expect(scopeExcess(words, { sites: [], level: 'interact', commitment: null, typed: ['anything'] })).toBeNull();
  });
});

describe('approving the plan grants its steps for the run, and nothing more', () => {
  const granted = grantWorkflowRun(defaultPolicy(), 'run-1', planGrants(plan), ['type_text', 'click_element']);
  const verdict = (request: Partial<Parameters<typeof decide>[1]>) =>
    decide(granted, { toolName: 'type_text', level: 'interact', site: FORM, runId: 'run-1', ...request }, 0).verdict;

  it('each step\u2019s site at its level and the levels below it', () => {
    expect(planGrants(plan)).toContainEqual({ site: FORM, level: 'interact' });
    expect(planGrants(plan)).toContainEqual({ site: 'forms.example', level: 'submit' });
    expect(planGrants(plan)).toContainEqual({ site: 'forms.example', level: 'read-only' });
    expect(verdict({})).toBe('auto-approve');
    expect(verdict({ toolName: 'click_element', level: 'submit' })).toBe('auto-approve');
  });

  it('another run, another site or a critical action still asks', () => {
    expect(verdict({ runId: 'run-2' })).toBe('ask');
    expect(verdict({ site: 'https://other.example/' })).toBe('ask');
    expect(verdict({ toolName: 'click_element', level: 'submit', action: { label: 'Delete draft' } })).toBe('ask');
  });

  it('the grants end with the run', () => {
    const ended = withoutRun(granted, 'run-1');
    expect(decide(ended, { toolName: 'type_text', level: 'interact', site: FORM, runId: 'run-1' }, 0).verdict).toBe(
      'ask',
    );
  });
});

describe('the gate with an approved plan', () => {
  const navigatePlan: ChatPlan = {
    summary: 'Open the docs',
    steps: [{ does: 'Go to the docs', site: 'https://docs.example/', level: 'navigate' }],
  };
  const navigate = (gate: ReturnType<typeof memoryGate>['gate'], scope: TaskScope, url: string) =>
    runUntilAllowed(gate, {
      name: 'navigate',
      args: { url },
      runId: 'run-1',
      requester: 'chat',
      scope: fixedScope(scope),
    });

  it('runs a planned step with no question, asks for a site outside it, and asks again once the plan ended', async () => {
    const { gate, shown, prompts } = memoryGate(defaultPolicy());
    const scope = await gate.approvePlan('run-1', navigatePlan);
    expect(scope).toEqual({ level: 'navigate', commitments: [], sites: ['docs.example'], typed: [] });
    expect(await navigate(gate, scope, 'https://docs.example/start')).toBe('ran');
    expect(shown).toEqual([]);

    const outside = navigate(gate, scope, 'https://other.example/');
    await new Promise((resolve) => setTimeout(resolve, 0));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(shown).toHaveLength(1);
    expect(shown[0]).toMatchObject({ beyondScope: { kind: 'site', site: 'other.example' } });
    prompts.answer(shown[0]!.id, 'deny');
    expect(await outside).toMatchObject({ outcome: 'denied' });

    await gate.endPlan('run-1');
    const after = navigate(gate, scope, 'https://docs.example/start');
    await new Promise((resolve) => setTimeout(resolve, 0));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(shown).toHaveLength(2);
    prompts.answer(shown[1]!.id, 'deny');
    await after;
  });
});

describe('the data-flow rule inside an approved plan', () => {
  it('carrying text read on one site to a planned one still asks, whatever the plan allows', async () => {
    const { gate, shown, prompts } = memoryGate(defaultPolicy());
    const forum: ChatPlan = {
      summary: 'Post on the forum',
      steps: [{ does: 'Open the forum', site: 'https://forum.example/', level: 'navigate', types: ['OTP-483920'] }],
    };
    const scope = await gate.approvePlan('run-1', forum);
    gate.noteRead('run-1', 'https://mail.example/inbox', 'Your one-time code is OTP-483920.');
    const carrying = runUntilAllowed(gate, {
      name: 'navigate',
      args: { url: 'https://forum.example/?q=OTP-483920' },
      runId: 'run-1',
      requester: 'chat',
      scope: fixedScope(scope),
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(shown).toHaveLength(1);
    expect(shown[0]!.dataFlow).toEqual([{ text: 'OTP-483920', from: ['mail.example'], to: 'forum.example' }]);
    prompts.answer(shown[0]!.id, 'deny');
    expect(await carrying).toMatchObject({ outcome: 'denied' });
  });
});

describe('the model\u2019s propose_plan call', () => {
  const planning = (answer: Awaited<ReturnType<TaskPlanning['pose']>>) => {
    const posed: ChatPlan[] = [];
    const approved: ChatPlan[] = [];
    const deps: TaskPlanning = {
      pose: async (p) => (posed.push(p), answer),
      approve: async (_, p) => (approved.push(p), planScope(p, {})),
      announce: () => undefined,
    };
    return { deps, posed, approved };
  };
  const call = (args: object) => ({ id: 'p1', name: 'propose_plan', args: args as Record<string, unknown> });
  const never = new AbortController().signal;

  it('a plan that does not parse is never shown and says why', async () => {
    const { deps, posed } = planning({ kind: 'each-step' });
    const out = await proposePlan(deps, 'run-1', call({ steps: [] }), never);
    expect(posed).toEqual([]);
    expect(out.scope).toBeNull();
    expect(out.result).toMatchObject({ success: false, decision: 'invalid' });
    expect(out.result.text).toMatch(/summary/);
  });

  it('Go with an edited plan: the edited plan is granted and becomes the scope', async () => {
    const edited = { ...plan, steps: [plan.steps[0]!] };
    const { deps, approved } = planning({ kind: 'go', plan: edited });
    const out = await proposePlan(deps, 'run-1', call(plan), never);
    expect(approved).toEqual([edited]);
    expect(out.scope).toEqual(planScope(edited, {}));
    expect(out.result.text).toContain('approved');
  });

  it('"Ask me at each step" and no answer grant nothing', async () => {
    for (const answer of [{ kind: 'each-step' as const }, null]) {
      const { deps, approved } = planning(answer);
      const out = await proposePlan(deps, 'run-1', call(plan), never);
      expect(approved).toEqual([]);
      expect(out.scope).toBeNull();
    }
  });
});
