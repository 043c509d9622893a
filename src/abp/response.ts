import * as v from 'valibot';
import { PermissionLevel } from '../../policy/vocabulary';

/** The protocol version this implementation speaks (the Webscribe ABP contract). */
export const ABP_PROTOCOL_VERSION = '0.1';

/** The standard error codes of the ABP spec; no capability invents its own. */
export const ABP_ERROR_CODES = [
  'NOT_INITIALIZED',
  'UNKNOWN_CAPABILITY',
  'INVALID_PARAMS',
  'OPERATION_FAILED',
  'PERMISSION_DENIED',
  'CAPABILITY_UNAVAILABLE',
  'TIMEOUT',
  'NOT_IMPLEMENTED',
  // From the ABP spec's error table: a second initialize(), and a question nobody could answer.
  'ALREADY_INITIALIZED',
  'PERMISSION_REQUIRED',
] as const;
export type AbpErrorCode = (typeof ABP_ERROR_CODES)[number];

/**
 * Whether repeating the call may succeed, as the ABP spec's error table says: after initialize(),
 * after the person grants, after a timeout; bad params and a second initialize() never.
 */
const RETRYABLE: Record<AbpErrorCode, boolean> = {
  NOT_INITIALIZED: true,
  UNKNOWN_CAPABILITY: false,
  INVALID_PARAMS: false,
  OPERATION_FAILED: true,
  PERMISSION_DENIED: true,
  CAPABILITY_UNAVAILABLE: false,
  TIMEOUT: true,
  NOT_IMPLEMENTED: false,
  ALREADY_INITIALIZED: false,
  PERMISSION_REQUIRED: true,
};

/**
 * The two envelopes of the spec. Data is JSON-like (it crosses a runtime port, which Chrome
 * serializes as JSON), so it is checked as an object, not typed field by field.
 */
export const AbpResponse = v.variant('success', [
  v.strictObject({ success: v.literal(true), data: v.record(v.string(), v.unknown()) }),
  v.strictObject({
    success: v.literal(false),
    error: v.strictObject({
      code: v.picklist(ABP_ERROR_CODES),
      message: v.string(),
      retryable: v.boolean(),
      /** What the spec calls additional context: for a permission error, what was asked. */
      details: v.optional(v.record(v.string(), v.unknown())),
    }),
  }),
]);
export type AbpResponse = v.InferOutput<typeof AbpResponse>;
export type AbpSuccess = Extract<AbpResponse, { success: true }>;
export type AbpFailure = Extract<AbpResponse, { success: false }>;

export const ok = (data: Record<string, unknown>): AbpSuccess => ({ success: true, data });

export function fail(
  code: AbpErrorCode,
  message: string,
  retryable = RETRYABLE[code],
  details?: Record<string, unknown>,
): AbpFailure {
  return { success: false, error: { code, message, retryable, ...(details ? { details } : {}) } };
}

/** Thrown by a capability to answer with a specific code; anything else thrown is OPERATION_FAILED. */
export class AbpError extends Error {
  override name = 'AbpError';
  constructor(
    readonly code: AbpErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

/** One entry of `listCapabilities()`: a plain object, never wrapped in an envelope. */
/** MCP's tool annotations, as each capability declares them: what a client may show or confirm. */
export const CapabilityAnnotations = v.strictObject({
  /** It only reads (what Bosun stored, or a page under Bosun's policy). */
  readOnlyHint: v.boolean(),
  /** It may remove data or act on pages in the person's name. */
  destructiveHint: v.boolean(),
  /** It reaches web sites. */
  openWorldHint: v.boolean(),
});
export type CapabilityAnnotations = v.InferOutput<typeof CapabilityAnnotations>;

export const CapabilityInfo = v.strictObject({
  name: v.string(),
  description: v.string(),
  available: v.boolean(),
  annotations: CapabilityAnnotations,
  inputSchema: v.record(v.string(), v.unknown()),
});
export type CapabilityInfo = v.InferOutput<typeof CapabilityInfo>;

/**
 * One page action of Bosun's catalogue that the MCP bridge offers as a tool of its own, as the
 * chat's tool declares it (background/tools/): the build describes them for the bridge
 * (dist/bridge/page-actions.json), which derives its by-reference tools from them.
 */
export const PageActionInfo = v.strictObject({
  /** The chat's tool, which the bridge's runs through ABP. */
  tool: v.string(),
  surface: v.picklist(['page.act', 'page.read', 'page.readListing', 'page.getContent']),
  bridge: v.strictObject({ name: v.pipe(v.string(), v.regex(/^browser_[a-z_]+$/)), title: v.string() }),
  description: v.string(),
  level: PermissionLevel,
  annotations: CapabilityAnnotations,
  inputSchema: v.record(v.string(), v.unknown()),
});
export type PageActionInfo = v.InferOutput<typeof PageActionInfo>;
