import * as v from 'valibot';
import { ABP_PROTOCOL_VERSION, fail, type AbpFailure } from '../src/abp/response';
import { describeIssues } from '../src/messaging/router';

/** What an agent may say about itself; Bosun needs none of it, but what is given must be well formed. */
const InitializeParams = v.optional(
  v.looseObject({
    agent: v.optional(v.looseObject({ name: v.optional(v.string()), version: v.optional(v.string()) })),
    protocolVersion: v.optional(v.string()),
    features: v.optional(v.record(v.string(), v.unknown())),
  }),
);

/**
 * The spec's CallOptions that Bosun honours: `callId`, which cancel() names; and Bosun's own
 * `questionTimeout`, how long (ms) a permission question may wait for this caller: 0 says nobody
 * can answer (a headless agent), so a call that needs a question fails at once with PERMISSION_REQUIRED.
 */
const CallOptions = v.optional(
  v.looseObject({
    callId: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(100))),
    questionTimeout: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(600_000))),
  }),
);

/** `0.1` and `0.1.x` are this protocol; any other major.minor is another one. */
const speaks = (version: string) => /^0\.1(\.\d+)?$/.test(version.trim());

/** initialize()'s params checked: the agent's name (trimmed, cut), or the spec's error envelope. */
export function initializeRequest(params: unknown, openSession: string | null): { agent?: string } | AbpFailure {
  const parsed = v.safeParse(InitializeParams, params);
  if (!parsed.success) return fail('INVALID_PARAMS', `initialize: ${describeIssues(parsed.issues)}`);
  const asked = parsed.output?.protocolVersion;
  if (asked !== undefined && !speaks(asked))
    return fail(
      'INVALID_PARAMS',
      `protocolVersion: Bosun speaks ABP ${ABP_PROTOCOL_VERSION}, not ${asked.slice(0, 20)}; initialize with protocolVersion '${ABP_PROTOCOL_VERSION}'.`,
    );
  if (openSession !== null)
    return fail(
      'ALREADY_INITIALIZED',
      `A session (${openSession}) is already open on this page; call shutdown() before initializing again.`,
    );
  const agent = parsed.output?.agent?.name?.trim().slice(0, 100);
  return agent ? { agent } : {};
}

/** What call() sends the background, once its capability, params and options are checked. */
export interface CallRequest {
  capability: string;
  params: unknown;
  callId?: string;
  questionTimeoutMs?: number;
}

/** call()'s arguments checked and made JSON, or the spec's error envelope. */
export function callRequest(capability: unknown, params: unknown, options: unknown): CallRequest | AbpFailure {
  if (typeof capability !== 'string')
    return fail('INVALID_PARAMS', 'capability: must be a capability name (a string).');
  const opts = v.safeParse(CallOptions, options);
  if (!opts.success) return fail('INVALID_PARAMS', `options: ${describeIssues(opts.issues)}`);
  let json: unknown;
  try {
    // Params cross a runtime port, which Chrome serializes as JSON and Firefox clones: making
    // them JSON here gives both browsers the same params, and refuses what JSON cannot carry.
    json = params === undefined ? undefined : JSON.parse(JSON.stringify(params));
  } catch (error) {
    return fail('INVALID_PARAMS', `params: must be JSON data (${String(error)}).`);
  }
  const { callId, questionTimeout } = opts.output ?? {};
  return {
    capability,
    params: json,
    ...(callId !== undefined ? { callId } : {}),
    ...(questionTimeout !== undefined ? { questionTimeoutMs: questionTimeout } : {}),
  };
}
