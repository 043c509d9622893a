import * as v from 'valibot';
import { AbpResponse, CapabilityInfo } from '../abp/response';
import { message, type MessageOf } from './envelope';

/** The background's answers on the `abp` port; `requestId` is null only when the call could not be read. */
export const BackgroundToAbp = {
  ABP_RESULT: message('ABP_RESULT', v.strictObject({ requestId: v.nullable(v.string()), response: AbpResponse })),
  ABP_CAPABILITIES: message(
    'ABP_CAPABILITIES',
    v.strictObject({ requestId: v.string(), capabilities: v.array(CapabilityInfo) }),
  ),
};

export type BackgroundToAbp = MessageOf<typeof BackgroundToAbp>;
