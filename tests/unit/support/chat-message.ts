import type { ChatMessage } from '../../../src/protocol/common';

let n = 0;
/** A finished message of a conversation, with a fresh id: the fields a test cares about, the rest filled in. */
export const msg = (fields: Omit<ChatMessage, 'id' | 'createdAt' | 'status'>): ChatMessage => ({
  id: `m${++n}`,
  createdAt: new Date(0).toISOString(),
  status: 'done',
  ...fields,
});
