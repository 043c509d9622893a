import { useSignal } from '@preact/signals';
import type { PermissionChange } from '../../src/protocol/sidebar-to-background';

const SITE_RULES = [
  { rule: 'read-only', label: 'may read without asking' },
  { rule: 'navigate', label: 'may also open pages' },
  { rule: 'interact', label: 'may also click and type' },
  { rule: 'submit', label: 'may also submit forms' },
  { rule: 'blocked', label: 'is blocked: never act there' },
] as const;

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
      <label for="rule-site" class="visually-hidden">Site</label>
      <input id="rule-site" data-testid="rule-site" placeholder="example.com" value={site.value} onInput={(e) => (site.value = e.currentTarget.value)} />
      <label for="rule-level" class="visually-hidden">Rule</label>
      <select id="rule-level" data-testid="rule-level" value={rule.value} onChange={(e) => (rule.value = e.currentTarget.value as typeof rule.value)}>
        {SITE_RULES.map((r) => (
          <option key={r.rule} value={r.rule}>
            {r.label}
          </option>
        ))}
      </select>
      <button type="submit" class="icon-button" data-testid="rule-add">
        Set
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
      <label for="override-tool" class="visually-hidden">Action</label>
      <select id="override-tool" data-testid="override-tool" value={tool.value} onChange={(e) => (tool.value = e.currentTarget.value)}>
        {tools.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </select>
      <label for="override-value" class="visually-hidden">Override</label>
      <select id="override-value" data-testid="override-value" value={override.value} onChange={(e) => (override.value = e.currentTarget.value as typeof override.value)}>
        <option value="allow">always allow</option>
        <option value="ask">always ask</option>
        <option value="deny">never</option>
      </select>
      <button type="submit" class="icon-button" data-testid="override-add">
        Set
      </button>
    </form>
  );
}
