import * as v from 'valibot';
import { BUILT_IN_AVAILABILITY, type BUILT_IN_REASONS } from '../../src/protocol/built-in-model';

export type BuiltInReason = (typeof BUILT_IN_REASONS)[number];

export type BuiltInStatus =
  | { availability: 'available' | 'downloadable' | 'downloading'; reason: null }
  | { availability: 'unavailable'; reason: BuiltInReason };

/** Asks the built-in model once: the instruction, the text, and the answer's text (nothing validated yet). */
export type BuiltInPrompt = (system: string, text: string, signal: AbortSignal) => Promise<string>;

/** Bosun's small jobs are in English, as its prompts are: the model is asked for exactly that. */
const LANGUAGES = {
  expectedInputs: [{ type: 'text', languages: ['en'] }],
  expectedOutputs: [{ type: 'text', languages: ['en'] }],
} as const;
/** Longer than any title or scope answer: more is not an answer to those questions. */
const MAX_ANSWER_CHARS = 2000;

const Availability = v.picklist(BUILT_IN_AVAILABILITY);
const Answer = v.pipe(v.string(), v.maxLength(MAX_ANSWER_CHARS));

/** The parts of the Prompt API Bosun calls. */
type Api = {
  availability(options: unknown): Promise<unknown>;
  create(options: unknown): Promise<unknown>;
};
type Session = { prompt(text: string, options: unknown): Promise<unknown>; destroy?(): void };

/**
 * Whether `value` has each of `methods` as a function. Not a valibot object schema: `LanguageModel`
 * is a class (a function) with static methods, and a session's methods are on its prototype.
 */
const hasMethods = (value: unknown, ...methods: string[]): boolean =>
  (typeof value === 'function' || (typeof value === 'object' && value !== null)) &&
  methods.every((name) => typeof (value as Record<string, unknown>)[name] === 'function');

/** The browser's `LanguageModel` from `scope` (the worker's global object), or null when it has none. */
function apiOf(scope: object): Api | null {
  const found: unknown = (scope as { LanguageModel?: unknown }).LanguageModel;
  return hasMethods(found, 'availability', 'create') ? (found as Api) : null;
}

/**
 * Detects the browser's built-in model, never assuming one: no API, a check that throws or answers
 * outside the API's values, and 'unavailable' each give 'unavailable' with the reason.
 */
export async function detectBuiltInModel(scope: object = globalThis): Promise<BuiltInStatus> {
  const api = apiOf(scope);
  if (!api) return { availability: 'unavailable', reason: 'no-api' };
  let answer: unknown;
  try {
    answer = await api.availability(LANGUAGES);
  } catch {
    return { availability: 'unavailable', reason: 'check-failed' };
  }
  const parsed = v.safeParse(Availability, answer);
  if (!parsed.success) return { availability: 'unavailable', reason: 'check-failed' };
  if (parsed.output === 'unavailable') return { availability: 'unavailable', reason: 'unavailable' };
  return { availability: parsed.output, reason: null };
}

/**
 * A prompt to the built-in model, or null unless the browser says it is 'available' now: Bosun
 * never starts the model's download (`create` on a 'downloadable' model would).
 */
export async function builtInPrompt(scope: object = globalThis): Promise<BuiltInPrompt | null> {
  const status = await detectBuiltInModel(scope);
  const api = apiOf(scope);
  if (status.availability !== 'available' || !api) return null;
  return async (system, text, signal) => {
    const created: unknown = await api.create({
      ...LANGUAGES,
      initialPrompts: [{ role: 'system', content: system }],
      signal,
    });
    if (!hasMethods(created, 'prompt')) throw new Error('The built-in model gave no session to prompt.');
    const session = created as Session;
    try {
      const answer = v.safeParse(Answer, await session.prompt(text, { signal }));
      if (!answer.success) throw new Error('The built-in model answered with something other than short text.');
      return answer.output;
    } finally {
      // A session holds the model's memory: one question each, then it is let go.
      if (hasMethods(session, 'destroy')) session.destroy?.();
    }
  };
}
