import * as v from 'valibot';
import { ChatMessage } from './common';
import { nonEmptyText, text } from './envelope';

export const ConversationId = v.pipe(v.string(), v.regex(/^[\w-]{1,100}$/, 'must be a conversation id'));
export const ConversationTitle = nonEmptyText(120);

/** One conversation in the history list. */
export const ConversationSummary = v.object({
  id: ConversationId,
  title: v.string(),
  createdAt: v.string(),
  updatedAt: v.string(),
  messageCount: v.number(),
  /** The tab it started in, which it is bound to. */
  tab: v.optional(v.object({ id: v.number(), title: v.string(), url: v.string() })),
});
export type ConversationSummary = v.InferOutput<typeof ConversationSummary>;

export const MAX_IMPORT_CHARS = 20_000_000;
const MAX_IMPORT_MESSAGES = 10_000;

/** A conversation as Bosun exports it to JSON, and the only shape it imports. */
export const ConversationExport = v.strictObject({
  format: v.literal('bosun-conversation'),
  version: v.literal(1),
  title: ConversationTitle,
  exportedAt: text(100),
  messages: v.pipe(
    v.array(ChatMessage),
    v.minLength(1, 'must hold at least one message'),
    v.maxLength(MAX_IMPORT_MESSAGES),
  ),
});
export type ConversationExport = v.InferOutput<typeof ConversationExport>;
