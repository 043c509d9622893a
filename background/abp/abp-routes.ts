import { createRouter, type Routes } from '../../src/messaging/router';
import { AbpToBackground } from '../../src/protocol/abp-to-background';
import type { BackgroundToAbp } from '../../src/protocol/background-to-abp';
import type { CallContext } from './capability';
import { describeCapabilities, dispatch, type CapabilityTable } from './dispatch';

export interface AbpRouteDeps {
  capabilities: CapabilityTable;
  /** Where an OPERATION_FAILED is recorded, for diagnostics.getErrors. */
  recordFailure(capability: string, message: string): Promise<void>;
}

const PAGES = ['extension-page'] as const;

/** The `abp` channel's table: message type → who may send it → handler (its schema is in the protocol table). */
export function abpRoutes(deps: AbpRouteDeps): Routes<typeof AbpToBackground, CallContext, BackgroundToAbp> {
  // Computed once: the schemas do not change while the background runs.
  const listed = describeCapabilities(deps.capabilities);
  return {
    ABP_CALL: {
      senders: PAGES,
      handle: async ({ payload }, ctx) => ({
        type: 'ABP_RESULT',
        payload: {
          requestId: payload.requestId,
          response: await dispatch(deps.capabilities, payload.capability, payload.params, ctx, deps.recordFailure),
        },
      }),
    },
    ABP_LIST_CAPABILITIES: {
      senders: PAGES,
      handle: ({ payload }) => ({
        type: 'ABP_CAPABILITIES',
        payload: { requestId: payload.requestId, capabilities: listed },
      }),
    },
  };
}

export const createAbpRouter = (deps: AbpRouteDeps) => createRouter(AbpToBackground, abpRoutes(deps));
