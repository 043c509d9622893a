import { ProviderError } from '../../src/llm/errors';
import type { ChatMessage } from '../../src/protocol/common';
import type { Conversation } from '../conversations/conversation-messages';
import { REPEAT_LIMIT } from './repeat-detector';
import type { TaskState } from './task-state';
import type { TaskEnd } from './task-types';

/** The closing words when the task has spent its actions or tokens, or null while it may go on. */
export function limitReached(state: TaskState): string | null {
  const limits = state.deps.limits();
  if (state.steps >= limits.maxSteps)
    return `I stopped after ${state.steps} actions, the limit for one task. Tell me to continue if you want me to go on.`;
  if (state.tokens >= limits.maxTokens)
    return `I stopped: this task used ${state.tokens} tokens, the limit for one task. Tell me to continue if you want me to go on.`;
  return null;
}

/** The closing words when the model keeps calling `toolName` the same way and nothing changes. */
export const repeatedText = (toolName: string) =>
  `I stopped: I called ${toolName} with the same arguments ${REPEAT_LIMIT} times in a row and nothing changed. Tell me how you want to proceed.`;

/** Ends the task at a limit with a closing message that says why. */
export async function closeTask(state: TaskState, text: string): Promise<TaskEnd> {
  const { conversation } = state.deps;
  state.answer = await conversation.add({ role: 'assistant', content: text, status: 'done' });
  await conversation.finish(state.answer);
  return 'limit';
}

const TAB_CLOSED =
  'The tab this task worked in was closed, so the task stopped here. Send your message again to start over.';

/** Ends the task whose tab was closed under it: nothing is left to act on, and the model is not asked again. */
export async function endTabClosed(state: TaskState): Promise<TaskEnd> {
  const { conversation } = state.deps;
  const answer = await conversation.add({ role: 'assistant', content: '', status: 'streaming' });
  answer.status = 'error';
  answer.error = TAB_CLOSED;
  state.answer = answer;
  await conversation.finish(answer);
  return 'error';
}

/** A refused key (401, 403) or a missing model or URL (404) is fixed in Settings, not by trying again as is. */
const fixedInSettings = (error: unknown): boolean =>
  error instanceof ProviderError && error.status !== undefined && [401, 403, 404].includes(error.status);

export async function endWithError(
  conversation: Conversation,
  answer: ChatMessage | null,
  error: unknown,
  signal: AbortSignal,
): Promise<void> {
  const stopped = signal.aborted;
  const text =
    error instanceof ProviderError
      ? error.message
      : `Something went wrong: ${error instanceof Error ? error.message : String(error)}`;
  // The answer being written carries the outcome; after a finished turn, a short closing message does.
  const target =
    answer && answer.status === 'streaming'
      ? answer
      : await conversation.add({ role: 'assistant', content: '', status: 'streaming' });
  target.status = stopped ? 'stopped' : 'error';
  if (!stopped) target.error = text;
  if (!stopped && fixedInSettings(error)) target.fix = 'settings';
  await conversation.finish(target);
}
