import { ProviderError } from '../../src/llm/errors';
import type { CompletionRequest, CompletionResult } from '../llm/types';
import type { Settings, WorkflowPlan } from '../../src/protocol/common';
import { PLAN_FORMAT, parseModelPlan } from './plan-parse';

const SYSTEM = `You plan research workflows for Bosun, a browser agent. Split the person's request into a few steps, each done by an agent in its own browser tab on one site.\n\n${PLAN_FORMAT}`;

export interface PlannerDeps {
  complete(request: CompletionRequest): Promise<CompletionResult>;
  settings(): Settings | null;
}

/** Asks the model for a plan; throws a ProviderError with a message for the person when there is none. */
export async function planWorkflow(deps: PlannerDeps, intent: string, signal: AbortSignal): Promise<WorkflowPlan> {
  const settings = deps.settings();
  if (!settings) throw new ProviderError('Choose a provider and model in Settings first.');
  const result = await deps.complete({
    settings,
    system: SYSTEM,
    turns: [{ role: 'user', content: intent }],
    tools: [],
    signal,
    onText: () => {},
  });
  const parsed = parseModelPlan(result.text, intent, Date.now());
  if (!parsed.ok) throw new ProviderError(parsed.error);
  return parsed.plan;
}
