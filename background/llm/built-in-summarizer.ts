import * as v from 'valibot';

/** A short summary of page text (untrusted), or why the browser's model cannot give one. */
export type BuiltInSummarize = (text: string, signal: AbortSignal) => Promise<string>;
export type BuiltInSummarizer = { summarize: BuiltInSummarize } | { unavailable: string };

/** The page text a summary is asked of: the models take short inputs, and more would only be cut by them. */
export const MAX_SUMMARY_INPUT_CHARS = 20_000;
/** A short summary is far shorter; more is not one. */
const MAX_SUMMARY_CHARS = 4000;
/**
 * Firefox downloads the task's model when the engine is first created: a minute is enough on a
 * working connection, and an engine that cannot be made (offline, refused) ends within it, never hangs.
 */
export const ENGINE_TIMEOUT_MS = 60_000;

const Summary = v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(MAX_SUMMARY_CHARS));
/** Firefox's summarization pipeline answers `[{ summary_text }]`. */
const TrialSummary = v.tuple([v.object({ summary_text: Summary })]);
const SUMMARIZER_OPTIONS = {
  type: 'tldr',
  format: 'plain-text',
  length: 'short',
  expectedInputLanguages: ['en'],
  outputLanguage: 'en',
} as const;

const hasMethods = (value: unknown, ...methods: string[]): boolean =>
  (typeof value === 'function' || (typeof value === 'object' && value !== null)) &&
  methods.every((name) => typeof (value as Record<string, unknown>)[name] === 'function');

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** `work`, or a rejection naming `what` once `ms` have passed or `signal` aborts. */
async function limited<T>(work: Promise<T>, what: string, ms: number, signal: AbortSignal): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms / 1000} s`)), ms);
    signal.addEventListener('abort', () => reject(new Error(`${what} was stopped`)), { once: true });
  });
  // Once `work` settles, a later abort rejects nobody's promise: it is not an unhandled rejection.
  timeout.catch(() => undefined);
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Chrome's Summarizer API: used only when the browser says it is 'available' (Bosun never starts its download). */
async function chromeSummarizer(api: unknown): Promise<BuiltInSummarizer> {
  const summarizer = api as { availability(o: unknown): Promise<unknown>; create(o: unknown): Promise<unknown> };
  let availability: unknown;
  try {
    availability = await summarizer.availability(SUMMARIZER_OPTIONS);
  } catch (error) {
    return { unavailable: `its Summarizer check failed (${message(error)})` };
  }
  if (availability !== 'available')
    return { unavailable: `Chrome's Summarizer says "${String(availability).slice(0, 40)}"` };
  return {
    summarize: async (text, signal) => {
      const created: unknown = await summarizer.create({ ...SUMMARIZER_OPTIONS, signal });
      if (!hasMethods(created, 'summarize')) throw new Error('the Summarizer gave nothing to summarize with');
      const session = created as { summarize(t: string, o: unknown): Promise<unknown>; destroy?(): void };
      try {
        const answer = v.safeParse(
          Summary,
          await session.summarize(text.slice(0, MAX_SUMMARY_INPUT_CHARS), { signal }),
        );
        if (!answer.success) throw new Error('the Summarizer answered with something other than a short text');
        return answer.output;
      } finally {
        if (hasMethods(session, 'destroy')) session.destroy?.();
      }
    },
  };
}

type TrialMl = { createEngine(o: unknown): Promise<unknown>; runEngine(o: unknown): Promise<unknown> };

/** Firefox's on-device inference for extensions (`browser.trial.ml`, optional permission trialML): its summarization task model. */
function firefoxSummarizer(ml: TrialMl, timeoutMs: number): BuiltInSummarizer {
  return {
    summarize: async (text, signal) => {
      await limited(
        ml.createEngine({ taskName: 'summarization' }),
        "Firefox's summarization engine",
        timeoutMs,
        signal,
      );
      const result = await limited(
        ml.runEngine({ args: [text.slice(0, MAX_SUMMARY_INPUT_CHARS)] }),
        "Firefox's summarization engine",
        timeoutMs,
        signal,
      );
      const parsed = v.safeParse(TrialSummary, result);
      if (!parsed.success) throw new Error("Firefox's engine answered with something other than a short summary");
      return parsed.output[0].summary_text;
    },
  };
}

/**
 * The browser's summarizer, detected, never assumed: Chrome's `Summarizer` when it says it is
 * available, else Firefox's `trial.ml` when Bosun holds its permission, else why there is none.
 */
export async function builtInSummarizer(
  scope: object = globalThis,
  timeoutMs = ENGINE_TIMEOUT_MS,
): Promise<BuiltInSummarizer> {
  const chrome: unknown = (scope as { Summarizer?: unknown }).Summarizer;
  if (hasMethods(chrome, 'availability', 'create')) return chromeSummarizer(chrome);
  const ml: unknown = (scope as { browser?: { trial?: { ml?: unknown } } }).browser?.trial?.ml;
  if (hasMethods(ml, 'createEngine', 'runEngine')) return firefoxSummarizer(ml as TrialMl, timeoutMs);
  const firefox = typeof (scope as { browser?: { runtime?: { getBrowserInfo?: unknown } } }).browser?.runtime
    ?.getBrowserInfo;
  return {
    unavailable:
      firefox === 'function'
        ? "Firefox's on-device inference needs Bosun's trialML permission (turn the switch in Settings on to allow it)"
        : 'this browser gives extensions no Summarizer API',
  };
}
