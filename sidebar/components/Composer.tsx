import { useSignal } from '@preact/signals';

interface ComposerProps {
  busy: boolean;
  onSend(content: string): void;
  onStop(): void;
  onSummarize(): void;
}

export function Composer({ busy, onSend, onStop, onSummarize }: ComposerProps) {
  const draft = useSignal('');
  const canSend = !busy && draft.value.trim() !== '';

  const submit = (event: Event) => {
    event.preventDefault();
    if (!canSend) return;
    onSend(draft.value.trim());
    draft.value = '';
  };

  return (
    <form class="composer" onSubmit={submit}>
      <label for="composer-input" class="visually-hidden">
        Message Bosun
      </label>
      <textarea
        id="composer-input"
        data-testid="composer-input"
        rows={2}
        placeholder="Message Bosun (Enter to send, Shift+Enter for a new line)"
        value={draft.value}
        onInput={(event) => (draft.value = event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) submit(event);
        }}
      />
      {busy ? (
        <button type="button" class="button button--stop" data-testid="stop" onClick={onStop}>
          Stop
        </button>
      ) : (
        <div class="composer-actions">
          <button type="submit" class="button button--primary" data-testid="send" disabled={!canSend}>
            Send
          </button>
          <button type="button" class="icon-button" data-testid="summarize" onClick={onSummarize} title="Summarize the page you are looking at">
            Summarize page
          </button>
        </div>
      )}
    </form>
  );
}
