import * as v from 'valibot';
import { message, nonEmptyText, type MessageOf } from './envelope';

/** Pairs a reply with its call: the page may have several calls in flight on one port. */
const RequestId = nonEmptyText(100);

/**
 * Messages abp-app.html sends over its `abp` port. Capability params are `unknown` here on
 * purpose: each capability validates its own, so a bad param is answered with INVALID_PARAMS
 * naming the field, not with a channel error. Params may be absent: Chrome's port drops a key
 * whose value is undefined.
 */
export const AbpToBackground = {
  ABP_CALL: message(
    'ABP_CALL',
    v.strictObject({
      requestId: RequestId,
      capability: v.pipe(v.string(), v.maxLength(200)),
      params: v.optional(v.unknown()),
    }),
  ),
  ABP_LIST_CAPABILITIES: message('ABP_LIST_CAPABILITIES', v.strictObject({ requestId: RequestId })),
};

export type AbpToBackground = MessageOf<typeof AbpToBackground>;
