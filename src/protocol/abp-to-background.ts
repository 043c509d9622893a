import * as v from 'valibot';
import { PermissionLevel } from '../../policy/vocabulary';
import { BRIDGE_OPERATIONS } from '../abp/bridge-operations';
import { message, nonEmptyText, text, type MessageOf } from './envelope';

/** Pairs a reply with its call: the page may have several calls in flight on one port. */
const RequestId = nonEmptyText(100);

/**
 * What a call says about its caller: the ABP session (a deny is remembered for it, and grants
 * made for it apply), the agent's name for the question and the Action Log, an id `cancel()` can
 * name, and how long a permission question may wait for it (0: nobody can answer, so nobody is asked).
 */
const CallerFields = {
  sessionId: v.optional(nonEmptyText(100)),
  agent: v.optional(text(100)),
  callId: v.optional(nonEmptyText(100)),
  questionTimeoutMs: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(600_000))),
};

const HttpUrl = v.pipe(
  v.string(),
  v.maxLength(8192),
  v.check((u) => URL.canParse(u) && /^https?:$/.test(new URL(u).protocol), 'must be an http(s) URL'),
);

/** The most of one reading the bridge may note: a page's reading budget several times over. */
export const MAX_NOTED_TEXT = 200_000;

const ToolName = v.pipe(v.string(), v.regex(/^[a-z][a-z0-9_]{0,99}$/, 'must be a tool name such as browser_click'));

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
      ...CallerFields,
    }),
  ),
  ABP_LIST_CAPABILITIES: message('ABP_LIST_CAPABILITIES', v.strictObject({ requestId: RequestId })),
  /** The spec's cancel(callId): the call stops, and a question it waits on is withdrawn. */
  ABP_CANCEL: message('ABP_CANCEL', v.strictObject({ requestId: RequestId, callId: nonEmptyText(100) })),
  /**
   * The MCP bridge, before one of its own browser tools acts on a page: the same decision, question
   * and Action Log entry as Bosun's tools, for the `operation` (judged at the level its declaration
   * in src/abp/bridge-operations.ts gives, never one the caller writes) on the page at `url`.
   */
  ABP_AUTHORIZE: message(
    'ABP_AUTHORIZE',
    v.strictObject({
      requestId: RequestId,
      ...CallerFields,
      operation: v.picklist(BRIDGE_OPERATIONS, 'must be an operation of the bridge, such as browser_navigate.open'),
      url: HttpUrl,
      summary: v.optional(text(500)),
    }),
  ),
  /**
   * The MCP bridge, after it read a value outside Bosun's tools (a cookie, storage, a script's
   * result) on the page at `url`: noted as a reading of that site for the session's data-flow rule,
   * so the value cannot leave for another site unasked. Only a session has readings to add to.
   */
  ABP_NOTE_READ: message(
    'ABP_NOTE_READ',
    v.strictObject({
      requestId: RequestId,
      ...CallerFields,
      sessionId: nonEmptyText(100),
      url: HttpUrl,
      text: text(MAX_NOTED_TEXT),
    }),
  ),
  /**
   * The MCP bridge's `--allow SITE:LEVEL`, given by the developer who started it: allows at exactly
   * those levels on those sites, for this ABP session only, recorded in the policy the person sees.
   */
  ABP_GRANT: message(
    'ABP_GRANT',
    v.strictObject({
      requestId: RequestId,
      sessionId: nonEmptyText(100),
      access: v.pipe(
        v.array(v.strictObject({ site: nonEmptyText(300), level: PermissionLevel })),
        v.minLength(1),
        v.maxLength(50),
      ),
      tools: v.pipe(v.array(ToolName), v.maxLength(100)),
    }),
  ),
};

export type AbpToBackground = MessageOf<typeof AbpToBackground>;
