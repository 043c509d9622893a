import type { ActionFailure } from '../src/protocol/background-to-content';
import { labelOf } from './snapshot/label';
import { resolve } from './snapshot/registry';
import { roleOf } from './snapshot/roles';

export type Found = { el: Element } | { error: string; failure?: ActionFailure };

/** A lookup that found nothing, as an action's answer. */
export const notFound = (found: { error: string; failure?: ActionFailure }) => ({
  success: false,
  error: found.error,
  ...(found.failure ? { failure: found.failure } : {}),
});

/** An element by CSS selector from the model: an invalid selector is an error to report, not an exception. */
export function bySelector(selector: string): Found {
  let el: Element | null;
  try {
    el = document.querySelector(selector);
  } catch {
    return { error: `Invalid selector: ${selector}`, failure: 'invalid-args' };
  }
  return el ? { el } : { error: `Element not found: ${selector}` };
}

/** Where an action was told to act: an index of the last reading, or a CSS selector. */
export type Place = { index?: number; snapshotId?: string; selector?: string };

/** The element an action acts on, with the name its answer gives it (its index, role and label, as the listing shows it). */
export type Located = { el: Element; name: string; role: string } | { error: string; failure?: ActionFailure };

export function locate(p: Place): Located {
  if (p.index !== undefined) {
    const found = resolve(p.index, p.snapshotId ?? '');
    if (!found.ok) return { error: found.error };
    return {
      el: found.el,
      name: `[${p.index}] ${found.role}${found.label ? ` "${found.label}"` : ''}`,
      role: found.role,
    };
  }
  if (!p.selector) return { error: 'Give an index or a selector.', failure: 'invalid-args' };
  const found = bySelector(p.selector);
  if ('error' in found) return found;
  const role = roleOf(found.el) ?? found.el.localName;
  const label = labelOf(found.el);
  return { el: found.el, name: `${role}${label ? ` "${label}"` : ''}`, role };
}

/**
 * The element a key pressed on the page goes to: the focused one, followed into open shadow roots
 * and same-origin frames (a trusted key reaches the field inside a web component or a frame); null
 * when only the page has focus. A frame of another site stays the frame: its document is closed to us.
 */
export function focusedElement(doc: Document = document): Element | null {
  let el = doc.activeElement;
  for (;;) {
    const inner = el?.shadowRoot?.activeElement ?? focusInFrame(el);
    if (!inner) break;
    el = inner;
  }
  return el === null || el === doc.body || el === doc.documentElement ? null : el;
}

function focusInFrame(el: Element | null | undefined): Element | null {
  if (el?.localName !== 'iframe' && el?.localName !== 'frame') return null;
  const inner = (el as HTMLIFrameElement).contentDocument;
  const active = inner?.activeElement;
  return active && active !== inner.body && active !== inner.documentElement ? active : null;
}

/** A place to describe or outline: as `locate`, or the focused element (a key pressed on the page). */
export function locateOrFocused(p: Place & { focused?: true }): Located {
  if (p.focused !== true) return locate(p);
  const el = focusedElement();
  if (!el) return { error: 'Nothing on the page has focus.' };
  const role = roleOf(el) ?? el.localName;
  const label = labelOf(el);
  return { el, name: `${role}${label ? ` "${label}"` : ''}`, role };
}
