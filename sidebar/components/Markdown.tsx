import { useLayoutEffect, useRef } from 'preact/hooks';
import { markdownRenderer } from '../markdown-loader';

const COPIED_MS = 1500;

/**
 * Renders before paint, so a streaming answer grows without flicker. Until the renderer has
 * loaded (the first answer of a session), the text is shown as it is.
 */
export function Markdown({ text }: { text: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const render = markdownRenderer();
  useLayoutEffect(() => {
    if (!ref.current) return;
    if (render) ref.current.replaceChildren(render(text));
    else ref.current.textContent = text;
  }, [text, render]);
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
