import type { PermissionChange } from '../../src/protocol/sidebar-to-background';
import type { Policy } from '../state';
import { SiteRuleForm, ToolOverrideForm } from './RuleForms';
import { t } from '../../src/i18n';

/** The actions a person may override; read-only ones never need it. */
const TOOLS = [
  'navigate',
  'open_tab',
  'switch_tab',
  'close_tab',
  'search_web',
  'click_element',
  'type_text',
  'fill_form',
  'select_option',
  'submit_form',
  'create_tab_group',
  'ungroup_tabs',
];

const LEVELS = [
  { level: 'read-only', meaning: t('permissions_level_read_only') },
  { level: 'navigate', meaning: t('permissions_level_navigate') },
  { level: 'interact', meaning: t('permissions_level_interact') },
  { level: 'submit', meaning: t('permissions_level_submit') },
] as const;

const GRANT_LABEL = (grant: Policy['grants'][number]) =>
  grant.effect === 'deny'
    ? grant.scope === 'run'
      ? t('grant_denied_task')
      : t('never')
    : grant.scope === 'session'
      ? t('grant_session')
      : t('grant_always');

/** The person's rules: what each level does by default, and every remembered answer, with revoke. */
export function PermissionsView({
  policy,
  onChange,
}: {
  policy: Policy | null;
  onChange(change: PermissionChange): void;
}) {
  if (!policy)
    return (
      <main class="page" data-testid="permissions-view">
        <p class="hint">{t('loading')}</p>
      </main>
    );
  const grants = policy.grants.filter((g) => g.scope !== 'run');
  return (
    <main class="page" data-testid="permissions-view">
      <h2>{t('permissions_title')}</h2>
      {LEVELS.map(({ level, meaning }) => (
        <label class="level-row" key={level}>
          <span>{meaning}</span>
          <select
            data-testid={`default-${level}`}
            value={policy.defaults[level]}
            onChange={(e) =>
              onChange({
                kind: 'set-default',
                level,
                verdict: e.currentTarget.value as 'auto-approve' | 'ask' | 'deny',
              })
            }
          >
            {level === 'read-only' ? <option value="auto-approve">{t('verdict_allow')}</option> : null}
            <option value="ask">{t('verdict_ask')}</option>
            <option value="deny">{t('verdict_never')}</option>
          </select>
        </label>
      ))}
      <p class="hint">{t('permissions_critical_hint')}</p>
      <h2>{t('permissions_grants_title')}</h2>
      {grants.length === 0 ? (
        <p class="hint" data-testid="no-grants">
          {t('permissions_no_grants')}
        </p>
      ) : null}
      <ul class="grants" data-testid="grants">
        {grants.map((grant) => (
          <li key={`${grant.tool}|${grant.site}|${grant.scope}`} data-testid="grant">
            <span>
              <strong>{grant.site}</strong> · {grant.tool} ·{' '}
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
      <h2>{t('permissions_sites_title')}</h2>
      <SiteRuleForm onChange={onChange} />
      <ul class="grants" data-testid="site-rules">
        {Object.entries(policy.sites).map(([site, rule]) => (
          <li key={site} data-testid="site-rule">
            <span>
              <strong>{site}</strong> · {rule === 'blocked' ? t('site_blocked') : t('site_trusted_up_to', rule)}
            </span>
            <button type="button" class="icon-button" onClick={() => onChange({ kind: 'set-site', site, rule: null })}>
              {t('remove')}
            </button>
          </li>
        ))}
      </ul>
      <h2>{t('permissions_tools_title')}</h2>
      <ToolOverrideForm tools={TOOLS} onChange={onChange} />
      <ul class="grants" data-testid="tool-overrides">
        {Object.entries(policy.tools).map(([tool, override]) => (
          <li key={tool} data-testid="tool-override">
            <span>
              <strong>{tool}</strong> ·{' '}
              {override === 'allow' ? t('override_allowed') : override === 'ask' ? t('override_asks') : t('never')}
            </span>
            <button
              type="button"
              class="icon-button"
              onClick={() => onChange({ kind: 'set-tool', toolName: tool, override: null })}
            >
              {t('remove')}
            </button>
          </li>
        ))}
      </ul>
    </main>
  );
}
