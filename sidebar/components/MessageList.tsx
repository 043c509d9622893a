import { Component } from 'preact';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { ChatMessage, StoredPageRef } from '../../src/protocol/common';
import type { ToolCall as ToolCallRecord } from '../plain-action';
import { ErrorActions } from './ErrorActions';
import { MessageItem } from './MessageItem';
import { RunAgain, type ChatScheduling } from './RunAgain';
import { t } from '../../src/i18n';
import { useFollow } from '../use-follow';

/**
 * How many of the latest messages are drawn at first, and how many more each step back. A long
 * conversation (thousands of messages, each answer rendered markdown) would otherwise be drawn
 * whole on every open and re-diffed on every streamed word.
 */
export const MESSAGE_WINDOW = 50;

/** A message is drawn again only when it changed: state.ts replaces just the message a delta touched. */
type RowProps = {
  message: ChatMessage;
  call: ToolCallRecord | undefined;
  stored: readonly StoredPageRef[];
  onOpenStored: ((pageId: string) => void) | undefined;
};
class MessageRow extends Component<RowProps> {
  override shouldComponentUpdate(next: RowProps): boolean {
    return next.message !== this.props.message || next.call !== this.props.call || next.stored !== this.props.stored;
  }
  override render() {
    return <MessageItem {...this.props} />;
  }
}

/** The Library pages this conversation's searches gave; the same array until another search adds one. */
function useStoredPages(messages: ChatMessage[]): readonly StoredPageRef[] {
  const pages = messages.flatMap((m) => m.storedPages ?? []);
  const key = pages.map((page) => page.id).join('\n');
  return useMemo(() => pages, [key]);
}

/** Each tool call by its id, so a result's row can say in words what was done. */
const callsById = (messages: ChatMessage[]) =>
  new Map(messages.flatMap((m) => m.toolCalls ?? []).map((call) => [call.id, call]));

/** What an empty chat offers to start with: one press sends it. */
const SUGGESTIONS = [t('suggest_summarize'), t('suggest_key_facts'), t('suggest_find_prices')];

/**
 * Draws earlier messages when the person scrolls up to the top (or presses the button there),
 * keeping what they were looking at in place. Returns what the button does.
 */
function useEarlier(
  list: { current: HTMLElement | null },
  more: { current: HTMLElement | null },
  hidden: number,
  drawMore: () => void,
): () => void {
  const heightBefore = useRef<number | null>(null);
  const showMore = () => {
    heightBefore.current = list.current?.scrollHeight ?? null;
    drawMore();
  };
  useLayoutEffect(() => {
    const element = list.current;
    if (heightBefore.current === null || !element) return;
    element.scrollTop += element.scrollHeight - heightBefore.current;
    heightBefore.current = null;
  });
  useEffect(() => {
    // Not every environment that draws the sidebar observes intersections (component tests); the button still works.
    if (hidden === 0 || !more.current || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) showMore();
      },
      { root: list.current },
    );
    observer.observe(more.current);
    return () => observer.disconnect();
  }, [hidden]);
  return showMore;
}

interface MessageListProps {
  messages: ChatMessage[];
  /** Sends a suggested prompt; absent while a task runs. */
  onSuggest?: ((text: string) => void) | undefined;
  /** After a failed answer: send the last request again (absent while a task runs), or open Settings. */
  onRetry?: (() => void) | undefined;
  onSettings?: () => void;
  /** Runs the last finished task again (absent while a task runs). */
  onRunAgain?: (() => void) | undefined;
  /** Scheduling the last task to run again by itself. */
  scheduling?: ChatScheduling | undefined;
  /** Opens a cited Library page's stored copy. */
  onOpenStored?: (pageId: string) => void;
}

export function MessageList({
  messages,
  onSuggest,
  onRetry,
  onSettings,
  onRunAgain,
  scheduling,
  onOpenStored,
}: MessageListProps) {
  const end = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLElement>(null);
  const more = useRef<HTMLButtonElement>(null);
  const last = messages[messages.length - 1];
  // The window belongs to one conversation: opening another starts again from its latest messages.
  const conversation = messages[0]?.id ?? '';
  const [drawn, setDrawn] = useState({ conversation, count: MESSAGE_WINDOW });
  const count = drawn.conversation === conversation ? drawn.count : MESSAGE_WINDOW;
  const hidden = Math.max(0, messages.length - count);
  const showMore = useEarlier(list, more, hidden, () => setDrawn({ conversation, count: count + MESSAGE_WINDOW }));
  const onScroll = useFollow(list, end, messages);

  const calls = callsById(messages);
  const stored = useStoredPages(messages);
  if (messages.length === 0) return <EmptyChat onSuggest={onSuggest} />;
  return (
    <main
      class="messages"
      data-testid="messages"
      aria-live="polite"
      aria-busy={last?.status === 'streaming'}
      ref={list}
      onScroll={onScroll}
    >
      {hidden > 0 ? (
        <button type="button" class="button show-earlier" ref={more} onClick={showMore} data-testid="show-earlier">
          {t('messages_show_earlier', hidden)}
        </button>
      ) : null}
      {messages.slice(hidden).map((message) => (
        <MessageRow
          key={message.id}
          message={message}
          call={message.toolCallId ? calls.get(message.toolCallId) : undefined}
          stored={stored}
          onOpenStored={onOpenStored}
        />
      ))}
      <ErrorActions last={last} onSettings={onSettings} onRetry={onRetry} />
      <RunAgain messages={messages} onRunAgain={onRunAgain} scheduling={scheduling} />
      <div ref={end} />
    </main>
  );
}

/** An empty chat: what it offers to start with, one press sends it. */
function EmptyChat({ onSuggest }: Pick<MessageListProps, 'onSuggest'>) {
  return (
    <main class="messages messages--empty" data-testid="messages">
      <p class="empty">{t('messages_empty')}</p>
      {onSuggest ? (
        <ul class="suggestions" aria-label={t('suggest_label')}>
          {SUGGESTIONS.map((text) => (
            <li key={text}>
              <button type="button" class="button suggestion" data-testid="suggestion" onClick={() => onSuggest(text)}>
                {text}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </main>
  );
}
