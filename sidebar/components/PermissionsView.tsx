import type { PermissionChange } from '../../src/protocol/sidebar-to-background';
import type { Policy } from '../state';
import { GrantList } from './GrantList';
import { LevelDefaults } from './LevelDefaults';
import { SiteRuleForm, ToolOverrideForm } from './RuleForms';
import { SiteRuleList, ToolOverrideList } from './RuleLists';
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
      <LevelDefaults policy={policy} onChange={onChange} />
      <p class="hint">{t('permissions_critical_hint')}</p>
      <h2>{t('permissions_grants_title')}</h2>
      <GrantList grants={grants} onChange={onChange} />
      <h2>{t('permissions_sites_title')}</h2>
      <SiteRuleForm onChange={onChange} />
      <SiteRuleList policy={policy} onChange={onChange} />
      <h2>{t('permissions_tools_title')}</h2>
      <ToolOverrideForm tools={TOOLS} onChange={onChange} />
      <ToolOverrideList policy={policy} onChange={onChange} />
    </main>
  );
}
