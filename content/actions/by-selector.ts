import type { ActionResult } from '../../src/protocol/background-to-content';
import { clickElement, typeField } from './operate';
import { locate, bySelector, notFound } from '../find-element';
import { contentPart } from './content-part';
import { scroll } from './scroll';

const MAX_LINKS = 500;

function withElement<R extends ActionResult | Promise<ActionResult>>(
  selector: string,
  act: (el: Element) => R,
): R | ActionResult {
  const found = bySelector(selector);
  return 'error' in found ? notFound(found) : act(found.el);
}

/** Jawad's CLICK_ELEMENT: `{ success, message: 'Clicked element: <selector>' }`. */
export const clickSelector = (selector: string, trusted?: boolean) =>
  withElement(selector, (el) => clickElement(el, selector, { clicked: `Clicked element: ${selector}`, trusted }));

/**
 * FILL_FORM by selector: types into one field, clearing it first unless told not to; with `submit`
 * (Jawad's FILL_FORM) submits as Enter would and says so.
 */
export const typeSelector = (p: {
  selector: string;
  text: string;
  clear?: boolean;
  submit?: boolean;
  trusted?: boolean;
}) =>
  withElement(p.selector, async (el) => {
    const options = { clear: p.clear ?? true, submit: p.submit, trusted: p.trusted };
    const { result, via } = await typeField(el, p.selector, p.text, options);
    if (!p.submit || !result.success) return { ...result, selector: p.selector, text: p.text };
    return { ...result, message: `Filled and submitted: ${p.selector}${via}` };
  });

/** To the page's top or bottom. */
export function scrollPage(direction: 'top' | 'bottom'): ActionResult {
  const result = scroll(direction, undefined, null);
  if (!result.success) return result;
  return { ...result, message: `Scrolled to ${direction}`, detail: result.message };
}

/** Parchi's waitForElement: resolves when the selector matches, or after the timeout. */
export function waitForElement(selector: string, timeoutMs = 5000): Promise<ActionResult> {
  const done = (found: boolean): ActionResult =>
    found
      ? { success: true, selector, found, message: `Found ${selector}` }
      : { success: false, selector, found, error: `Timeout waiting for element: ${selector}`, failure: 'timeout' };
  const first = bySelector(selector);
  if ('el' in first) return Promise.resolve(done(true));
  if (first.failure === 'invalid-args') return Promise.resolve({ ...notFound(first), selector, found: false });
  return new Promise((resolvePromise) => {
    const finish = (found: boolean) => {
      clearTimeout(timer);
      observer.disconnect();
      resolvePromise(done(found));
    };
    const observer = new MutationObserver(() => {
      if (document.querySelector(selector)) finish(true);
    });
    observer.observe(document, { childList: true, subtree: true, attributes: true });
    const timer = setTimeout(() => finish(false), timeoutMs);
  });
}

/** Parchi's getPageContent, bounded in size. */
export function getContent(
  type: 'text' | 'html' | 'title' | 'url' | 'links',
  selector?: string,
  at: { index?: number; snapshotId?: string; from?: number; maxChars?: number } = {},
): ActionResult {
  if (type === 'title') return { success: true, type, content: document.title };
  if (type === 'url') return { success: true, type, content: location.href };
  const scope =
    at.index !== undefined
      ? locate({ index: at.index, snapshotId: at.snapshotId ?? '' })
      : selector
        ? bySelector(selector)
        : { el: document.body ?? document.documentElement };
  if ('error' in scope) return { ...notFound(scope), type };
  if (type === 'links') {
    const links = [...scope.el.querySelectorAll('a[href]')]
      .slice(0, MAX_LINKS)
      .map((a) => ({
        text: (a.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 200),
        href: (a as HTMLAnchorElement).href,
      }))
      .filter((link) => !link.href.startsWith('javascript:'));
    return { success: true, type, content: links };
  }
  const raw = type === 'html' ? scope.el.outerHTML : textOf(scope.el);
  return { success: true, type, content: contentPart(raw, at.from, at.maxChars) };
}

/** What a person reads in an element: a field's whole value (a password only as its length), else its text. */
function textOf(el: Element): string {
  if (el.localName === 'textarea' || el.localName === 'input') {
    const field = el as HTMLInputElement;
    return field.type === 'password' ? `(a password of ${field.value.length} characters)` : field.value;
  }
  if (el.localName === 'select') return [...(el as HTMLSelectElement).selectedOptions].map((o) => o.text).join(', ');
  return (el as HTMLElement).innerText ?? el.textContent ?? '';
}
