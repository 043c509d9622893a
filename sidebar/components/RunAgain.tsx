import type { ChatMessage } from '../../src/protocol/common';
import { t } from '../../src/i18n';

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

/** "Run again" under a finished task: its steps replayed without the model where they still match. */
export function RunAgain({
  messages,
  onRunAgain,
}: {
  messages: readonly ChatMessage[];
  onRunAgain?: (() => void) | undefined;
}) {
  if (!onRunAgain || !finishedWithActions(messages)) return null;
  return (
    <div class="run-again">
      <button type="button" class="button" data-testid="run-again" title={t('run_again_hint')} onClick={onRunAgain}>
        {t('run_again')}
      </button>
    </div>
  );
}
