import * as v from 'valibot';

/** Whether a message parses under its type's schema in one direction's table of messages. */
export const valid = (table: Record<string, v.GenericSchema>, message: { type: string; payload?: unknown }) =>
  v.safeParse(table[message.type] as v.GenericSchema, message).success;
