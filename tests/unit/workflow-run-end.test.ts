import { describe, expect, it } from 'vitest';
import { OPERATIONS } from '../../background/permissions/operations';
import { finishRun } from '../../background/workflows/workflow-run';
import type { WorkflowDeps } from '../../background/workflows/research-runs';
import type { WorkflowRecord } from '../../background/workflows/workflow-store';
import { defaultPolicy } from '../../policy';
import { memoryGate } from './support/memory-gate';

const CODE = 'OTP-482913';

/** The real gate, with opening tabs allowed everywhere; the run read a code on the webmail. */
function setUp() {
  const { gate, update } = memoryGate({ ...defaultPolicy(), tools: { [OPERATIONS.openTab.name]: 'allow' } });
  const current: WorkflowRecord = {
    runId: 'wfrun-1',
    tabs: {},
    plan: { id: 'plan-1', intent: 'Find my parcel', steps: [], status: 'running', createdAt: 1, startedAt: 1 },
  };
  gate.noteRead(current.runId, 'https://mail.example/inbox', `Your sign-in code is ${CODE}.`);
  // Carrying the code elsewhere, with nobody to ask: refused (a question nobody can answer) while the run's readings last.
  const carry = () =>
    gate.authorize(
      {
        operation: OPERATIONS.openTab,
        url: `https://tracker.example/?q=${CODE}`,
        args: {},
        runId: current.runId,
        requester: 'workflow step 1',
        questionTimeoutMs: 0,
      },
      new AbortController().signal,
    );
  const deps = {
    gate,
    policy: { update },
    runs: { end: async () => undefined },
    store: { save: async () => undefined },
    broadcast: () => undefined,
  } as unknown as WorkflowDeps;
  return { current, carry, deps };
}

describe("a workflow run's readings", () => {
  it('hold while the run lasts and go when it ends', async () => {
    const { current, carry, deps } = setUp();
    await expect(carry()).rejects.toThrow();
    await finishRun(deps, current, 'completed');
    expect(current.plan.status).toBe('completed');
    // Nothing the ended run read is left to match: the same address is only what it looks like.
    expect(await carry()).toBeNull();
  });
});
