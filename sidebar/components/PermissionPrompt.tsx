import type { PermissionPrompt as Prompt } from '../state';
import type { SidebarActions } from '../actions';
import { actionKind, plainQuestion, textsToType } from '../plain-question';
import { t } from '../../src/i18n';
import { showInvisible, showInvisibleJson } from '../../src/show-invisible';
import { beyondInWords } from '../plain-scope';

type Decision = Parameters<SidebarActions['answer']>[1];

/** Who asked, as the person should read it; the gate names requesters by short ids. */
const REQUESTERS: Record<string, string> = {
  chat: t('requester_chat'),
  abp: t('requester_abp'),
};
/** An ABP client's own name for itself, as the gate records it ("abp: <name>"): the client chose it. */
const NAMED_CLIENT = /^abp: (.+)$/s;
/** Longest self-given client name shown; the rest is cut. */
const MAX_CLIENT_NAME = 80;

function requesterInWords(requester: string): string {
  const named = NAMED_CLIENT.exec(requester)?.[1];
  if (named) return t('requester_abp_named', showInvisible(named.slice(0, MAX_CLIENT_NAME)));
  return REQUESTERS[requester] ?? showInvisible(requester);
}

const args = (prompt: Prompt): Record<string, unknown> =>
  prompt.parameters !== null && typeof prompt.parameters === 'object' && !Array.isArray(prompt.parameters)
    ? (prompt.parameters as Record<string, unknown>)
    : {};

/**
 * The question the gate asks, read in two seconds: the action in words, the site, why it asks, the exact
 * text to be typed; Allow once and Deny first, the lasting answers below saying what each covers. The tool,
 * its level and its raw arguments wait behind a disclosure. Access keys: Alt(+Shift)+A and D; Escape denies.
 */
export function PermissionPrompt({
  prompt,
  waiting,
  onAnswer,
}: {
  prompt: Prompt;
  waiting: number;
  onAnswer: SidebarActions['answer'];
}) {
  const kind = actionKind(prompt.toolName);
  const typed = textsToType(prompt.toolName, args(prompt));
  const answer = (decision: Decision) => () => onAnswer(prompt.id, decision);
  return (
    <section
      class={`prompt${prompt.critical ? ' prompt--critical' : ''}`}
      role="alertdialog"
      aria-labelledby="prompt-title"
      aria-describedby="prompt-why"
      data-testid="permission-prompt"
      data-id={prompt.id}
    >
      <h2 id="prompt-title">{showInvisible(plainQuestion(prompt.toolName, args(prompt), prompt.summary))}</h2>
      <p class="prompt-where">
        {t('prompt_where', '\u2063')
          .split('\u2063')
          .flatMap((part, i) =>
            i === 0
              ? [part]
              : [
                  <strong key="site" data-testid="prompt-site">
                    {showInvisible(prompt.site)}
                  </strong>,
                  part,
                ],
          )}
        {prompt.requester ? (
          <span class="prompt-requester">
            {' '}
            · {t('prompt_asked_by')} <span data-testid="prompt-requester">{requesterInWords(prompt.requester)}</span>
          </span>
        ) : null}
      </p>
      {prompt.critical ? (
        <p class="prompt-critical" data-testid="prompt-critical">
          {showInvisible(t('prompt_critical', prompt.critical))}
        </p>
      ) : null}
      {prompt.beyondScope ? (
        <p class="prompt-beyond" data-testid="prompt-beyond-scope">
          {beyondInWords(prompt.beyondScope)}
        </p>
      ) : null}
      <p class="prompt-why" id="prompt-why" data-testid="prompt-why">
        {t('prompt_why', kind)}
      </p>
      {typed.length > 0 ? (
        <div class="prompt-typed">
          <p>{t('prompt_will_type')}</p>
          {typed.map((value, i) => (
            <pre key={i} data-testid="prompt-typed">
              {showInvisible(value)}
            </pre>
          ))}
        </div>
      ) : null}
      <div class="prompt-actions">
        <button
          type="button"
          class="button button--primary"
          accessKey="a"
          data-testid="decision-allow-once"
          onClick={answer('allow-once')}
        >
          {t('decision_allow_once')}
        </button>
        <button
          type="button"
          class="button"
          accessKey="d"
          aria-keyshortcuts="Escape"
          data-testid="decision-deny"
          onClick={answer('deny')}
        >
          {t('decision_deny')}
        </button>
      </div>
      <div class="prompt-lasting" role="group" aria-label={t('prompt_more_choices')}>
        {prompt.beyondScope ? (
          <button
            type="button"
            class="prompt-choice"
            data-testid="decision-allow-task"
            title={t('decision_allow_task_hint')}
            onClick={answer('allow-task')}
          >
            {t('decision_allow_task')}
          </button>
        ) : null}
        <button type="button" class="prompt-choice" data-testid="decision-allow-site" onClick={answer('allow-site')}>
          {t('decision_allow_site_for', kind)}
        </button>
        <button
          type="button"
          class="prompt-choice"
          data-testid="decision-allow-session"
          onClick={answer('allow-session')}
        >
          {t('decision_allow_session_for', kind)}
        </button>
        <button
          type="button"
          class="prompt-choice prompt-choice--deny"
          data-testid="decision-deny-all"
          onClick={answer('deny-all')}
        >
          {t('decision_deny_all_for', kind)}
        </button>
      </div>
      <details class="prompt-more">
        <summary>{t('prompt_details_summary')}</summary>
        <dl class="prompt-details">
          <dt>{t('prompt_action')}</dt>
          <dd data-testid="prompt-tool">{showInvisible(prompt.toolName)}</dd>
          {prompt.summary ? (
            <>
              <dt>{t('prompt_target')}</dt>
              <dd data-testid="prompt-summary">{showInvisible(prompt.summary)}</dd>
            </>
          ) : null}
          <dt>{t('prompt_level')}</dt>
          <dd data-testid="prompt-level">{prompt.permissionLevel}</dd>
          <dt>{t('prompt_details')}</dt>
          <dd>
            <pre data-testid="prompt-parameters">{showInvisibleJson(prompt.parameters, 1)}</pre>
          </dd>
        </dl>
      </details>
      {waiting > 0 ? <p class="hint">{t('prompt_waiting', waiting)}</p> : null}
    </section>
  );
}
