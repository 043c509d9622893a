import { signal, useSignal, type Signal } from '@preact/signals';
import type { ComponentChildren } from 'preact';
import { t } from '../../src/i18n';
import type { DraftAttachment } from '../state';

/** The attachments' tray (files read, tabs picked): a chunk of its own, loaded with the first file or tab. */
type Tray = typeof import('./AttachmentTray');
const tray = signal<Tray | null>(null);
const loadTray = (): Promise<Tray> =>
  tray.value ? Promise.resolve(tray.value) : import('./AttachmentTray').then((module) => (tray.value = module));

interface ComposerProps {
  busy: boolean;
  /** The input box's text, shared with voice: push-to-talk transcripts land here. */
  draft: Signal<string>;
  /** Whether the microphone is in use (recording, or its audio being transcribed). */
  listening: boolean;
  onSend(content: string): void;
  onStop(): void;
  onSummarize(): void;
  onTalk(): void;
  /** Below the box: the model switch. */
  footer?: ComponentChildren;
  /** Files and tabs for the next message, and why the last could not be attached. */
  context: { attachments: Signal<DraftAttachment[]>; attachError: Signal<string | null> };
}

export function Composer(props: ComposerProps) {
  const { busy, draft, onSend, footer } = props;
  const { attachments, attachError } = props.context;
  const canSend = !busy && draft.value.trim() !== '';
  // Enter during a task says why nothing was sent, until the task is over.
  const explain = useSignal(false);
  const picking = useSignal(false);
  const drop = (event: DragEvent) => {
    const files = [...(event.dataTransfer?.files ?? [])];
    if (files.length === 0) return;
    event.preventDefault();
    void loadTray().then((module) => module.attachFiles(files, attachments, attachError));
  };
  if (!busy && explain.value) explain.value = false;

  const submit = (event: Event) => {
    event.preventDefault();
    if (busy && draft.value.trim() !== '') explain.value = true;
    if (!canSend) return;
    onSend(draft.value.trim());
    draft.value = '';
  };

  return (
    <form
      class="composer"
      aria-label={t('composer_label')}
      onSubmit={submit}
      onDragOver={(event) => event.preventDefault()}
      onDrop={drop}
    >
      {explain.value ? (
        <p class="composer-note" role="status" data-testid="composer-busy-note">
          {t('composer_busy_note')}
        </p>
      ) : null}
      <ComposerTray attachments={attachments} error={attachError} picking={picking} />
      <label for="composer-input" class="visually-hidden">
        {t('composer_label')}
      </label>
      <textarea
        id="composer-input"
        data-testid="composer-input"
        rows={2}
        placeholder={t('composer_placeholder')}
        value={draft.value}
        onInput={(event) => (draft.value = event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) submit(event);
        }}
      />
      <ComposerButtons
        {...props}
        canSend={canSend}
        onAttach={() => void loadTray().then(() => (picking.value = !picking.value))}
      />
      {footer ? <div class="composer-footer">{footer}</div> : null}
    </form>
  );
}

/** The next message's files and tabs, once there are any or the person is picking. */
function ComposerTray({
  attachments,
  error,
  picking,
}: {
  attachments: Signal<DraftAttachment[]>;
  error: Signal<string | null>;
  picking: Signal<boolean>;
}) {
  const Tray = tray.value?.AttachmentTray;
  if (!Tray || !(picking.value || attachments.value.length > 0 || error.value)) return null;
  return (
    <Tray attachments={attachments} error={error} picking={picking.value} onDone={() => (picking.value = false)} />
  );
}

/** Send (Stop while Bosun works), Talk, Add (files and tabs), and Summarize this page when idle. */
function ComposerButtons({
  busy,
  listening,
  canSend,
  onStop,
  onTalk,
  onSummarize,
  onAttach,
}: Pick<ComposerProps, 'busy' | 'listening' | 'onStop' | 'onTalk' | 'onSummarize'> & {
  canSend: boolean;
  onAttach(): void;
}) {
  return (
    <div class="composer-actions">
      {busy ? (
        <button
          type="button"
          class="button button--stop"
          data-testid="stop"
          onClick={onStop}
          title={t('composer_stop_title')}
          aria-keyshortcuts="Escape"
        >
          {t('stop')}
        </button>
      ) : (
        <button type="submit" class="button button--primary" data-testid="send" disabled={!canSend}>
          {t('composer_send')}
        </button>
      )}
      {/* Also while Bosun works: a spoken yes or no can answer its question. */}
      <TalkButton listening={listening} onTalk={onTalk} />
      <button
        type="button"
        class="icon-button"
        data-testid="attach"
        onClick={onAttach}
        title={t('composer_attach_title')}
      >
        {t('composer_attach')}
      </button>
      {busy ? null : (
        <button
          type="button"
          class="icon-button"
          data-testid="summarize"
          onClick={onSummarize}
          title={t('composer_summarize_title')}
        >
          {t('composer_summarize')}
        </button>
      )}
    </div>
  );
}

function TalkButton({ listening, onTalk }: Pick<ComposerProps, 'listening' | 'onTalk'>) {
  return (
    <button
      type="button"
      class="icon-button"
      data-testid="talk"
      onClick={onTalk}
      disabled={listening}
      aria-label={t('composer_talk_label')}
      title={t('composer_talk_title')}
    >
      <svg class="icon" viewBox="0 0 24 24" width="14" height="14" aria-hidden="true">
        <path
          fill="currentColor"
          d="M12 14a3 3 0 0 0 3-3V5a3 3 0 0 0-6 0v6a3 3 0 0 0 3 3Zm5-3a5 5 0 0 1-10 0H5a7 7 0 0 0 6 6.92V21h2v-3.08A7 7 0 0 0 19 11Z"
        />
      </svg>{' '}
      {t('composer_talk')}
    </button>
  );
}
