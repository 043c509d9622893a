import { refuse, type Refusal } from '../../src/messaging/refusal';
import { browser } from '../../src/platform/browser';
import type { ChatTask } from '../../src/protocol/schedules';
import type { Agent } from '../agent/agent';
import type { ConversationHistory } from '../conversations/conversation-history';
import { settled } from '../tabs/navigation';
import { inAgentContainer } from '../tabs/agent-container';
import { QuestionUnanswered, type Gate } from '../permissions/gate';
import { OPERATIONS } from '../permissions/operations';
import { newId } from '../storage/ids';

export interface ScheduledChatDeps {
  gate: Pick<Gate, 'authorize'>;
  agent: Pick<Agent, 'runScheduled'>;
  conversations: Pick<ConversationHistory, 'conversationOf' | 'noteMessage'>;
  notify(title: string, message: string): Promise<void>;
}

/**
 * Whether the start page may be opened now: the gate judges it as it is today (a site blocked
 * since the schedule was made is not opened), with nobody there to ask. The refusal in words, or null.
 */
async function startRefusal(gate: ScheduledChatDeps['gate'], startUrl: string): Promise<string | null> {
  try {
    const refused = await gate.authorize(
      {
        operation: OPERATIONS.scheduleStart,
        url: startUrl,
        args: { url: startUrl },
        runId: newId('schedule-start'),
        requester: 'schedule',
        summary: `open ${startUrl} to start the scheduled task`,
        // Nobody watches a scheduled run: a question is not asked.
        questionTimeoutMs: 0,
      },
      new AbortController().signal,
    );
    return refused ? refused.text : null;
  } catch (error) {
    if (error instanceof QuestionUnanswered) return error.message;
    throw error;
  }
}

/**
 * Starts a saved chat task on its schedule, in its own tab opened behind the person's (never their
 * focus, never the tab they use) on the page the task started on, if the gate lets it open that page
 * now, and in its conversation, which History lists with what the run did and what waited.
 */
export async function startScheduledChat(
  deps: ScheduledChatDeps,
  task: ChatTask,
  note: string,
): Promise<Refusal | undefined> {
  const refused = await startRefusal(deps.gate, task.startUrl);
  if (refused) return refuse(`Bosun did not open its start page ${task.startUrl}: ${refused}`);
  const tab = await browser.tabs.create({ url: task.startUrl, active: false, ...inAgentContainer() });
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
