import type { PermissionPrompt as Prompt } from '../state';
import type { SidebarActions } from '../actions';

/** Access keys (Alt+key in Chrome, Alt+Shift+key in Firefox) for the two common answers; Escape denies too. */
const DECISIONS = [
  { decision: 'allow-once', label: 'Allow once', primary: true, key: 'a' },
  { decision: 'allow-site', label: 'Always on this site' },
  { decision: 'allow-session', label: 'Until I close the browser' },
  { decision: 'deny', label: 'Deny', key: 'd', shortcuts: 'Escape' },
  { decision: 'deny-all', label: 'Never on this site' },
] as const;

const LEVEL_MEANING: Record<Prompt['permissionLevel'], string> = {
  'read-only': 'read pages',
  navigate: 'open pages',
  interact: 'click or type',
  submit: 'submit forms or complete actions',
};

/** Who asked, as the person should read it; the gate names requesters by short ids. */
const REQUESTERS: Record<string, string> = {
  chat: 'the chat',
  abp: 'an AI agent, through the ABP page (abp-app.html)',
};

/** The question the gate asks: what, where, exactly how, and why it is critical when it is. */
export function PermissionPrompt({ prompt, waiting, onAnswer }: { prompt: Prompt; waiting: number; onAnswer: SidebarActions['answer'] }) {
  const parameters = JSON.stringify(prompt.parameters, null, 1);
  return (
    <section class={`prompt${prompt.critical ? ' prompt--critical' : ''}`} role="alertdialog" aria-labelledby="prompt-title" data-testid="permission-prompt" data-id={prompt.id}>
      <h2 id="prompt-title">
        Allow Bosun to {LEVEL_MEANING[prompt.permissionLevel]} on <span data-testid="prompt-site">{prompt.site}</span>?
      </h2>
      {prompt.critical ? (
        <p class="prompt-critical" data-testid="prompt-critical">
          Critical: this looks like {prompt.critical}. Bosun always asks before it.
        </p>
      ) : null}
      <dl class="prompt-details">
        <dt>Action</dt>
        <dd data-testid="prompt-tool">{prompt.toolName}</dd>
        {prompt.summary ? (
          <>
            <dt>Target</dt>
            <dd data-testid="prompt-summary">{prompt.summary}</dd>
          </>
        ) : null}
        <dt>Level</dt>
        <dd data-testid="prompt-level">{prompt.permissionLevel}</dd>
        {prompt.requester ? (
          <>
            <dt>Asked by</dt>
            <dd data-testid="prompt-requester">{REQUESTERS[prompt.requester] ?? prompt.requester}</dd>
          </>
        ) : null}
        <dt>Details</dt>
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
      {waiting > 0 ? <p class="hint">{waiting} more waiting</p> : null}
    </section>
  );
}
