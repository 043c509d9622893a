import type { ChatMessage } from '../../src/protocol/common';
import { Markdown } from './Markdown';
import { t } from '../../src/i18n';

const STATUS_NOTE: Partial<Record<ChatMessage['status'], string>> = {
  stopped: t('message_stopped'),
};
const OUTCOME_LABEL: Record<NonNullable<ChatMessage['outcome']>, string> = {
  success: t('tool_outcome_success'),
  failed: t('tool_outcome_failed'),
  denied: t('tool_outcome_denied'),
  interrupted: t('tool_outcome_interrupted'),
};

const shortArgs = (args: Record<string, unknown>) => {
  const text = JSON.stringify(args);
  return text.length > 120 ? `${text.slice(0, 119)}…` : text;
};

/** A tool call and its result, shown inline and compact: what was done, where, and how it went. */
function ToolResult({ message }: { message: ChatMessage }) {
  const outcome = message.outcome ?? 'success';
  return (
    <article class={`message message--tool outcome--${outcome}`} data-testid="message" data-role="tool" data-status={message.status} data-outcome={outcome} data-tool={message.name}>
      <details>
        <summary>
          <span class="tool-name">{message.name}</span> <span class="tool-outcome">{OUTCOME_LABEL[outcome]}</span>
          {message.site ? <span class="tool-site"> · {message.site}</span> : null}
        </summary>
        <div class="message-content tool-text">{message.content}</div>
      </details>
    </article>
  );
}

export function MessageItem({ message }: { message: ChatMessage }) {
  if (message.role === 'tool') return <ToolResult message={message} />;
  const { role, content, status, error, usage, toolCalls } = message;
  return (
    <article class={`message message--${role} message--${status}`} data-testid="message" data-role={role} data-status={status}>
      <span class="visually-hidden">{role === 'user' ? t('message_you_said') : t('message_bosun_said')}</span>
      {content ? role === 'assistant' ? <Markdown text={content} /> : <div class="message-content">{content}</div> : null}
      {status === 'streaming' && !content ? <div class="typing" aria-label={t('message_working')} /> : null}
      {toolCalls?.map((call) => (
        <p class="tool-call" key={call.id} data-testid="tool-call">
          → {call.name} <code>{shortArgs(call.args)}</code>
        </p>
      ))}
      {STATUS_NOTE[status] ? <p class="message-note">{STATUS_NOTE[status]}</p> : null}
      {error ? (
        <p class="message-error" data-testid="message-error">
          {error}
        </p>
      ) : null}
      {usage ? (
        <p class="message-usage" title={t('message_usage_title')}>
          {t('message_usage', usage.inputTokens, usage.outputTokens)}
        </p>
      ) : null}
    </article>
  );
}
