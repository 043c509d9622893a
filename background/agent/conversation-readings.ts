import type { Conversation } from '../conversations/conversation-messages';

/** Per conversation (until it is cleared or replaced), the pages its tasks had Bosun read. */
const byConversation = new WeakMap<Conversation, { generation: number; urls: Set<string> }>();

/**
 * The pages read in this conversation so far, which its next tasks may recall without a question.
 * Kept in memory only: after a restart, or in another conversation, a recall asks first.
 */
export function conversationReadings(conversation: Conversation): Set<string> {
  const known = byConversation.get(conversation);
  if (known?.generation === conversation.generation) return known.urls;
  const fresh = { generation: conversation.generation, urls: new Set<string>() };
  byConversation.set(conversation, fresh);
  return fresh.urls;
}
