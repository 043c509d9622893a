import * as v from 'valibot';

/**
 * The background's answer to a content script's TRUSTED_INPUT: `used: false` without a reason
 * means trusted input is off, so script events are the path; with one, it failed and says why.
 * Its own small file: the page engine's bundle takes this schema and not the request's.
 */
export const TrustedInputReply = v.strictObject({ used: v.boolean(), reason: v.optional(v.string()) });
export type TrustedInputReply = v.InferOutput<typeof TrustedInputReply>;
