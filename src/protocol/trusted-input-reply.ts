import * as v from 'valibot';

/**
 * The background's answer to a content script's TRUSTED_INPUT: `used: false` without a reason
 * means trusted input is off, so script events are the path; with one, it failed and says why.
 * `refused`: the page put something else where the press would land, so nothing may be pressed,
 * not even with script events. Its own small file: the page engine's bundle takes this schema and
 * not the request's.
 */
export const TrustedInputReply = v.strictObject({
  used: v.boolean(),
  reason: v.optional(v.string()),
  refused: v.optional(v.literal(true)),
});
export type TrustedInputReply = v.InferOutput<typeof TrustedInputReply>;
