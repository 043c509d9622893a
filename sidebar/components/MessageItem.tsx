import type { ChatMessage, StoredPageRef } from '../../src/protocol/common';
import type { ToolCall as ToolCallRecord } from '../plain-action';
import { plainAction } from '../plain-action';
import { toolsInWords } from '../tool-names';
import { Markdown } from './Markdown';
import { t } from '../../src/i18n';
import { showInvisible, showInvisibleJson } from '../../src/show-invisible';

const STATUS_NOTE: Partial<Record<ChatMessage['status'], string>> = {
  stopped: t('message_stopped'),
};
const OUTCOME_LABEL: Record<NonNullable<ChatMessage['outcome']>, string> = {
  success: t('tool_outcome_success'),
  failed: t('tool_outcome_failed'),
  denied: t('tool_outcome_denied'),
  interrupted: t('tool_outcome_interrupted'),
};

/** How a step of a task run again was done: as recorded, or by the model asked for it. */
const REPLAY_LABEL = { replayed: t('replay_replayed'), model: t('replay_model') };

/** The call's arguments for the disclosure, readable; never shown inline. Hidden characters show as code points. */
const pretty = (args: Record<string, unknown>) => showInvisibleJson(args, 2);

/**
 * A tool call and how it went, as one line in words ("Clicking ‘Add to cart’ on shop.example · done");
 * the tool's name, its arguments and what it returned wait behind the disclosure.
 */
function ToolResult({ message, call }: { message: ChatMessage; call: ToolCallRecord | undefined }) {
  const outcome = message.outcome ?? 'success';
  const name = message.name ?? call?.name ?? '';
  return (
    <article
      class={`message message--tool outcome--${outcome}`}
      data-testid="message"
      data-role="tool"
      data-status={message.status}
      data-outcome={outcome}
      data-tool={name}
      data-replay={message.replay}
    >
      <details>
        <summary>
          <span class="tool-line" data-testid="tool-line">
            {showInvisible(plainAction(name, call?.args ?? {}, message.site, message.target))}
          </span>{' '}
          <span class="tool-outcome">{OUTCOME_LABEL[outcome]}</span>
          {message.replay && message.replay !== 'run' ? (
            <span class={`tool-replay tool-replay--${message.replay}`} data-testid="tool-replay">
              {' · '}
              {REPLAY_LABEL[message.replay]}
            </span>
          ) : null}
        </summary>
        <dl class="tool-details">
          <dt>{t('tool_details_tool')}</dt>
          <dd>
            <code>{name}</code>
          </dd>
          {call && Object.keys(call.args).length > 0 ? (
            <>
              <dt>{t('tool_details_args')}</dt>
              <dd>
                <pre class="tool-args">{pretty(call.args)}</pre>
              </dd>
            </>
          ) : null}
          <dt>{t('tool_details_result')}</dt>
          <dd class="message-content tool-text">{showInvisible(message.content)}</dd>
        </dl>
      </details>
    </article>
  );
}

interface MessageItemProps {
  message: ChatMessage;
  /** For a tool result, the call it answers (its arguments are in the assistant's message before it). */
  call?: ToolCallRecord | undefined;
  /** The Library pages the conversation's searches gave, which an answer's citations open. */
  stored?: readonly StoredPageRef[];
  onOpenStored?: ((pageId: string) => void) | undefined;
}

export function MessageItem({ message, call, stored, onOpenStored }: MessageItemProps) {
  if (message.role === 'tool') return <ToolResult message={message} call={call} />;
  const { role, content, status, error, usage } = message;
  // The calls themselves show as their results' rows, and what runs now in the status bar; tokens on hover.
  return (
    <article
      class={`message message--${role} message--${status}${content || error || STATUS_NOTE[status] || status === 'streaming' ? '' : ' message--blank'}`}
      data-testid="message"
      data-role={role}
      data-status={status}
      title={usage ? t('message_usage', usage.inputTokens, usage.outputTokens) : undefined}
      data-usage={usage ? `${usage.inputTokens}/${usage.outputTokens}` : undefined}
      data-replay={message.replay}
    >
      <span class="visually-hidden">{role === 'user' ? t('message_you_said') : t('message_bosun_said')}</span>
      {message.replay === 'run' ? <p class="message-note">{t('replay_run_caption')}</p> : null}
      {message.quote ? (
        // Text the page wrote, which the person pointed at: shown as the page's, never as their words.
        <figure class="message-quote" data-testid="message-quote">
          <figcaption>{t('message_quote_caption')}</figcaption>
          <blockquote>{message.quote}</blockquote>
        </figure>
      ) : null}
      {content ? (
        role === 'assistant' ? (
          <Markdown text={content} stored={stored} onOpenStored={onOpenStored} />
        ) : (
          <div class="message-content">{content}</div>
        )
      ) : null}
      {message.attachments?.length ? (
        // Each marked as what it is: the person's own file or image, or a tab's page content.
        <ul class="message-attachments">
          {message.attachments.map((attachment, index) => (
            <li key={index} data-testid="message-attachment" data-kind={attachment.kind}>
              {attachment.kind === 'tab'
                ? `${t('message_attachment_tab')}: ${attachment.title}`
                : `${attachment.kind === 'image' ? t('message_attachment_image') : t('message_attachment_file')}: ${attachment.name}`}
            </li>
          ))}
        </ul>
      ) : null}
      {status === 'streaming' && !content ? <div class="typing" aria-label={t('message_working')} /> : null}
      {STATUS_NOTE[status] ? <p class="message-note">{STATUS_NOTE[status]}</p> : null}
      {error ? (
        <p class="message-error" data-testid="message-error">
          {toolsInWords(error)}
        </p>
      ) : null}
    </article>
  );
}
