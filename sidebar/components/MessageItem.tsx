import type { ChatMessage } from '../../src/protocol/common';

const STATUS_NOTE: Partial<Record<ChatMessage['status'], string>> = {
  stopped: 'Stopped',
};

export function MessageItem({ message }: { message: ChatMessage }) {
  const { role, content, status, error, usage } = message;
  return (
    <article class={`message message--${role} message--${status}`} data-testid="message" data-role={role} data-status={status}>
      <span class="visually-hidden">{role === 'user' ? 'You said:' : 'Bosun said:'}</span>
      {content ? <div class="message-content">{content}</div> : null}
      {status === 'streaming' && !content ? <div class="typing" aria-label="Bosun is answering" /> : null}
      {STATUS_NOTE[status] ? <p class="message-note">{STATUS_NOTE[status]}</p> : null}
      {error ? (
        <p class="message-error" data-testid="message-error">
          {error}
        </p>
      ) : null}
      {usage ? (
        <p class="message-usage" title="Tokens used by this answer">
          {usage.inputTokens} in · {usage.outputTokens} out
        </p>
      ) : null}
    </article>
  );
}
