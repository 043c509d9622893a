import { useEffect, useRef } from 'preact/hooks';
import type { ChatMessage } from '../../src/protocol/common';
import { MessageItem } from './MessageItem';
import { t } from '../../src/i18n';

export function MessageList({ messages }: { messages: ChatMessage[] }) {
  const end = useRef<HTMLDivElement>(null);
  const last = messages[messages.length - 1];
  // Follows the answer as it streams in.
  useEffect(() => end.current?.scrollIntoView?.({ block: 'end' }), [messages.length, last?.content.length]);

  if (messages.length === 0) {
    return (
      <main class="messages messages--empty" data-testid="messages">
        <p class="empty">{t('messages_empty')}</p>
      </main>
    );
  }
  return (
    <main class="messages" data-testid="messages" aria-live="polite" aria-busy={last?.status === 'streaming'}>
      {messages.map((message) => (
        <MessageItem key={message.id} message={message} />
      ))}
      <div ref={end} />
    </main>
  );
}
