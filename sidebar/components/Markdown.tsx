import { useLayoutEffect, useRef } from 'preact/hooks';
import { renderMarkdown } from '../markdown';

const COPIED_MS = 1500;

/** Renders before paint, so a streaming answer grows without flicker. */
export function Markdown({ text }: { text: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    ref.current?.replaceChildren(renderMarkdown(text));
  }, [text]);
  const copy = (event: MouseEvent) => {
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
  };
  return <div class="message-content markdown" ref={ref} onClick={copy} />;
}
