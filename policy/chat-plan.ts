// The plan's shape alone: the sidebar shows and edits it, and must not load the site rules with it.
import * as v from 'valibot';
import { PermissionLevel } from './vocabulary';
import { COMMITMENTS, Commitment, MAX_TYPED_VALUES, TypedValue } from './task-scope';

/** A chat plan is short: a form, a few pages. A longer task is a workflow. */
export const MAX_PLAN_STEPS = 12;

const Words = (max: number) => v.pipe(v.string(), v.trim(), v.minLength(1, 'must not be empty'), v.maxLength(max));

/** One step of a chat task's plan, as the model states it and the person approves or edits it. */
export const PlanStep = v.strictObject({
  /** What the step does, in plain words ("Type your name and e-mail into the contact form"). */
  does: v.pipe(Words(300), v.description('What this step does, in plain words for the person.')),
  /** The page or site the step acts on: a URL or a host. */
  site: v.pipe(Words(2048), v.description('The page (URL) or site (host) this step acts on.')),
  level: v.pipe(
    PermissionLevel,
    v.description(
      'The least this step needs: read-only (read), navigate (go to pages), interact (click, type, choose), submit (send a form).',
    ),
  ),
  /** Every value the step will type or choose, exactly. */
  types: v.optional(
    v.pipe(
      v.array(TypedValue),
      v.maxLength(MAX_TYPED_VALUES),
      v.description('Every value this step types or chooses, exactly as it will type it.'),
    ),
  ),
  /** What the step commits the person to (buy, send, delete, account, share, approve). */
  commits: v.optional(
    v.pipe(
      v.array(Commitment),
      v.maxLength(COMMITMENTS.length),
      v.description('What this step commits the person to, if anything: buy, send, delete, account, share, approve.'),
    ),
  ),
});
export type PlanStep = v.InferOutput<typeof PlanStep>;

/** A chat task's plan: what it will do, step by step, before it does any of it. */
export const ChatPlan = v.strictObject({
  summary: v.pipe(Words(500), v.description('The whole task in one plain sentence.')),
  steps: v.pipe(
    v.array(PlanStep),
    v.minLength(1, 'must have at least one step'),
    v.maxLength(MAX_PLAN_STEPS, `must have at most ${MAX_PLAN_STEPS} steps`),
  ),
});
export type ChatPlan = v.InferOutput<typeof ChatPlan>;
