import { t } from '../../src/i18n';
import { showInvisible } from '../../src/show-invisible';
import type { PlainEntry } from '../plain-log';

const time = (ms: number) => new Date(ms).toLocaleTimeString();

/**
 * Text that came from a log entry (a site, what a tool read or answered): the one place it is put on
 * the page, so whatever makes such text safe to show applies to all of it.
 */
export function LogText({ text }: { text: string }) {
  return <>{showInvisible(text)}</>;
}

/** One action in words: what and where, who decided and how it went; the raw parameters and text behind a disclosure. */
export function LogEntryItem({ plain }: { plain: PlainEntry }) {
  const { entry, action, decision, result, requester, requesterId, text } = plain;
  return (
    <li
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
  );
}
