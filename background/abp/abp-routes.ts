import { grantWorkflowRun, PERMISSION_LEVELS, type HarborPolicy } from '../../policy';
import { AbpError, fail, ok } from '../../src/abp/response';
import { createRouter, type Routes } from '../../src/messaging/router';
import { AbpToBackground } from '../../src/protocol/abp-to-background';
import type { BackgroundToAbp } from '../../src/protocol/background-to-abp';
import type { Gate } from '../permissions/gate';
import { nativeOperation } from '../permissions/operations';
import type { PortContext } from './abp-ports';
import { asCaller, callerContext, sessionRun } from './caller';
import { describeCapabilities, dispatch, type CapabilityTable } from './dispatch';

export interface AbpRouteDeps {
  capabilities: CapabilityTable;
  /** Where an OPERATION_FAILED is recorded, for diagnostics.getErrors. */
  recordFailure(capability: string, message: string): Promise<void>;
  gate: Pick<Gate, 'authorize' | 'noteRead'>;
  /** The policy, changed one update at a time (the bridge's up-front grants). */
  updatePolicy(change: (policy: HarborPolicy) => HarborPolicy): Promise<HarborPolicy>;
  /** Bosun's own tool names: page.act runs them, so a session grant covers them too. */
  toolNames: readonly string[];
}

const PAGES = ['extension-page'] as const;

/** The `abp` channel's table: message type → who may send it → handler (its schema is in the protocol table). */
export function abpRoutes(deps: AbpRouteDeps): Routes<typeof AbpToBackground, PortContext, BackgroundToAbp> {
  // Computed once: the schemas do not change while the background runs.
  const listed = describeCapabilities(deps.capabilities);
  return {
    ABP_CALL: {
      senders: PAGES,
      handle: async ({ payload }, ctx) => ({
        type: 'ABP_RESULT',
        payload: {
          requestId: payload.requestId,
          response: await ctx.calls.track(payload.callId, ctx.signal, (signal) =>
            callCapability(deps, payload, signal, ctx),
          ),
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
    ABP_CANCEL: {
      senders: PAGES,
      handle: ({ payload }, ctx) => ({
        type: 'ABP_RESULT',
        payload: {
          requestId: payload.requestId,
          response: ok({ callId: payload.callId, cancelled: ctx.calls.cancel(payload.callId) }),
        },
      }),
    },
    ABP_AUTHORIZE: {
      senders: PAGES,
      handle: async ({ payload }, ctx) => {
        const response = await ctx.calls.track(payload.callId, ctx.signal, (signal) =>
          authorize(deps, payload, signal, ctx),
        );
        return { type: 'ABP_RESULT', payload: { requestId: payload.requestId, response } };
      },
    },
    ABP_NOTE_READ: {
      senders: PAGES,
      handle: ({ payload }, ctx) => {
        // Kept for the page's connection, not the session: a new session does not shed it.
        deps.gate.noteRead(ctx.runId, payload.url, payload.text);
        return { type: 'ABP_RESULT', payload: { requestId: payload.requestId, response: ok({ noted: true }) } };
      },
    },
    ABP_GRANT: {
      senders: PAGES,
      handle: async ({ payload }) => ({
        type: 'ABP_RESULT',
        payload: { requestId: payload.requestId, response: ok(await grantSession(deps, payload)) },
      }),
    },
  };
}

type Payload<T extends AbpToBackground['type']> = Extract<AbpToBackground, { type: T }>['payload'];

/** Runs a capability for the caller; each capability validates its own params. */
const callCapability = (deps: AbpRouteDeps, payload: Payload<'ABP_CALL'>, signal: AbortSignal, ctx: PortContext) =>
  dispatch(
    deps.capabilities,
    payload.capability,
    payload.params,
    callerContext(payload, signal, ctx),
    deps.recordFailure,
  );

/** Whether the gate lets the caller use a tool on a site; a refusal names the decision and why. */
async function authorize(deps: AbpRouteDeps, payload: Payload<'ABP_AUTHORIZE'>, signal: AbortSignal, ctx: PortContext) {
  const caller = callerContext(payload, signal, ctx);
  // The level is the operation's declared one, never the caller's.
  const operation = nativeOperation(payload.operation);
  try {
    const refused = await asCaller(() =>
      deps.gate.authorize(
        {
          operation,
          url: payload.url,
          args: {},
          runId: caller.runId,
          flowRun: caller.flowRun,
          requester: caller.requester ?? 'abp',
          ...(payload.summary ? { summary: payload.summary } : {}),
          ...(caller.questionTimeoutMs !== undefined ? { questionTimeoutMs: caller.questionTimeoutMs } : {}),
          ...(caller.scope ? { scope: caller.scope } : {}),
        },
        signal,
      ),
    );
    if (refused)
      return fail('PERMISSION_DENIED', `${refused.text} (decision: ${refused.decision})`, undefined, {
        tool: operation.name,
        site: refused.site,
        level: operation.level,
        decision: refused.decision,
      });
    return ok({ allowed: true });
  } catch (error) {
    if (error instanceof AbpError) return fail(error.code, error.message, undefined, error.details);
    return fail('OPERATION_FAILED', `The permission check failed: ${String(error)}`);
  }
}

/** The up-front grants for an ABP session (the bridge's); says each site at the highest level granted there. */
async function grantSession(deps: AbpRouteDeps, payload: Payload<'ABP_GRANT'>) {
  const runId = sessionRun(payload.sessionId);
  const tools = [...new Set([...deps.toolNames, ...payload.tools])];
  // "Up to a level": a grant is bound to one level, so each level at or below the one named is granted.
  const access = payload.access.flatMap(({ site, level }) =>
    PERMISSION_LEVELS.slice(0, PERMISSION_LEVELS.indexOf(level) + 1).map((each) => ({ site, level: each })),
  );
  const updated = await deps.updatePolicy((policy) => grantWorkflowRun(policy, runId, access, tools));
  const granted = updated.grants.filter((g) => g.scope === 'run' && g.runId === runId && g.effect === 'allow');
  // Each site at the highest level granted there.
  const highest = new Map<string, number>();
  for (const grant of granted)
    if ('level' in grant)
      highest.set(grant.site, Math.max(highest.get(grant.site) ?? 0, PERMISSION_LEVELS.indexOf(grant.level)));
  const sites = [...highest].map(([site, rank]) => `${site}:${PERMISSION_LEVELS[rank]}`);
  return { granted: sites, tools: tools.length };
}

export const createAbpRouter = (deps: AbpRouteDeps) => createRouter(AbpToBackground, abpRoutes(deps));
