import type { PermissionPrompt as Prompt } from '../state';
import type { SidebarActions } from '../actions';
import { t } from '../../src/i18n';
import { siteRuleInWords } from '../site-levels';

type Decision = Parameters<SidebarActions['answer']>[1];

interface AnswersProps {
  prompt: Prompt;
  /** The action in a word ("click", "type"), naming what each lasting answer covers. */
  kind: string;
  answer(decision: Decision): () => void;
}

/** The access key's chord as the browser reads it: Firefox adds Shift. */
const ACCESS = __TARGET__ === 'firefox' ? 'Alt+Shift+' : 'Alt+';

/**
 * Allow once and Deny first, with their access keys (Alt(+Shift)+A and D); the lasting answers below.
 * A critical question (a commitment the gate always asks about, or data leaving for another site) puts
 * Deny first as the primary button, shows the access keys and offers no lasting answer: none would cover it.
 */
export function PromptAnswers(props: AnswersProps) {
  const { answer, prompt } = props;
  const critical = Boolean(prompt.critical || prompt.dataFlow);
  const allow = <FirstAnswer key="allow" decision="allow-once" letter="A" critical={critical} answer={answer} />;
  const deny = <FirstAnswer key="deny" decision="deny" letter="D" critical={critical} answer={answer} />;
  return (
    <>
      <div class="prompt-actions">{critical ? [deny, allow] : [allow, deny]}</div>
      {critical ? null : <LastingAnswers {...props} />}
    </>
  );
}

interface FirstAnswerProps {
  decision: 'allow-once' | 'deny';
  letter: 'A' | 'D';
  /** A critical question makes Deny the primary answer and shows the access keys beside the labels. */
  critical: boolean;
  answer: AnswersProps['answer'];
}

/** Allow once or Deny, with its access key; Escape denies too. */
function FirstAnswer({ decision, letter, critical, answer }: FirstAnswerProps) {
  const deny = decision === 'deny';
  const primary = deny === critical;
  return (
    <button
      type="button"
      class={primary ? 'button button--primary' : 'button'}
      accessKey={letter.toLowerCase()}
      aria-keyshortcuts={`${ACCESS}${letter}${deny ? ' Escape' : ''}`}
      title={t('prompt_access_key', `${ACCESS}${letter}`)}
      data-testid={`decision-${decision}`}
      onClick={answer(decision)}
    >
      {deny ? t('decision_deny') : t('decision_allow_once')}
      {critical ? <AccessKey letter={letter} /> : null}
    </button>
  );
}

/** The chord beside a button's label; hidden from screen readers, which read aria-keyshortcuts. */
function AccessKey({ letter }: { letter: string }) {
  return (
    <kbd class="access-key" aria-hidden="true" data-testid="access-key">
      {ACCESS}
      {letter}
    </kbd>
  );
}

/** The answers that are remembered, each saying what it covers. */
function LastingAnswers({ prompt, kind, answer }: AnswersProps) {
  return (
    <div class="prompt-lasting" role="group" aria-label={t('prompt_more_choices')}>
      <button
        type="button"
        class="prompt-choice"
        data-testid="decision-allow-task"
        title={t('decision_allow_task_hint')}
        onClick={answer('allow-task')}
      >
        {t('decision_allow_task')}
      </button>
      {/* A level, not a tool: the answer trusts the site up to it, covering every action at or below it. */}
      <button
        type="button"
        class="prompt-choice"
        data-testid="decision-allow-site"
        title={t('decision_allow_site_hint')}
        onClick={answer('allow-site')}
      >
        {t('decision_allow_site_at', siteRuleInWords(prompt.permissionLevel))}
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
  );
}
