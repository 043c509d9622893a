import { useState } from 'preact/hooks';
import { t } from '../../src/i18n';
import { MAX_HAND_OVER_REPLY } from '../../src/protocol/hand-over';
import { showInvisible } from '../../src/show-invisible';
import type { SidebarActions } from '../actions';
import type { HandOverRequest } from '../state';

/**
 * A task waiting for the person (ask_person): the site of the tab shown, the agent's request as plain
 * text (never markup, and set apart as the agent's words), and Continue, or one button per choice;
 * or the person types a reply of their own, which the task gets as the person's words.
 */
export function HandOverCard({
  request,
  onAnswer,
}: {
  request: HandOverRequest;
  onAnswer: SidebarActions['answerHandOver'];
}) {
  return (
    <section
      class="prompt"
      role="alertdialog"
      aria-labelledby="hand-over-title"
      data-testid="hand-over"
      data-id={request.id}
    >
      <h2 id="hand-over-title" data-testid="hand-over-title">
        {t('hand_over_title', showInvisible(request.site))}
      </h2>
      <p>{t('hand_over_said')}</p>
      <p class="hand-over-request" data-testid="hand-over-request">
        {showInvisible(request.request)}
      </p>
      <p class="hint">{t('hand_over_explain')}</p>
      <div class="prompt-actions">
        {request.choices ? (
          request.choices.map((choice) => (
            <button
              key={choice}
              type="button"
              class="button"
              data-testid="hand-over-choice"
              onClick={() => onAnswer(request.id, { kind: 'choose', choice })}
            >
              {showInvisible(choice)}
            </button>
          ))
        ) : (
          <button
            type="button"
            class="button button--primary"
            data-testid="hand-over-continue"
            onClick={() => onAnswer(request.id, { kind: 'continue' })}
          >
            {t('hand_over_continue')}
          </button>
        )}
      </div>
      <HandOverReply onReply={(text) => onAnswer(request.id, { kind: 'reply', text })} />
    </section>
  );
}

/** The person's own answer, typed: sent as their words when they press Send. */
function HandOverReply({ onReply }: { onReply(text: string): void }) {
  const [reply, setReply] = useState('');
  const submit = (event: Event) => {
    event.preventDefault();
    if (reply.trim()) onReply(reply.trim());
  };
  return (
    <form class="hand-over-reply" onSubmit={submit}>
      <label for="hand-over-reply">{t('hand_over_reply_label')}</label>
      <textarea
        id="hand-over-reply"
        data-testid="hand-over-reply"
        rows={2}
        maxLength={MAX_HAND_OVER_REPLY}
        value={reply}
        onInput={(event) => setReply(event.currentTarget.value)}
      />
      <button type="submit" class="button" data-testid="hand-over-send" disabled={!reply.trim()}>
        {t('hand_over_send')}
      </button>
    </form>
  );
}
