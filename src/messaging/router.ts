import * as v from 'valibot';
import type { SchemaTable } from '../protocol/envelope';
import { Refusal } from './refusal';
import type { SenderClass } from './sender';

export interface Route<M, Ctx, R> {
  /** Who may send this message; anyone else is refused before validation. */
  senders: readonly SenderClass[];
  /** The reply, or a refusal that the router turns into the channel's error reply. */
  handle(message: M, ctx: Ctx): R | Refusal | Promise<R | Refusal>;
}

/** A message type the channel knows but serves nowhere, on purpose: whoever sends it is told so. */
export const NOT_HANDLED = 'not handled on this channel';

/**
 * The channel's table: for each message type of the schema table, who may send it and its handler.
 * Every type must be there (a handler, or NOT_HANDLED said out loud), so a new message type that
 * nobody handles is a compile error, not a message dropped at run time.
 */
export type Routes<T extends SchemaTable, Ctx, R> = {
  [K in keyof T]: Route<v.InferOutput<T[K]>, Ctx, R> | typeof NOT_HANDLED;
};

export type RouteOutcome<R> = { ok: true; value: R } | { ok: false; error: string; inReplyTo: string | null };

const MAX_REPORTED_ISSUES = 3;
const SENDER_NAMES: Record<SenderClass, string> = {
  'extension-page': 'an extension page',
  'content-script': 'a content script',
  foreign: 'another extension or a web page',
};

/** Turns valibot issues into one line that names each failing field. */
export function describeIssues(issues: readonly v.BaseIssue<unknown>[]): string {
  const shown = issues.slice(0, MAX_REPORTED_ISSUES).map((issue) => {
    const path = v.getDotPath(issue);
    return path ? `${path}: ${issue.message}` : issue.message;
  });
  const more = issues.length > MAX_REPORTED_ISSUES ? ` (and ${issues.length - MAX_REPORTED_ISSUES} more)` : '';
  return shown.join('; ') + more;
}

/**
 * One router per channel. It reads the type, checks the sender class, validates the whole
 * message against its schema and only then calls the handler with the parsed output, so a
 * handler never sees unvalidated input and a refused message changes nothing.
 */
export function createRouter<T extends SchemaTable, Ctx, R>(schemas: T, routes: Routes<T, Ctx, R>) {
  return async function route(raw: unknown, sender: SenderClass, ctx: Ctx): Promise<RouteOutcome<R>> {
    const type = typeof raw === 'object' && raw !== null ? (raw as { type?: unknown }).type : undefined;
    if (typeof type !== 'string') {
      return { ok: false, error: 'A message must be an object with a string "type".', inReplyTo: null };
    }
    const shownType = type.slice(0, 64);
    if (!Object.hasOwn(schemas, type)) {
      return { ok: false, error: `Unknown message type "${shownType}".`, inReplyTo: shownType };
    }
    const route = Object.hasOwn(routes, type) ? routes[type as keyof T] : undefined;
    // A table built outside the compiler's sight may still lack a type: it is refused the same way.
    if (!route || route === NOT_HANDLED) {
      return { ok: false, error: `${type} is not handled on this channel.`, inReplyTo: type };
    }
    if (!route.senders.includes(sender)) {
      return { ok: false, error: `${type} may not be sent by ${SENDER_NAMES[sender]}.`, inReplyTo: type };
    }
    const parsed = v.safeParse(schemas[type as keyof T] as v.GenericSchema, raw);
    if (!parsed.success) {
      return { ok: false, error: `Invalid ${type}: ${describeIssues(parsed.issues)}`, inReplyTo: type };
    }
    const value = await route.handle(parsed.output as never, ctx);
    if (value instanceof Refusal) return { ok: false, error: value.reason, inReplyTo: type };
    return { ok: true, value };
  };
}
