import { useState } from 'preact/hooks';
import type { ChatMessage } from '../../src/protocol/common';
import type { ScheduleRequest } from '../../src/protocol/schedules';
import { t } from '../../src/i18n';
import { chatTarget, ScheduleForm } from './ScheduleForm';

/** Readings are not what a run again repeats: a task that only read has nothing to replay. */
const READINGS = new Set(['read_page', 'read_listing']);

/** The conversation's last task finished and acted on a page: it can be run again. */
export function finishedWithActions(messages: readonly ChatMessage[]): boolean {
  const last = messages.at(-1);
  if (last?.role !== 'assistant' || last.status !== 'done') return false;
  const start = messages.findLastIndex((m) => m.role === 'user');
  return messages
    .slice(start + 1)
    .some((m) => m.role === 'tool' && m.outcome === 'success' && !READINGS.has(m.name ?? ''));
}

/** The hosts the last task acted on or read: what a schedule of it may use again. */
const usedSites = (messages: readonly ChatMessage[]) => [
  ...new Set(
    messages
      .slice(messages.findLastIndex((m) => m.role === 'user') + 1)
      .filter((m) => m.role === 'tool' && m.outcome === 'success' && m.site)
      .map((m) => (URL.canParse(m.site ?? '') ? new URL(m.site ?? '').host : (m.site ?? ''))),
  ),
];

/** Scheduling the conversation's last task: which conversation, and where its schedule goes. */
export interface ChatScheduling {
  conversationId: string;
  onSave(request: ScheduleRequest): void;
}

/**
 * "Run again" under a finished task: its steps replayed without the model where they still match;
 * and "Schedule…", to have it run again by itself at a time, every day or every week.
 */
export function RunAgain({
  messages,
  onRunAgain,
  scheduling,
}: {
  messages: readonly ChatMessage[];
  onRunAgain?: (() => void) | undefined;
  scheduling?: ChatScheduling | undefined;
}) {
  const [open, setOpen] = useState(false);
  if (!onRunAgain || !finishedWithActions(messages)) return null;
  return (
    <div class="run-again">
      <button type="button" class="button" data-testid="run-again" title={t('run_again_hint')} onClick={onRunAgain}>
        {t('run_again')}
      </button>
      {scheduling ? (
        <button type="button" class="button" data-testid="run-again-schedule" onClick={() => setOpen(!open)}>
          {t('schedule_open')}
        </button>
      ) : null}
      {scheduling && open ? (
        <ScheduleForm
          target={chatTarget(scheduling.conversationId, usedSites(messages))}
          onSave={(request) => {
            scheduling.onSave(request);
            setOpen(false);
          }}
          onCancel={() => setOpen(false)}
        />
      ) : null}
    </div>
  );
}
