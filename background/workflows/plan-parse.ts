import * as v from 'valibot';
import { newId } from '../storage/ids';
import { describeIssues } from '../../src/messaging/router';
import { PermissionLevel } from '../../policy';
import type { WorkflowPlan } from '../../src/protocol/common';
import { MAX_WORKFLOW_STEPS } from '../../src/protocol/sidebar-to-background';

const WebUrl = v.pipe(
  v.string(),
  v.trim(),
  v.maxLength(2048),
  v.check((url) => URL.canParse(url) && /^https?:$/.test(new URL(url).protocol), 'must be an http(s) URL'),
);

const StepTask = v.pipe(v.string(), v.trim(), v.minLength(1, 'must not be empty'), v.maxLength(2000));

/** A step's task and site as the person edits them before approving: held to the model's rules. */
export const StepEdit = v.strictObject({ task: StepTask, site: WebUrl });

/** The plan as the model must write it; anything else is refused, never repaired. */
const ModelPlan = v.strictObject({
  steps: v.pipe(
    v.array(
      v.strictObject({
        ...StepEdit.entries,
        permissions: v.pipe(v.array(PermissionLevel), v.minLength(1, 'must list at least one level')),
        onFailure: v.optional(v.picklist(['continue', 'stop'])),
        agent: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(60))),
        maxSteps: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100))),
      }),
    ),
    v.minLength(1, 'must have at least one step'),
    v.maxLength(MAX_WORKFLOW_STEPS, `must have at most ${MAX_WORKFLOW_STEPS} steps`),
  ),
});

export const PLAN_FORMAT = `Answer with JSON only, no other text, in this shape:
{"steps": [{"task": "what this step does, in one sentence", "site": "https://the page the step starts on", "permissions": ["read-only", "navigate"], "onFailure": "continue"}]}
- At most ${MAX_WORKFLOW_STEPS} steps; each runs in its own tab, starting on its site, and sees the results of the steps before it.
- permissions: every level the step needs on its site: read-only (read pages), navigate (go to pages), interact (click, type), submit (send forms).
- onFailure: "continue" to go on with the next step if this one fails, "stop" to end the workflow.`;

export type ParsedPlan = { ok: true; plan: WorkflowPlan } | { ok: false; error: string };

/** The JSON inside the model's answer: the text itself, or the part between its first { and last }. */
function jsonOf(text: string): unknown {
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start < 0 || end < start) throw new Error('it contains no JSON object');
  return JSON.parse(text.slice(start, end + 1));
}

/** Turns the model's answer into a plan awaiting approval, or says plainly why it cannot be used. */
export function parseModelPlan(text: string, intent: string, now: number): ParsedPlan {
  let raw: unknown;
  try {
    raw = jsonOf(text);
  } catch (error) {
    return {
      ok: false,
      error: `The model's plan could not be read (${error instanceof Error ? error.message : String(error)}). Try again, or rephrase the request.`,
    };
  }
  const parsed = v.safeParse(ModelPlan, raw);
  if (!parsed.success)
    return {
      ok: false,
      error: `The model's plan could not be used: ${describeIssues(parsed.issues)}. Try again, or rephrase the request.`,
    };
  const steps = parsed.output.steps.map((step) => ({
    id: newId('step'),
    agent: step.agent ?? 'ResearchAgent',
    task: step.task,
    site: step.site,
    // Every step reads its pages; listing it shows the person everything the approval covers.
    permissions: [...new Set<PermissionLevel>(['read-only', ...step.permissions])],
    status: 'pending' as const,
    onFailure: step.onFailure ?? 'continue',
    ...(step.maxSteps === undefined ? {} : { maxSteps: step.maxSteps }),
  }));
  return { ok: true, plan: { id: newId('wf'), intent, steps, status: 'awaiting-approval', createdAt: now } };
}
