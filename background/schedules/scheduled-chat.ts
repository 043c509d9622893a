import { refuse, type Refusal } from '../../src/messaging/refusal';
import { browser } from '../../src/platform/browser';
import type { ChatTask } from '../../src/protocol/schedules';
import type { Agent } from '../agent/agent';
import type { ConversationHistory } from '../conversations/conversation-history';
import { settled } from '../tabs/navigation';

export interface ScheduledChatDeps {
  agent: Pick<Agent, 'runScheduled'>;
  conversations: Pick<ConversationHistory, 'conversationOf' | 'noteMessage'>;
  notify(title: string, message: string): Promise<void>;
}

/**
 * Starts a saved chat task on its schedule, in its own tab opened behind the person's (never their
 * focus, never the tab they use) on the page the task started on, and in its conversation, which
 * History lists with what the run did and what waited.
 */
export async function startScheduledChat(
  deps: ScheduledChatDeps,
  task: ChatTask,
  note: string,
): Promise<Refusal | undefined> {
  const tab = await browser.tabs.create({ url: task.startUrl, active: false });
  if (tab.id === undefined) return refuse('The browser did not open a tab for the task.');
  await settled(tab.id, new AbortController().signal);
  const conversation = await deps.conversations.conversationOf(task.conversationId);
  const refusal = await deps.agent.runScheduled(task.conversationId, conversation, tab.id, {
    task,
    note,
    notify: deps.notify,
  });
  if (refusal) {
    await browser.tabs.remove(tab.id).catch(() => undefined);
    return refusal;
  }
  await deps.conversations.noteMessage(task.conversationId, task.trace.request, tab.id);
  return;
}
