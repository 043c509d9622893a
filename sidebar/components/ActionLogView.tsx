import type { ActionLogEntry } from '../state';
import { t } from '../../src/i18n';
import { showInvisible, showInvisibleJson } from '../../src/show-invisible';

const time = (ms: number) => new Date(ms).toLocaleTimeString();

/** Every tool call Bosun made: when, what, where, what was decided and how it went. */
export function ActionLogView({ entries, onClear }: { entries: ActionLogEntry[]; onClear(): void }) {
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
      {entries.length === 0 ? <p class="hint">{t('log_empty')}</p> : null}
      <ol class="log" reversed>
        {[...entries].reverse().map((entry) => (
          <li
            key={entry.id}
            class={`log-entry log--${entry.result}`}
            data-testid="log-entry"
            data-tool={entry.toolName}
            data-decision={entry.decision}
            data-result={entry.result}
          >
            <div>
              <time>{time(entry.timestamp)}</time> <strong>{showInvisible(entry.toolName)}</strong>{' '}
              {showInvisible(t('log_where', entry.site || '—', entry.permissionLevel))}
            </div>
            <div class="log-outcome">
              {entry.decision} → {entry.result}
            </div>
            <code class="log-params">{showInvisibleJson(entry.parameters)}</code>
            {entry.details ? <div class="log-details">{showInvisible(entry.details)}</div> : null}
          </li>
        ))}
      </ol>
    </main>
  );
}
