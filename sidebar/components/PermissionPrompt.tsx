import type { PermissionPrompt as Prompt } from '../state';
import type { SidebarActions } from '../actions';
import { t } from '../../src/i18n';

/** Access keys (Alt+key in Chrome, Alt+Shift+key in Firefox) for the two common answers; Escape denies too. */
const DECISIONS = [
  { decision: 'allow-once', label: t('decision_allow_once'), primary: true, key: 'a' },
  { decision: 'allow-site', label: t('decision_allow_site') },
  { decision: 'allow-session', label: t('decision_allow_session') },
  { decision: 'deny', label: t('decision_deny'), key: 'd', shortcuts: 'Escape' },
  { decision: 'deny-all', label: t('decision_deny_all') },
] as const;

const LEVEL_MEANING: Record<Prompt['permissionLevel'], string> = {
  'read-only': t('prompt_level_read_only'),
  navigate: t('prompt_level_navigate'),
  interact: t('prompt_level_interact'),
  submit: t('prompt_level_submit'),
};

/** Who asked, as the person should read it; the gate names requesters by short ids. */
const REQUESTERS: Record<string, string> = {
  chat: t('requester_chat'),
  abp: t('requester_abp'),
};

/** Stands for the site in the question's text; an invisible separator no translation contains. */
const SITE_SLOT = '\u2063';

/** The question the gate asks: what, where, exactly how, and why it is critical when it is. */
export function PermissionPrompt({ prompt, waiting, onAnswer }: { prompt: Prompt; waiting: number; onAnswer: SidebarActions['answer'] }) {
  const parameters = JSON.stringify(prompt.parameters, null, 1);
  // The site is marked in the question, wherever the translation puts it.
  const [before, after] = t('prompt_title', LEVEL_MEANING[prompt.permissionLevel], SITE_SLOT).split(SITE_SLOT);
  return (
    <section class={`prompt${prompt.critical ? ' prompt--critical' : ''}`} role="alertdialog" aria-labelledby="prompt-title" data-testid="permission-prompt" data-id={prompt.id}>
      <h2 id="prompt-title">
        {before}
        <span data-testid="prompt-site">{prompt.site}</span>
        {after}
      </h2>
      {prompt.critical ? (
        <p class="prompt-critical" data-testid="prompt-critical">
          {t('prompt_critical', prompt.critical)}
        </p>
      ) : null}
      <dl class="prompt-details">
        <dt>{t('prompt_action')}</dt>
        <dd data-testid="prompt-tool">{prompt.toolName}</dd>
        {prompt.summary ? (
          <>
            <dt>{t('prompt_target')}</dt>
            <dd data-testid="prompt-summary">{prompt.summary}</dd>
          </>
        ) : null}
        <dt>{t('prompt_level')}</dt>
        <dd data-testid="prompt-level">{prompt.permissionLevel}</dd>
        {prompt.requester ? (
          <>
            <dt>{t('prompt_asked_by')}</dt>
            <dd data-testid="prompt-requester">{REQUESTERS[prompt.requester] ?? prompt.requester}</dd>
          </>
        ) : null}
        <dt>{t('prompt_details')}</dt>
        <dd>
          <pre data-testid="prompt-parameters">{parameters}</pre>
        </dd>
      </dl>
      <div class="prompt-actions">
        {DECISIONS.map(({ decision, label, ...rest }) => (
          <button
            type="button"
            key={decision}
            class={'primary' in rest ? 'button button--primary' : 'button'}
            accessKey={'key' in rest ? rest.key : undefined}
            aria-keyshortcuts={'shortcuts' in rest ? rest.shortcuts : undefined}
            data-testid={`decision-${decision}`}
            onClick={() => onAnswer(prompt.id, decision)}
          >
            {label}
          </button>
        ))}
      </div>
      {waiting > 0 ? <p class="hint">{t('prompt_waiting', waiting)}</p> : null}
    </section>
  );
}
