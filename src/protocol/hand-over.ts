import * as v from 'valibot';

/** The longest request a hand-over shows: a sentence or two of what to do, not a page. */
export const MAX_HAND_OVER_REQUEST = 500;
/** At most this many choices, each a short label on its own button. */
export const MAX_HAND_OVER_CHOICES = 4;
export const MAX_HAND_OVER_CHOICE = 100;
/** The longest reply the person may type to a hand-over: a few sentences. */
export const MAX_HAND_OVER_REPLY = 2000;

export const HandOverText = v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(MAX_HAND_OVER_REQUEST));
export const HandOverChoices = v.pipe(
  v.array(v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(MAX_HAND_OVER_CHOICE))),
  v.minLength(2),
  v.maxLength(MAX_HAND_OVER_CHOICES),
);

/**
 * A task waiting for the person (ask_person): the model's request and choices, the site of the tab
 * it showed them (where the person acts), and that tab.
 */
export const HandOverRequest = v.object({
  id: v.string(),
  request: HandOverText,
  choices: v.optional(HandOverChoices),
  site: v.pipe(v.string(), v.maxLength(300)),
  tabId: v.number(),
});
export type HandOverRequest = v.InferOutput<typeof HandOverRequest>;

/** The person did what was asked (Continue), picked one of the offered choices, or typed a reply of their own. */
export const HandOverAnswer = v.variant('kind', [
  v.strictObject({ kind: v.literal('continue') }),
  v.strictObject({ kind: v.literal('choose'), choice: v.pipe(v.string(), v.maxLength(MAX_HAND_OVER_CHOICE)) }),
  v.strictObject({
    kind: v.literal('reply'),
    text: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(MAX_HAND_OVER_REPLY)),
  }),
]);
export type HandOverAnswer = v.InferOutput<typeof HandOverAnswer>;
