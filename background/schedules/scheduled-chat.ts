import { refuse, type Refusal } from '../../src/messaging/refusal';
import { browser } from '../../src/platform/browser';
import type { ChatTask } from '../../src/protocol/schedules';
import type { Agent } from '../agent/agent';
import { NOT_OPENED, type RunRecord } from '../agent/run-record';
import type { ConversationHistory } from '../conversations/conversation-history';
import { settled } from '../tabs/navigation';
import { openAgentTab } from '../tabs/agent-container';
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
 * now, and in its conversation, which History lists with what the run did and what waited. The
 * conversation is the run's, and the run recorded, before the tab opens (runUnattended).
 */
export async function startScheduledChat(
  deps: ScheduledChatDeps,
  task: ChatTask,
  note: string,
): Promise<Refusal | undefined> {
  const refused = await startRefusal(deps.gate, task.startUrl);
  if (refused) return refuse(`Bosun did not open its start page ${task.startUrl}: ${refused}`);
  const conversation = await deps.conversations.conversationOf(task.conversationId);
  return deps.agent.runScheduled(task.conversationId, conversation, {
    task,
    note,
    notify: deps.notify,
    open: async (opened, signal) => {
      const tab = await openAgentTab({ url: task.startUrl, active: false });
      if (tab.id === undefined) throw new Error('The browser did not open a tab for the task.');
      await opened(tab.id);
      await deps.conversations.noteMessage(task.conversationId, task.trace.request, tab.id);
      await settled(tab.id, signal);
      return tab.id;
    },
  });
}

/**
 * The tab of a scheduled run that a restart caught while its start page loaded: closed, unless the
 * person has turned to it. A tab id names that tab only in the browser session that opened it, so a
 * record from an earlier session closes nothing.
 */
export async function leaveStartTab(record: RunRecord, sessionStart: number): Promise<void> {
  if (record.tabId === NOT_OPENED || record.startedAt < sessionStart) return;
  const tab = await browser.tabs.get(record.tabId).catch(() => undefined);
  if (tab && !tab.active) await browser.tabs.remove(record.tabId).catch(() => undefined);
}
