import { toJsonSchema } from '@valibot/to-json-schema';
import type * as v from 'valibot';
import type { ToolSpec } from './types';

/**
 * A tool as the model sees it, its parameters generated from the valibot schema the tool validates
 * with, so the two cannot drift. `v.description(...)` in the schema becomes each field's description.
 */
export function toolSpec(name: string, description: string, schema: v.GenericSchema): ToolSpec {
  // 'ignore' leaves out what JSON Schema cannot say (transforms, custom checks); valibot still enforces it.
  const { $schema: _draft, ...json } = toJsonSchema(schema, { errorMode: 'ignore' }) as Record<string, unknown>;
  // Both providers require the parameters of a tool to be an object schema.
  if (json.type !== 'object') throw new Error(`The parameters of the tool "${name}" must be a valibot object schema.`);
  return {
    name,
    description,
    parameters: { ...json, properties: json.properties ?? {}, required: json.required ?? [] },
  };
}
