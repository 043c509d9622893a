import { toJsonSchema } from '@valibot/to-json-schema';
import * as v from 'valibot';
import { describeIssues } from '../src/messaging/router';
import type { LiveBrowser } from './session';

/** What a tool hands back: a one-line summary, the structured result, and an optional image. */
export interface ToolOutput {
  summary: string;
  data: Record<string, unknown>;
  image?: { base64: string; mimeType: string };
}

export type Validation = { ok: true; args: unknown } | { ok: false; message: string };

export interface BridgeTool {
  name: string;
  description: string;
  inputSchema: Record<string, unknown>;
  validate(args: unknown): Validation;
  run(args: unknown, browser: LiveBrowser): Promise<ToolOutput>;
}

/** A tool whose arguments are a valibot object: its JSON Schema is generated from the schema it is checked with. */
export function defineTool<S extends v.GenericSchema<unknown, Record<string, unknown>>>(definition: {
  name: string;
  description: string;
  params: S;
  run(args: v.InferOutput<S>, browser: LiveBrowser): Promise<ToolOutput>;
}): BridgeTool {
  const { $schema: _dialect, ...inputSchema } = toJsonSchema(definition.params, { errorMode: 'ignore' }) as Record<string, unknown>;
  return {
    name: definition.name,
    description: definition.description,
    inputSchema,
    validate(args) {
      const parsed = v.safeParse(definition.params, args ?? {});
      return parsed.success ? { ok: true, args: parsed.output } : { ok: false, message: describeIssues(parsed.issues) };
    },
    run: (args, browser) => definition.run(args as v.InferOutput<S>, browser),
  };
}
