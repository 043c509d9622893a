import { toJsonSchema } from '@valibot/to-json-schema';
import * as v from 'valibot';
import type { BridgeOperation, ToolAnnotations } from '../../src/abp/bridge-operations';
import { describeIssues } from '../../src/messaging/router';
import type { LiveBrowser } from './session';

/** What a tool hands back: a one-line summary, the structured result, and an optional image. */
export interface ToolOutput {
  summary: string;
  data: Record<string, unknown>;
  /**
   * The field of `data` that holds the long text the agent reads (a snapshot, a part of the page):
   * the result's text carries it once, as it is, after the other fields, not escaped inside them.
   */
  body?: string;
  image?: { base64: string; mimeType: string };
}

/** What a call runs with besides its arguments: its id for cancel(), how long a question may wait, and its signal. */
export interface CallInfo {
  callId: string;
  questionTimeoutMs: number;
  /** Aborted when the client cancels the call (notifications/cancelled). */
  signal: AbortSignal;
}

/** How a tool that acts on a page is judged by Bosun's policy before it runs. */
export interface PermissionAsk {
  /** The operation, as declared with its level in src/abp/bridge-operations.ts. */
  operation: BridgeOperation;
  /** What the person is asked about, in words: 'Click "#add-to-cart"'. */
  summary: string;
  /**
   * The page judged, where it is not the working tab's: a navigation is judged on where it goes
   * (its URL, a history entry's, a new tab's).
   */
  url?: string;
}

export type { ToolAnnotations };

export type Validation = { ok: true; args: unknown } | { ok: false; message: string };

export interface BridgeTool {
  name: string;
  title: string;
  description: string;
  annotations: ToolAnnotations;
  inputSchema: Record<string, unknown>;
  /** The JSON Schema of structuredContent on success, where the result has a fixed shape. */
  outputSchema?: Record<string, unknown>;
  validate(args: unknown): Validation;
  /**
   * Present on tools that act on a page: Bosun's policy is asked first, with the MCP client as the
   * one asking. Null when the call goes through Bosun's gate by itself (an action by reference).
   */
  permission?(args: unknown, browser: LiveBrowser): PermissionAsk | null | Promise<PermissionAsk | null>;
  run(args: unknown, browser: LiveBrowser, call: CallInfo): Promise<ToolOutput>;
}

/** A JSON Schema object with these properties (all required unless listed in `optional`); more may appear. */
export function objectSchema(
  properties: Record<string, unknown>,
  optional: readonly string[] = [],
): Record<string, unknown> {
  return { type: 'object', properties, required: Object.keys(properties).filter((key) => !optional.includes(key)) };
}

/** A tool whose arguments are a valibot object: its JSON Schema is generated from the schema it is checked with. */
export function defineTool<S extends v.GenericSchema<unknown, Record<string, unknown>>>(definition: {
  name: string;
  title: string;
  description: string;
  annotations: ToolAnnotations;
  params: S;
  outputSchema?: Record<string, unknown>;
  permission?(args: v.InferOutput<S>, browser: LiveBrowser): PermissionAsk | null | Promise<PermissionAsk | null>;
  run(args: v.InferOutput<S>, browser: LiveBrowser, call: CallInfo): Promise<ToolOutput>;
}): BridgeTool {
  const { $schema: _dialect, ...inputSchema } = toJsonSchema(definition.params, { errorMode: 'ignore' }) as Record<
    string,
    unknown
  >;
  return {
    name: definition.name,
    title: definition.title,
    description: definition.description,
    annotations: definition.annotations,
    inputSchema,
    ...(definition.outputSchema ? { outputSchema: definition.outputSchema } : {}),
    validate(args) {
      const parsed = v.safeParse(definition.params, args ?? {});
      return parsed.success ? { ok: true, args: parsed.output } : { ok: false, message: describeIssues(parsed.issues) };
    },
    ...(definition.permission
      ? {
          permission: (args: unknown, browser: LiveBrowser) =>
            definition.permission!(args as v.InferOutput<S>, browser),
        }
      : {}),
    run: (args, browser, call) => definition.run(args as v.InferOutput<S>, browser, call),
  };
}
