import * as v from 'valibot';
import type { SchemaTable } from '../../src/protocol/envelope';
import type { Random } from './seeded-random';

/**
 * Malformed messages made from the real valibot schemas: a plausible message is built from a
 * schema, then broken (wrong types, missing and extra fields, huge strings and arrays, deep
 * nesting, prototype keys, unknown types, non-objects). Messages travel as JSON text, so a
 * `__proto__` key stays an own property, as it would arriving from another context.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Node = v.GenericSchema & {
  type: string;
  entries?: Record<string, Node>;
  options?: readonly (Node | string)[];
  literal?: Json;
  item?: Node;
  value?: Node;
  wrapped?: Node;
  items?: Node[];
};

/** A plausible value for a schema: the shape is right, the content need not pass every check. */
export function exampleOf(schema: Node, random: Random): Json {
  switch (schema.type) {
    case 'object':
    case 'strict_object':
    case 'loose_object':
      return Object.fromEntries(
        Object.entries(schema.entries ?? {})
          .filter(([, entry]) => entry.type !== 'optional' || random.chance(0.6))
          .map(([key, entry]) => [key, exampleOf(entry, random)])
          .filter(([, value]) => value !== undefined),
      );
    case 'literal':
      return schema.literal ?? null;
    case 'picklist':
    case 'enum':
      return random.pick(schema.options as Json[]);
    case 'variant':
    case 'union':
      return exampleOf(random.pick(schema.options as Node[]), random);
    case 'optional':
    case 'nullable':
    case 'nullish':
    case 'exact_optional':
      return exampleOf(schema.wrapped!, random);
    case 'array':
      return [exampleOf(schema.item!, random)];
    case 'tuple':
      return (schema.items ?? []).map((item) => exampleOf(item, random));
    case 'record':
      return { key: exampleOf(schema.value!, random) };
    case 'string':
      return random.pick(['abc', 'https://example.com/', 'id-1', 'audio/webm']);
    case 'number':
      return random.pick([0, 1, 42]);
    case 'boolean':
      return random.chance(0.5);
    case 'undefined':
      return undefined as unknown as Json;
    default:
      return {};
  }
}

const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf'];

function nested(depth: number): Json {
  let value: Json = 'bottom';
  for (let level = 0; level < depth; level++) value = level % 2 ? [value] : { a: value };
  return value;
}

/** A value of the wrong kind, size or shape for wherever it lands. */
export function oddValue(random: Random): Json {
  const roll = random.int(20);
  if (roll === 0) return 'x'.repeat(100_001 + random.int(200_000));
  if (roll === 1) return Array.from({ length: 10_000 + random.int(10_000) }, (_, i) => i);
  if (roll === 2) return nested(200 + random.int(800));
  if (roll === 3)
    return JSON.parse(`{"__proto__": {"polluted": true}, "constructor": {"prototype": {"polluted": true}}}`) as Json;
  return random.pick<Json>([
    null,
    true,
    false,
    0,
    -1,
    1.5,
    1e308,
    -1e308,
    2 ** 53 + 1,
    '',
    ' ',
    '\u0000',
    '\ud800',
    '\u202eevil',
    '🦀'.repeat(50),
    [],
    {},
    [null],
    { length: 1e9 },
    '{"type":"CHAT_MESSAGE"}',
    'undefined',
    'null',
  ]);
}

/** A message `type` that no table has, or that is not a string. */
function oddType(random: Random): Json {
  return random.pick<Json>([
    'constructor',
    '__proto__',
    'toString',
    'hasOwnProperty',
    '',
    'chat_message',
    'CHAT_MESSAGE ',
    'ABP_RESULT',
    'ERROR',
    'VOICE_SPEECH_RESULT',
    `X_${random.int(1e9)}`,
    'T'.repeat(10_000),
    42,
    null,
    true,
    [],
    {},
    ['CHAT_MESSAGE'],
  ]);
}

/** Every place in a value where a mutation can land: objects and arrays (to add to or take from), and leaves. */
function places(value: Json, path: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  out.push(path);
  if (path.length > 6 || value === null || typeof value !== 'object') return out;
  if (Array.isArray(value)) value.slice(0, 5).forEach((item, i) => places(item, [...path, i], out));
  else for (const [key, item] of Object.entries(value)) places(item, [...path, key], out);
  return out;
}

function at(root: Json, path: (string | number)[]): Json {
  return path.reduce<Json>((node, key) => (node as Record<string, Json>)[key]!, root);
}

function setAt(root: Json, path: (string | number)[], value: Json): Json {
  if (path.length === 0) return value;
  const parent = at(root, path.slice(0, -1)) as Record<string | number, Json>;
  Object.defineProperty(parent, path.at(-1)!, { value, enumerable: true, writable: true, configurable: true });
  return root;
}

/** One mutation of a message (a JSON-like tree), in place where possible; returns the new root. */
export function mutate(message: Json, random: Random): Json {
  const roll = random.int(10);
  if (roll === 0) return oddValue(random);
  if (roll === 1 && message && typeof message === 'object' && !Array.isArray(message))
    return { ...message, type: oddType(random) };
  const path = random.pick(places(message));
  const node = at(message, path);
  if (roll <= 4 || node === null || typeof node !== 'object') return setAt(message, path, oddValue(random));
  if (roll <= 6 && !Array.isArray(node) && Object.keys(node).length > 0) {
    delete node[random.pick(Object.keys(node))];
    return message;
  }
  const key = random.chance(0.5) ? random.pick(PROTOTYPE_KEYS) : `extra${random.int(100)}`;
  if (Array.isArray(node)) node.push(oddValue(random));
  else setAt(node, [key], oddValue(random));
  return message;
}

export interface MutationSource {
  schemas: SchemaTable;
  /** Further checks after the schema (an ABP call's capability params); true when the message would be acted on. */
  accepted?(message: unknown): boolean;
}

/** Whether a channel would act on the message: it passes its schema and any further check. */
export function isAccepted(source: MutationSource, message: unknown): boolean {
  const type = (message as { type?: unknown } | null)?.type;
  if (typeof type !== 'string' || !Object.hasOwn(source.schemas, type)) return false;
  if (!v.safeParse(source.schemas[type]!, message).success) return false;
  return source.accepted?.(message) ?? true;
}

/**
 * `count` messages as JSON text, each from a random type of the table, mutated one to three
 * times. With `refusedOnly`, a mutation that happens to leave a message acceptable is tried
 * again, so every message sent is one the channel must refuse.
 */
export function mutatedMessages(source: MutationSource, random: Random, count: number, refusedOnly: boolean): string[] {
  const types = Object.keys(source.schemas);
  const out: string[] = [];
  while (out.length < count) {
    const type = random.pick(types);
    let message = exampleOf(source.schemas[type] as Node, random);
    for (let i = 0, n = 1 + random.int(3); i < n; i++) message = mutate(message, random);
    const text = JSON.stringify(message) ?? 'null';
    if (refusedOnly && isAccepted(source, JSON.parse(text))) continue;
    out.push(text);
  }
  return out;
}
