import { useSignal } from '@preact/signals';
import type { ActionLogEntry } from '../state';
import { t } from '../../src/i18n';
import { filterLog, plainEntry, type LogFilter } from '../plain-log';
import { LogEntryItem } from './LogEntryItem';
import { LogFilters } from './LogFilters';

/** Every action Bosun took, in words: what, where, who decided and how, how it went; filtered and searched. */
export function ActionLogView({ entries, onClear }: { entries: ActionLogEntry[]; onClear(): void }) {
  const filter = useSignal<LogFilter>({ kind: '', site: '', query: '' });
  const set = (change: Partial<LogFilter>) => (filter.value = { ...filter.value, ...change });
  const plain = [...entries].reverse().map(plainEntry);
  const shown = filterLog(plain, filter.value);
  const sites = [...new Set(entries.map((e) => e.site).filter(Boolean))].sort();
  return (
    <main class="page" data-testid="log-view">
      <div class="page-head">
        <h2>{t('log_title')}</h2>
        <button
          type="button"
          class="icon-button"
          onClick={onClear}
          disabled={entries.length === 0}
          data-testid="clear-log"
        >
          {t('log_clear')}
        </button>
      </div>
      {entries.length === 0 ? (
        <p class="hint">{t('log_empty')}</p>
      ) : (
        <LogFilters filter={filter.value} set={set} sites={sites} shown={shown.length} total={entries.length} />
      )}
      <ol class="log">
        {shown.map((entry) => (
          <LogEntryItem key={entry.entry.id} plain={entry} />
        ))}
      </ol>
    </main>
  );
}
