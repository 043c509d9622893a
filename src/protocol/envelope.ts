import * as v from 'valibot';

/**
 * A protocol message: `{ type, payload }` as in the Jawad spec. Payloads are strict so a
 * misspelt field is reported instead of silently dropped; messages without a payload may
 * omit it.
 */
export function message<const T extends string, P extends v.GenericSchema>(type: T, payload: P) {
  return v.object({ type: v.literal(type), payload });
}

export function bare<const T extends string>(type: T) {
  return v.object({ type: v.literal(type), payload: v.optional(v.undefined()) });
}

/** Bounded strings: every input from another context has a size limit. */
export const text = (max: number) => v.pipe(v.string(), v.maxLength(max));
export const nonEmptyText = (max: number) =>
  v.pipe(v.string(), v.trim(), v.minLength(1, 'must not be empty'), v.maxLength(max));

export type SchemaTable = Record<string, v.GenericSchema>;

/** The union of every message in a table, discriminated by `type`. */
export type MessageOf<T extends SchemaTable> = { [K in keyof T]: v.InferOutput<T[K]> }[keyof T];
