import * as v from 'valibot';

/** The agent's limits: every one a setting, with a default that suits a person's everyday tasks. */
export const Limits = v.strictObject({
  /** Tool calls per task. */
  maxSteps: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(500)),
  /** Tokens (input + output, as the provider reports them) per task. */
  maxTokens: v.pipe(v.number(), v.integer(), v.minValue(1000), v.maxValue(10_000_000)),
  /** How long a permission question waits before it counts as a deny. */
  promptTimeoutSeconds: v.pipe(v.number(), v.integer(), v.minValue(5), v.maxValue(3600)),
});
export type Limits = v.InferOutput<typeof Limits>;

export const DEFAULT_LIMITS: Limits = { maxSteps: 30, maxTokens: 400_000, promptTimeoutSeconds: 120 };
