import * as v from 'valibot';

/**
 * What the browser says of its own model (the Prompt API's `LanguageModel.availability()`), or
 * 'unavailable' when Bosun found no model to ask.
 */
export const BUILT_IN_AVAILABILITY = ['available', 'downloadable', 'downloading', 'unavailable'] as const;

/**
 * Why there is no model to use: the browser gives extensions no `LanguageModel` ('no-api'), its
 * check threw or answered something outside the API ('check-failed'), or it says the model cannot
 * run here ('unavailable').
 */
export const BUILT_IN_REASONS = ['no-api', 'check-failed', 'unavailable'] as const;

/** The browser's built-in model as the Settings page shows it, and whether the person turned its use on. */
export const BuiltInModelState = v.strictObject({
  availability: v.picklist(BUILT_IN_AVAILABILITY),
  reason: v.nullable(v.picklist(BUILT_IN_REASONS)),
  on: v.boolean(),
});
export type BuiltInModelState = v.InferOutput<typeof BuiltInModelState>;
