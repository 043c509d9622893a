import { useLayoutEffect, useRef } from 'preact/hooks';
import type { StoredPageRef } from '../../src/protocol/common';
import { markdownRenderer } from '../markdown-loader';
import { linkStoredPages } from '../stored-citations';

const COPIED_MS = 1500;

interface MarkdownProps {
  text: string;
  /** The Library pages this conversation's searches gave: links to them open the stored copy. */
  stored?: readonly StoredPageRef[];
  onOpenStored?(pageId: string): void;
}

/**
 * Renders before paint, so a streaming answer grows without flicker. Until the renderer has
 * loaded (the first answer of a session), the text is shown as it is.
 */
export function Markdown({ text, stored = [], onOpenStored }: MarkdownProps) {
  const ref = useRef<HTMLDivElement>(null);
  const render = markdownRenderer();
  useLayoutEffect(() => {
    if (!ref.current) return;
    if (render) ref.current.replaceChildren(render(text));
    else ref.current.textContent = text;
    if (onOpenStored) linkStoredPages(ref.current, stored);
  }, [text, render, stored]);
  const click = (event: MouseEvent) => {
    const cited = (event.target as Element).closest<HTMLElement>('a[data-stored-page]');
    if (cited?.dataset.storedPage && onOpenStored) {
      event.preventDefault();
      onOpenStored(cited.dataset.storedPage);
      return;
    }
    copy(event);
  };
  return <div class="message-content markdown" ref={ref} onClick={click} />;
}

function copy(event: MouseEvent) {
  const button = (event.target as Element).closest<HTMLElement>('.copy-code');
  const code = button?.parentElement?.querySelector('pre')?.textContent;
  if (!button || code === undefined) return;
  navigator.clipboard
    .writeText(code)
    .then(
      () => (button.dataset.state = 'copied'),
      () => (button.dataset.state = 'failed'),
    )
    .finally(() => setTimeout(() => delete button.dataset.state, COPIED_MS));
}
