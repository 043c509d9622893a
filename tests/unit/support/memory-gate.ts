import { createGate, type GateCall } from '../../../background/permissions/gate';
import { createPrompts, type PromptRequest } from '../../../background/permissions/prompts';
import type { HarborPolicy } from '../../../policy';

/** The real gate and question queue, with the policy and the Action Log in memory. */
export function memoryGate(initial: HarborPolicy) {
  let policy = initial;
  const shown: PromptRequest[] = [];
  const prompts = createPrompts(
    (request) => void shown.push(request),
    () => undefined,
  );
  const update = async (change: (p: HarborPolicy) => HarborPolicy) => (policy = change(policy));
  const gate = createGate({
    policy: { load: async () => policy, current: () => policy, update },
    prompts,
    log: { add: async () => undefined } as never,
    promptTimeoutMs: () => 60_000,
  });
  return { gate, prompts, shown, policy: () => policy, update };
}

/** Thrown by beforeRun: the gate allowed the call and was about to run it (there is no tab here to run it in). */
class Ran extends Error {}

/** Runs `call` through the gate up to the point it would act: 'ran' when allowed, else its refusal. */
export const runUntilAllowed = (gate: ReturnType<typeof memoryGate>['gate'], call: Omit<GateCall, 'beforeRun'>) =>
  gate
    .run({ ...call, beforeRun: () => Promise.reject(new Ran()) }, {
      tabId: 1,
      signal: new AbortController().signal,
    } as never)
    .catch((error: unknown) => {
      if (error instanceof Ran) return 'ran' as const;
      throw error;
    });
