import * as v from 'valibot';
import { COMMITMENTS, TaskScope } from './task-scope';

/** A scope answer is a few dozen characters; anything much longer is not the answer asked for. */
export const MAX_SCOPE_ANSWER = 2000;

export type ScopeAnswer = { ok: true; scope: TaskScope } | { ok: false; error: string };

/** Models often wrap JSON in a ```json fence or a sentence: the first {...} in the text is the answer. */
function jsonPart(text: string): string | null {
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  return start === -1 || end < start ? null : text.slice(start, end + 1);
}

/**
 * The model's answer to the scope request, checked like every outside input: JSON of exactly
 * `{ "level": ..., "commitments": [...] }` with known words only. Anything else is an error, and the
 * caller falls back to the keyword scope; a half-understood answer is never taken as a scope.
 */
export function parseScopeAnswer(text: unknown): ScopeAnswer {
  if (typeof text !== 'string') return { ok: false, error: 'The scope answer is not text.' };
  if (text.length > MAX_SCOPE_ANSWER)
    return { ok: false, error: `The scope answer is ${text.length} characters, more than ${MAX_SCOPE_ANSWER}.` };
  const json = jsonPart(text);
  if (json === null) return { ok: false, error: 'The scope answer holds no JSON object.' };
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (error) {
    return { ok: false, error: `The scope answer is not valid JSON: ${String(error)}` };
  }
  const parsed = v.safeParse(
    v.strictObject({ level: TaskScope.entries.level, commitments: TaskScope.entries.commitments }),
    value,
  );
  if (!parsed.success)
    return { ok: false, error: `The scope answer does not fit { level, commitments }: ${parsed.issues[0].message}` };
  // Listed in a fixed order, each once, whatever order or repeats the model used.
  const commitments = COMMITMENTS.filter((c) => parsed.output.commitments.includes(c));
  return { ok: true, scope: { level: parsed.output.level, commitments } };
}
