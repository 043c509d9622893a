import type { WorkflowPlan, WorkflowStep } from '../../src/protocol/common';

/** What the step's agent is told: the whole request, its own task, and what the steps before it found. */
export function stepPrompt(plan: WorkflowPlan, step: WorkflowStep): string {
  const index = plan.steps.indexOf(step);
  const earlier = plan.steps
    .slice(0, index)
    .filter((s) => s.status === 'completed')
    .map((s) => `### ${s.task}\n${s.result ?? ''}`);
  return [
    `You are doing step ${index + 1} of ${plan.steps.length} of a research workflow.`,
    `The whole request: ${plan.intent}`,
    `Your step: ${step.task}`,
    `Your tab shows ${step.site}. Read it first.`,
    earlier.length ? `What the earlier steps found:\n\n${earlier.join('\n\n')}` : '',
    'When you are done, answer with what you found, briefly and with figures where there are any.',
  ]
    .filter(Boolean)
    .join('\n\n');
}
