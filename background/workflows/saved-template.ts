import { newId } from '../storage/ids';
import type { SavedWorkflow, WorkflowPlan } from '../../src/protocol/common';
import type { TraceStep } from '../../src/protocol/trace';

export interface Parameter {
  name: string;
  value: string;
}

type Result<T> = { ok: true; value: T } | { ok: false; error: string };

const mark = (name: string) => `{{${name}}}`;

/** Replaces the value in text; in a URL, its URL-encoded forms too, since that is how a site holds it. */
function generalize(text: string, { name, value }: Parameter, inUrl: boolean): string {
  const forms = inUrl
    ? [...new Set([value, encodeURIComponent(value), encodeURIComponent(value).replace(/%20/g, '+')])]
    : [value];
  return forms.reduce((out, form) => out.split(form).join(mark(name)), text);
}

/** Every text in a value (a recorded action's arguments), changed by `change`; a text that is a web address says so. */
function mapTexts(value: unknown, change: (text: string, inUrl: boolean) => string): unknown {
  if (typeof value === 'string') return change(value, URL.canParse(value));
  if (Array.isArray(value)) return value.map((item) => mapTexts(item, change));
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, mapTexts(item, change)]));
  return value;
}

/** A step's recorded actions with their arguments' texts changed (element names are the page's, kept as they are). */
const mapTrace = (trace: readonly TraceStep[], change: (text: string, inUrl: boolean) => string): TraceStep[] =>
  trace.map((step) => ({ ...step, args: mapTexts(step.args, change) as Record<string, unknown> }));

/**
 * A finished plan as a template to run again: each parameter's value, wherever it appears in the
 * intent, a task, a site or an action a step recorded (the text it typed, the address it opened),
 * becomes {{name}}. A value that appears nowhere is refused, since it would be a parameter that
 * changes nothing.
 */
export function toSavedWorkflow(
  plan: WorkflowPlan,
  name: string,
  parameters: readonly Parameter[],
  now: number,
): Result<SavedWorkflow> {
  let intent = plan.intent;
  let steps = plan.steps.map(({ agent, task, site, permissions, onFailure, maxSteps, trace }) => ({
    agent,
    task,
    site,
    permissions,
    ...(onFailure ? { onFailure } : {}),
    ...(maxSteps === undefined ? {} : { maxSteps }),
    ...(trace ? { trace } : {}),
  }));
  for (const parameter of parameters) {
    const before = JSON.stringify({ intent, steps });
    intent = generalize(intent, parameter, false);
    steps = steps.map((step) => ({
      ...step,
      task: generalize(step.task, parameter, false),
      site: generalize(step.site, parameter, true),
      ...(step.trace ? { trace: mapTrace(step.trace, (text, inUrl) => generalize(text, parameter, inUrl)) } : {}),
    }));
    if (JSON.stringify({ intent, steps }) === before)
      return {
        ok: false,
        error: `“${parameter.value}” does not appear in the plan, so it cannot be the parameter ${parameter.name}.`,
      };
  }
  return {
    ok: true,
    value: { id: newId('saved'), name, intent, parameters: parameters.map((p) => p.name), steps, savedAt: now },
  };
}

/**
 * A saved workflow with its parameters filled in, as a new plan waiting for approval. Where its steps
 * kept their last run's actions, those are replayed with the new values, the model asked only where
 * they no longer match. Run by the person, such a plan is a Run again, which writes no answer;
 * `answered` (a schedule's run, read later by a person who was not there) keeps the answer.
 */
export function planFromSaved(
  saved: SavedWorkflow,
  values: Readonly<Record<string, string>>,
  now: number,
  answered = false,
): Result<WorkflowPlan> {
  const missing = saved.parameters.filter((name) => !values[name]?.trim());
  if (missing.length > 0) return { ok: false, error: `Fill in ${missing.join(', ')} first.` };
  const fill = (text: string, inUrl: boolean) =>
    saved.parameters.reduce(
      (out, name) =>
        out
          .split(mark(name))
          .join(inUrl ? encodeURIComponent((values[name] ?? '').trim()) : (values[name] ?? '').trim()),
      text,
    );
  const steps = saved.steps.map(({ trace, ...step }) => ({
    ...step,
    id: newId('step'),
    task: fill(step.task, false),
    site: fill(step.site, true),
    ...(trace ? { trace: mapTrace(trace, fill) } : {}),
    status: 'pending' as const,
  }));
  const bad = steps.find((step) => !URL.canParse(step.site) || !/^https?:$/.test(new URL(step.site).protocol));
  if (bad) return { ok: false, error: `With these values, a step's site is not a web address: ${bad.site}` };
  return {
    ok: true,
    value: {
      id: newId('wf'),
      intent: fill(saved.intent, false),
      steps,
      status: 'awaiting-approval',
      createdAt: now,
      ...(!answered && steps.some((step) => step.trace) ? { again: true } : {}),
    },
  };
}
