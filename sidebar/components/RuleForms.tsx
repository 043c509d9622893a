import { useSignal } from '@preact/signals';
import type { PermissionChange } from '../../src/protocol/sidebar-to-background';
import { t } from '../../src/i18n';
import { SITE_RULES } from '../site-levels';
import { toolInWords } from '../tool-names';

/** Trust a site up to a level, or block it. Critical actions still ask on a trusted site. */
export function SiteRuleForm({ onChange }: { onChange(change: PermissionChange): void }) {
  const site = useSignal('');
  const rule = useSignal<(typeof SITE_RULES)[number]['rule']>('interact');
  return (
    <form
      class="rule-form"
      data-testid="site-rule-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (!site.value.trim()) return;
        onChange({ kind: 'set-site', site: site.value.trim(), rule: rule.value });
        site.value = '';
      }}
    >
      <label for="rule-site" class="visually-hidden">
        {t('rule_site_label')}
      </label>
      <input
        id="rule-site"
        data-testid="rule-site"
        placeholder={t('rule_site_placeholder')}
        value={site.value}
        onInput={(e) => (site.value = e.currentTarget.value)}
      />
      <label for="rule-level" class="visually-hidden">
        {t('rule_level_label')}
      </label>
      <select
        id="rule-level"
        data-testid="rule-level"
        value={rule.value}
        onChange={(e) => (rule.value = e.currentTarget.value as typeof rule.value)}
      >
        {SITE_RULES.map((r) => (
          <option key={r.rule} value={r.rule}>
            {r.label}
          </option>
        ))}
      </select>
      <button type="submit" class="icon-button" data-testid="rule-add">
        {t('rule_set')}
      </button>
    </form>
  );
}

/** Override one tool everywhere: always allow, always ask, or never. */
export function ToolOverrideForm({ tools, onChange }: { tools: string[]; onChange(change: PermissionChange): void }) {
  const tool = useSignal(tools[0] ?? '');
  const override = useSignal<'allow' | 'ask' | 'deny'>('ask');
  return (
    <form
      class="rule-form"
      data-testid="tool-override-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (tool.value) onChange({ kind: 'set-tool', toolName: tool.value, override: override.value });
      }}
    >
      <label for="override-tool" class="visually-hidden">
        {t('prompt_action')}
      </label>
      <select
        id="override-tool"
        data-testid="override-tool"
        value={tool.value}
        onChange={(e) => (tool.value = e.currentTarget.value)}
      >
        {tools.map((name) => (
          <option key={name} value={name}>
            {toolInWords(name)}
          </option>
        ))}
      </select>
      <label for="override-value" class="visually-hidden">
        {t('override_label')}
      </label>
      <select
        id="override-value"
        data-testid="override-value"
        value={override.value}
        onChange={(e) => (override.value = e.currentTarget.value as typeof override.value)}
      >
        <option value="allow">{t('override_allow')}</option>
        <option value="ask">{t('override_ask')}</option>
        <option value="deny">{t('never')}</option>
      </select>
      <button type="submit" class="icon-button" data-testid="override-add">
        {t('rule_set')}
      </button>
    </form>
  );
}
