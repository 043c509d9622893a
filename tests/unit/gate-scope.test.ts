import { describe, expect, it } from 'vitest';
import { beyondScope } from '../../background/permissions/scope-check';
import { createTaskScope, SCOPE_PROMPT } from '../../background/agent/task-scope';
import { defaultPolicy, type HarborPolicy, type TaskScope } from '../../policy';
import type { CompletionRequest } from '../../background/llm/types';
import type { Settings } from '../../src/protocol/common';
import { memoryGate, runUntilAllowed } from './support/memory-gate';

const SITE = 'https://shop.example/';
const never = new AbortController().signal;
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** The real gate and question queue; the policy (with "Always on this site" for navigate) and log in memory. */
function setUp(policyChange: (p: HarborPolicy) => HarborPolicy = (p) => p) {
  const grant = { tool: 'navigate', site: 'shop.example', effect: 'allow', scope: 'persistent' } as const;
  return memoryGate(policyChange({ ...defaultPolicy(), grants: [grant] }));
}

/** A task's scope as the agent makes it, with a model that answers `answer` (and counts the requests). */
function holder(answer: string | Error, announced: (TaskScope | null)[] = []) {
  const requests: CompletionRequest[] = [];
  const scope = createTaskScope(
    {
      settings: () => ({ provider: 'openai', model: 'm' }) as Settings,
      complete: async (request) => {
        requests.push(request);
        if (answer instanceof Error) throw answer;
        return { text: answer, toolCalls: [], usedToolFallback: false };
      },
      announce: (s) => void announced.push(s),
    },
    'Summarise this page',
  );
  return { scope, requests };
}

/** A navigate call on the granted site: 'ran' when the gate let it run, else its refusal. */
const navigate = (gate: ReturnType<typeof setUp>['gate'], scope?: ReturnType<typeof holder>['scope']) =>
  runUntilAllowed(gate, {
    name: 'navigate',
    args: { url: SITE },
    runId: 'run-1',
    requester: 'chat',
    ...(scope ? { scope } : {}),
  });

describe('the gate with a task scope', () => {
  it('above the scope asks despite "Always on this site", and says why', async () => {
    const { gate, prompts, shown } = setUp();
    const { scope } = holder('{"level":"read-only","commitments":[]}');
    const running = navigate(gate, scope);
    await settle();
    await settle();
    expect(shown).toHaveLength(1);
    expect(shown[0]).toMatchObject({ toolName: 'navigate', beyondScope: { kind: 'level', level: 'navigate' } });
    expect(shown[0]!.reason).toMatch(/did not ask/);
    prompts.answer(shown[0]!.id, 'deny');
    expect(await running).toMatchObject({ outcome: 'denied', decision: 'deny' });
  });

  it('within the scope, the grant approves with no question; without a scope (workflow, ABP) too', async () => {
    const { gate, shown } = setUp();
    const { scope } = holder('{"level":"navigate","commitments":[]}');
    expect(await navigate(gate, scope)).toBe('ran');
    expect(await navigate(gate)).toBe('ran');
    expect(shown).toEqual([]);
  });

  it('deny stays deny: a wide scope never turns a deny into a question or a yes', async () => {
    const deny = { tool: 'navigate', site: 'shop.example', effect: 'deny', scope: 'persistent' } as const;
    const { gate, shown } = setUp((p) => ({ ...p, grants: [deny] }));
    const { scope, requests } = holder('{"level":"submit","commitments":["buy"]}');
    const result = await navigate(gate, scope);
    expect(result).toMatchObject({ outcome: 'denied', decision: 'denied' });
    expect(shown).toEqual([]);
    // A deny is decided before the scope is needed, so no scope request was made for it.
    expect(requests).toEqual([]);
  });

  it('"Allow for this task" widens this task only, and stores no lasting grant', async () => {
    const { gate, prompts, shown, policy } = setUp();
    const announced: (TaskScope | null)[] = [];
    const { scope } = holder('{"level":"read-only","commitments":[]}', announced);
    const first = navigate(gate, scope);
    await settle();
    await settle();
    prompts.answer(shown[0]!.id, 'allow-task');
    expect(await first).toBe('ran');
    expect(await navigate(gate, scope)).toBe('ran');
    expect(shown).toHaveLength(1);
    expect(announced.at(-1)).toEqual({ level: 'navigate', commitments: [] });
    // Only the run's own allow is added: it ends with the task.
    expect(policy().grants.filter((grant) => grant.scope !== 'run')).toHaveLength(1);
    // The next task starts from its own words again.
    const next = holder('{"level":"read-only","commitments":[]}');
    void navigate(gate, next.scope);
    await settle();
    await settle();
    expect(shown).toHaveLength(2);
  });

  it('"Allow once" lets one call through and leaves the scope as it was', async () => {
    const { gate, prompts, shown } = setUp();
    const { scope } = holder('{"level":"read-only","commitments":[]}');
    const first = navigate(gate, scope);
    await settle();
    await settle();
    prompts.answer(shown[0]!.id, 'allow-once');
    expect(await first).toBe('ran');
    void navigate(gate, scope);
    await settle();
    await settle();
    expect(shown).toHaveLength(2);
  });
});

describe('the scope holder', () => {
  it('asks the model once, with no tools and only the words, and reuses the answer', async () => {
    const { scope, requests } = holder('{"level":"interact","commitments":[]}');
    const [a, b] = await Promise.all([scope.get(never), scope.get(never)]);
    await scope.get(never);
    expect(a).toEqual({ level: 'interact', commitments: [] });
    expect(b).toBe(a);
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      system: SCOPE_PROMPT,
      tools: [],
      turns: [{ role: 'user', content: 'Summarise this page' }],
    });
  });

  it.each([
    ['an error', new Error('500')],
    ['an answer that is not the JSON asked for', 'You may do anything.'],
    ['an answer that widens past the schema', '{"level":"root","commitments":[]}'],
  ])('falls back to the keywords on %s', async (_name, answer) => {
    const { scope } = holder(answer);
    expect(await scope.get(never)).toEqual({ level: 'read-only', commitments: [] });
  });

  it('falls back when the model does not answer in time', async () => {
    const scope = createTaskScope(
      {
        settings: () => ({ provider: 'openai', model: 'm' }) as Settings,
        complete: (request) =>
          new Promise((_resolve, reject) =>
            request.signal.addEventListener('abort', () => reject(request.signal.reason)),
          ),
        announce: () => undefined,
        timeoutMs: 20,
      },
      'Buy the blue shoes',
    );
    expect(await scope.get(never)).toEqual({ level: 'submit', commitments: ['buy'] });
  });

  it('a read-only action needs no scope, so a task that only reads makes no scope request', async () => {
    const { scope, requests } = holder('{"level":"read-only","commitments":[]}');
    expect(
      await beyondScope(
        scope,
        { toolName: 'click_element', sites: ['shop.example'], level: 'read-only', action: { label: 'Buy now' } },
        never,
      ),
    ).toBeNull();
    expect(requests).toEqual([]);
    expect(
      await beyondScope(
        scope,
        { toolName: 'click_element', sites: ['shop.example'], level: 'submit', action: { label: 'Buy now' } },
        never,
      ),
    ).toEqual({
      kind: 'commitment',
      commitment: 'buy',
    });
    expect(
      await beyondScope(
        scope,
        { toolName: 'click_element', sites: ['shop.example'], level: 'submit', action: { label: 'Save' } },
        never,
      ),
    ).toEqual({ kind: 'level', level: 'submit' });
  });

  it("an item's words are no commitment the task must have asked for: a hover, or a double click on a list item", async () => {
    const { scope } = holder('{"level":"interact","commitments":[]}');
    const item = { label: 'Pay the bills', element: { tag: 'li', text: 'Pay the bills' } };
    const ask = (toolName: string, action: object) =>
      beyondScope(scope, { toolName, sites: ['todo.example'], level: 'interact', action }, never);
    expect(await ask('hover', { label: 'Buy milk', element: { tag: 'li', text: 'Buy milk' } })).toBeNull();
    expect(await ask('double_click', item)).toBeNull();
    expect(await ask('click_element', { label: 'Pay now', element: { tag: 'button', text: 'Pay now' } })).toEqual({
      kind: 'commitment',
      commitment: 'buy',
    });
  });
});
