import type { PermissionPrompt as Prompt } from '../state';
import type { SidebarActions } from '../actions';
import { t } from '../../src/i18n';

type Decision = Parameters<SidebarActions['answer']>[1];

interface AnswersProps {
  prompt: Prompt;
  /** The action in a word ("click", "type"), naming what each lasting answer covers. */
  kind: string;
  answer(decision: Decision): () => void;
}

/** Allow once and Deny first, with their access keys (Alt(+Shift)+A and D); the lasting answers below. */
export function PromptAnswers(props: AnswersProps) {
  const { answer } = props;
  return (
    <>
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
      {/* No lasting answer covers a data flow: the gate takes any answer to it for this action only. */}
      {props.prompt.dataFlow ? null : <LastingAnswers {...props} />}
    </>
  );
}

/** The answers that are remembered, each saying what it covers. */
function LastingAnswers({ prompt, kind, answer }: AnswersProps) {
  return (
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
  );
}
