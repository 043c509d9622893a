import { useEffect, useRef } from 'preact/hooks';

export interface Shortcuts {
  /** What Escape does now, or null when it does nothing. */
  escape(): (() => void) | null;
  focusInput(): void;
}

const editable = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/**
 * The panel's keys, wherever focus is: Escape cancels the most recent thing (a recording, then a
 * question, then the running task); "/" outside a text field goes to the message box. Enter sends
 * and Shift+Enter starts a new line in the box itself.
 */
export function useShortcuts(shortcuts: Shortcuts): void {
  const latest = useRef(shortcuts);
  latest.current = shortcuts;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing) return;
      if (event.key === 'Escape') {
        const act = latest.current.escape();
        if (!act) return;
        event.preventDefault();
        act();
      } else if (event.key === '/' && !event.ctrlKey && !event.metaKey && !event.altKey && !editable(event.target)) {
        event.preventDefault();
        latest.current.focusInput();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
}
