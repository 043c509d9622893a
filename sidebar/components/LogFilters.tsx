import { t } from '../../src/i18n';
import { DECISION_KINDS, type DecisionKind, type LogFilter } from '../plain-log';

const KIND_LABELS: Record<DecisionKind, () => string> = {
  'allowed-by-you': () => t('log_kind_allowed_by_you'),
  'allowed-by-settings': () => t('log_kind_allowed_by_settings'),
  denied: () => t('log_kind_denied'),
  'not-run': () => t('log_kind_not_run'),
};

interface LogFiltersProps {
  filter: LogFilter;
  set(change: Partial<LogFilter>): void;
  /** The sites the log names, for the site filter. */
  sites: string[];
  shown: number;
  total: number;
}

/** Search the log's words, filter by how it was decided and by site; says how many entries are shown. */
export function LogFilters({ filter, set, sites, shown, total }: LogFiltersProps) {
  return (
    <div class="log-filters" role="search" aria-label={t('log_filters_label')}>
      <input
        type="search"
        aria-label={t('log_search_label')}
        placeholder={t('log_search_placeholder')}
        value={filter.query}
        onInput={(e) => set({ query: e.currentTarget.value })}
        data-testid="log-search"
      />
      <select
        aria-label={t('log_kind_label')}
        value={filter.kind}
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
        value={filter.site}
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
      {shown < total ? (
        <p class="hint" role="status" data-testid="log-shown">
          {t('log_shown', shown, total)}
        </p>
      ) : null}
    </div>
  );
}
