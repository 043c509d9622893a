import { useEffect, useRef } from 'preact/hooks';
import type { ChatMessage } from '../src/protocol/common';

/** How close to the end of the list, in pixels, still counts as being at it. */
const AT_END_PX = 24;

/**
 * Keeps the end of the list in view as messages come and the answer streams in, while the person is
 * there. Scrolled up to read something earlier, they stay where they are until they scroll back to
 * the end, send a message or open another conversation. Only a scroll that moves up stops the
 * following: the list growing under a scroll already made is not the person moving away.
 * Returns the list's scroll handler.
 */
export function useFollow(
  list: { current: HTMLElement | null },
  end: { current: HTMLElement | null },
  messages: ChatMessage[],
): () => void {
  const following = useRef(true);
  const lastTop = useRef(0);
  const asked = useRef<string | undefined>(undefined);
  const last = messages[messages.length - 1];
  // The person's latest message, which the answer to it may have come with in the same drawing.
  const question = messages.findLast((message) => message.role === 'user')?.id;
  /** Where the person is: back at the end, or moved up since the list was last looked at. */
  const observe = () => {
    const element = list.current;
    if (!element) return;
    if (element.scrollHeight - element.scrollTop - element.clientHeight < AT_END_PX) following.current = true;
    else if (element.scrollTop < lastTop.current) following.current = false;
    lastTop.current = element.scrollTop;
  };
  useEffect(() => {
    // A scroll the browser has not yet told of (its event comes with the next frame) counts too.
    observe();
    // A new question (also the first one drawn of another conversation) brings the person to the end.
    if (question !== asked.current) following.current = true;
    asked.current = question;
    if (!following.current) return;
    end.current?.scrollIntoView?.({ block: 'end' });
    lastTop.current = list.current?.scrollTop ?? 0;
  }, [messages.length, last?.content.length, question]);
  return observe;
}
