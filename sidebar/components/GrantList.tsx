import type { PermissionChange } from '../../src/protocol/sidebar-to-background';
import type { Policy } from '../state';
import { t } from '../../src/i18n';
import { toolInWords } from '../tool-names';

type Grant = Policy['grants'][number];

const GRANT_LABEL = (grant: Grant) =>
  grant.effect === 'deny'
    ? grant.scope === 'run'
      ? t('grant_denied_task')
      : t('never')
    : grant.scope === 'session'
      ? t('grant_session')
      : t('grant_always');

/** Every remembered answer (a task's own are not listed: they end with it), each with revoke. */
export function GrantList({ grants, onChange }: { grants: Grant[]; onChange(change: PermissionChange): void }) {
  return (
    <>
      {grants.length === 0 ? (
        <p class="hint" data-testid="no-grants">
          {t('permissions_no_grants')}
        </p>
      ) : null}
      <ul class="grants" data-testid="grants">
        {grants.map((grant) => (
          <li key={`${grant.tool}|${grant.site}|${grant.scope}`} data-testid="grant">
            <span>
              <strong>{grant.site}</strong> · {toolInWords(grant.tool)} ·{' '}
              {grant.effect === 'allow' ? t('grant_allowed') : t('grant_denied')} {GRANT_LABEL(grant)}
            </span>
            <button
              type="button"
              class="icon-button"
              data-testid="revoke"
              onClick={() =>
                onChange({
                  kind: 'revoke-grant',
                  toolName: grant.tool,
                  site: grant.site,
                  scope: grant.scope as 'persistent' | 'session',
                })
              }
            >
              {t('revoke')}
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}
