import { describe, expect, it } from 'vitest';
import { createGate, QuestionUnanswered, type SiteAccess } from '../../background/permissions/gate';
import { nativeOperation } from '../../background/permissions/operations';
import { createPrompts, type PromptRequest } from '../../background/permissions/prompts';
import { defaultPolicy, type HarborPolicy } from '../../policy';
import type { ActionLogEntry } from '../../background/storage/db';

/** The gate with the real question queue; the policy and the log kept in memory instead of IndexedDB. */
function setUp() {
  let policy: HarborPolicy = defaultPolicy();
  const shown: PromptRequest[] = [];
  const withdrawn: string[] = [];
  const logged: ActionLogEntry[] = [];
  const prompts = createPrompts(
    (request) => void shown.push(request),
    (id) => void withdrawn.push(id),
  );
  const gate = createGate({
    policy: {
      load: async () => policy,
      current: () => policy,
      update: async (change) => (policy = change(policy)),
    },
    prompts,
    log: { add: async (entry: ActionLogEntry) => void logged.push(entry) } as never,
    promptTimeoutMs: () => 60_000,
  });
  return { gate, prompts, shown, withdrawn, logged, policy: () => policy };
}

const click = (questionTimeoutMs?: number): SiteAccess => ({
  operation: nativeOperation('browser_upload.set'),
  url: 'https://shop.example/cart',
  args: {},
  runId: 'abp-session:s1',
  requester: 'abp: agent via bosun-bridge',
  summary: 'Click #buy',
  ...(questionTimeoutMs !== undefined ? { questionTimeoutMs } : {}),
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('questions a caller cannot wait for', () => {
  it('with nobody to answer (0), nobody is asked: QuestionUnanswered at once, logged, nothing remembered', async () => {
    const { gate, shown, logged, policy } = setUp();
    const refusal = gate.authorize(click(0), new AbortController().signal);
    await expect(refusal).rejects.toBeInstanceOf(QuestionUnanswered);
    await expect(refusal).rejects.toMatchObject({
      why: 'nobody-can-answer',
      question: { tool: 'browser_upload', site: 'shop.example', level: 'interact', summary: 'Click #buy' },
    });
    expect(shown).toEqual([]);
    expect(logged.map((e) => [e.toolName, e.decision, e.result])).toEqual([['browser_upload', 'unanswered', 'denied']]);
    expect(policy().grants).toEqual([]);
  });

  it('a cancelled caller withdraws its question: an approval given afterwards finds nothing to approve', async () => {
    const { gate, prompts, shown, withdrawn, logged, policy } = setUp();
    const caller = new AbortController();
    const asked = gate.authorize(click(30_000), caller.signal);
    await settle();
    expect(shown).toHaveLength(1);
    caller.abort();
    await expect(asked).rejects.toMatchObject({ why: 'cancelled' });
    expect(withdrawn).toEqual([shown[0]!.id]);
    expect(prompts.answer(shown[0]!.id, 'allow-site')).toBe(false);
    expect(prompts.open()).toEqual([]);
    expect(policy().grants).toEqual([]);
    expect(logged.at(-1)).toMatchObject({ decision: 'cancelled', result: 'denied' });
  });

  it("an answer in time is the person's: allowed, or refused as a deny", async () => {
    const { gate, prompts, shown } = setUp();
    const allowed = gate.authorize(click(30_000), new AbortController().signal);
    await settle();
    prompts.answer(shown[0]!.id, 'allow-once');
    expect(await allowed).toBeNull();
    const refused = gate.authorize(click(30_000), new AbortController().signal);
    await settle();
    prompts.answer(shown[1]!.id, 'deny');
    expect(await refused).toMatchObject({ outcome: 'denied', decision: 'deny' });
  });

  it("without its own time (the chat), a question nobody answers is still a deny after the person's time", async () => {
    const { gate, shown } = setUp();
    const caller = new AbortController();
    const asked = gate.authorize({ ...click(), runId: 'chat-run' }, caller.signal);
    await settle();
    expect(shown).toHaveLength(1);
    caller.abort();
    expect(await asked).toMatchObject({ outcome: 'denied', decision: 'deny' });
  });
});
