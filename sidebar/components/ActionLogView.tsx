import { useSignal } from '@preact/signals';
import type { ActionLogEntry } from '../state';
import { t } from '../../src/i18n';
import { showInvisible } from '../../src/show-invisible';
import { DECISION_KINDS, filterLog, plainEntry, type DecisionKind, type LogFilter } from '../plain-log';

const time = (ms: number) => new Date(ms).toLocaleTimeString();

const KIND_LABELS: Record<DecisionKind, () => string> = {
  'allowed-by-you': () => t('log_kind_allowed_by_you'),
  'allowed-by-settings': () => t('log_kind_allowed_by_settings'),
  denied: () => t('log_kind_denied'),
  'not-run': () => t('log_kind_not_run'),
};

/**
 * Text that came from a log entry (a site, what a tool read or answered): the one place it is put on
 * the page, so whatever makes such text safe to show applies to all of it.
 */
export function LogText({ text }: { text: string }) {
  return <>{showInvisible(text)}</>;
}

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
        <div class="log-filters" role="search" aria-label={t('log_filters_label')}>
          <input
            type="search"
            aria-label={t('log_search_label')}
            placeholder={t('log_search_placeholder')}
            value={filter.value.query}
            onInput={(e) => set({ query: e.currentTarget.value })}
            data-testid="log-search"
          />
          <select
            aria-label={t('log_kind_label')}
            value={filter.value.kind}
            onChange={(e) => set({ kind: e.currentTarget.value as DecisionKind | '' })}
            data-testid="log-filter-decision"
          >
            <option value="">{t('log_kind_all')}</option>
            {DECISION_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {KIND_LABELS[kind]()}
              </option>
            ))}
          </select>
          <select
            aria-label={t('log_site_label')}
            value={filter.value.site}
            onChange={(e) => set({ site: e.currentTarget.value })}
            data-testid="log-filter-site"
          >
            <option value="">{t('log_site_all')}</option>
            {sites.map((site) => (
              <option key={site} value={site}>
                {site}
              </option>
            ))}
          </select>
          {shown.length < entries.length ? (
            <p class="hint" role="status" data-testid="log-shown">
              {t('log_shown', shown.length, entries.length)}
            </p>
          ) : null}
        </div>
      )}
      <ol class="log">
        {shown.map(({ entry, action, decision, result, requester, requesterId, text }) => (
          <li
            key={entry.id}
            class={`log-entry log--${entry.result}`}
            data-testid="log-entry"
            data-tool={entry.toolName}
            data-decision={entry.decision}
            data-result={entry.result}
            data-requester={requesterId}
          >
            <div>
              <time>{time(entry.timestamp)}</time>{' '}
              <strong data-testid="log-action">
                <LogText text={action} />
              </strong>
              {entry.site ? (
                <>
                  {' '}
                  {t('log_on')} <LogText text={entry.site} />
                </>
              ) : null}
            </div>
            <div class="log-outcome" data-testid="log-outcome">
              {t('log_outcome', decision, result)}
              {requester ? ` · ${t('log_asked_by', requester)}` : ''}
            </div>
            <details class="log-details">
              <summary>{t('log_details')}</summary>
              <code class="log-params">
                <LogText text={JSON.stringify(entry.parameters)} />
              </code>
              {text ? (
                <div class="log-text" data-testid="log-text">
                  <LogText text={text} />
                </div>
              ) : null}
            </details>
          </li>
        ))}
      </ol>
    </main>
  );
}
