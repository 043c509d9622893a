import type { PermissionChange } from '../../src/protocol/sidebar-to-background';
import type { Policy } from '../state';
import { SiteRuleForm, ToolOverrideForm } from './RuleForms';

/** The actions a person may override; read-only ones never need it. */
const TOOLS = ['navigate', 'open_tab', 'switch_tab', 'close_tab', 'search_web', 'click_element', 'type_text', 'fill_form', 'select_option', 'submit_form', 'create_tab_group', 'ungroup_tabs'];

const LEVELS = [
  { level: 'read-only', meaning: 'Read pages' },
  { level: 'navigate', meaning: 'Go to pages, open and switch tabs' },
  { level: 'interact', meaning: 'Click, type, choose options' },
  { level: 'submit', meaning: 'Submit forms, complete purchases' },
] as const;

const GRANT_LABEL = (grant: Policy['grants'][number]) =>
  grant.effect === 'deny' ? (grant.scope === 'run' ? 'denied for this task' : 'never') : grant.scope === 'session' ? 'until the browser closes' : 'always';

/** The person's rules: what each level does by default, and every remembered answer, with revoke. */
export function PermissionsView({ policy, onChange }: { policy: Policy | null; onChange(change: PermissionChange): void }) {
  if (!policy) return <main class="page" data-testid="permissions-view"><p class="hint">Loading…</p></main>;
  const grants = policy.grants.filter((g) => g.scope !== 'run');
  return (
    <main class="page" data-testid="permissions-view">
      <h2>When Bosun wants to…</h2>
      {LEVELS.map(({ level, meaning }) => (
        <label class="level-row" key={level}>
          <span>{meaning}</span>
          <select
            data-testid={`default-${level}`}
            value={policy.defaults[level]}
            onChange={(e) => onChange({ kind: 'set-default', level, verdict: e.currentTarget.value as 'auto-approve' | 'ask' | 'deny' })}
          >
            {level === 'read-only' ? <option value="auto-approve">Allow</option> : null}
            <option value="ask">Ask me</option>
            <option value="deny">Never</option>
          </select>
        </label>
      ))}
      <p class="hint">Critical actions (payments, purchases, deletions, password fields) always ask, whatever the rules say.</p>
      <h2>Remembered answers</h2>
      {grants.length === 0 ? <p class="hint" data-testid="no-grants">None yet. Answers like “Always on this site” appear here.</p> : null}
      <ul class="grants" data-testid="grants">
        {grants.map((grant) => (
          <li key={`${grant.tool}|${grant.site}|${grant.scope}`} data-testid="grant">
            <span>
              <strong>{grant.site}</strong> · {grant.tool} · {grant.effect === 'allow' ? 'allowed' : 'denied'} {GRANT_LABEL(grant)}
            </span>
            <button
              type="button"
              class="icon-button"
              data-testid="revoke"
              onClick={() => onChange({ kind: 'revoke-grant', toolName: grant.tool, site: grant.site, scope: grant.scope as 'persistent' | 'session' })}
            >
              Revoke
            </button>
          </li>
        ))}
      </ul>
      <h2>Sites</h2>
      <SiteRuleForm onChange={onChange} />
      <ul class="grants" data-testid="site-rules">
        {Object.entries(policy.sites).map(([site, rule]) => (
          <li key={site} data-testid="site-rule">
            <span>
              <strong>{site}</strong> · {rule === 'blocked' ? 'blocked' : `trusted up to ${rule}`}
            </span>
            <button type="button" class="icon-button" onClick={() => onChange({ kind: 'set-site', site, rule: null })}>
              Remove
            </button>
          </li>
        ))}
      </ul>
      <h2>Actions everywhere</h2>
      <ToolOverrideForm tools={TOOLS} onChange={onChange} />
      <ul class="grants" data-testid="tool-overrides">
        {Object.entries(policy.tools).map(([tool, override]) => (
          <li key={tool} data-testid="tool-override">
            <span>
              <strong>{tool}</strong> · {override === 'allow' ? 'always allowed' : override === 'ask' ? 'always asks' : 'never'}
            </span>
            <button type="button" class="icon-button" onClick={() => onChange({ kind: 'set-tool', toolName: tool, override: null })}>
              Remove
            </button>
          </li>
        ))}
      </ul>
    </main>
  );
}
