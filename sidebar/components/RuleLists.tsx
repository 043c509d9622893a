import type { PermissionChange } from '../../src/protocol/sidebar-to-background';
import type { Policy } from '../state';
import { t } from '../../src/i18n';
import { toolInWords } from '../tool-names';
import { siteRuleInWords } from '../site-levels';

interface RuleListProps {
  policy: Policy;
  onChange(change: PermissionChange): void;
}

/** The sites the person blocked or trusted up to a level, each removable. */
export function SiteRuleList({ policy, onChange }: RuleListProps) {
  return (
    <ul class="grants" data-testid="site-rules">
      {Object.entries(policy.sites).map(([site, rule]) => (
        <li key={site} data-testid="site-rule">
          <span>
            <strong>{site}</strong> · {siteRuleInWords(rule)}
          </span>
          <button type="button" class="icon-button" onClick={() => onChange({ kind: 'set-site', site, rule: null })}>
            {t('remove')}
          </button>
        </li>
      ))}
    </ul>
  );
}

/** The actions the person always allows, always asks about or never allows, each removable. */
export function ToolOverrideList({ policy, onChange }: RuleListProps) {
  return (
    <ul class="grants" data-testid="tool-overrides">
      {Object.entries(policy.tools).map(([tool, override]) => (
        <li key={tool} data-testid="tool-override">
          <span>
            <strong>{toolInWords(tool)}</strong> ·{' '}
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
  );
}
