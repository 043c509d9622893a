/**
 * The events real pages listen for, in the order a browser fires them for a person. They are
 * dispatched to the element (not at coordinates), so Bosun's mask never intercepts them; pages
 * see them as untrusted, like any scripted input.
 */
import { pointerInit, pointerTo } from './hover-state';

const pointer = (x: number, y: number, buttons: number) => pointerInit(x, y, buttons);

/**
 * A press and release of the left button; the `detail` counts the clicks of a double click.
 * False when the page cancelled the click (a link then goes nowhere).
 */
export function click(el: Element, x: number, y: number, detail = 1): boolean {
  pointerTo(el, x, y);
  const down = el.dispatchEvent(new PointerEvent('pointerdown', pointer(x, y, 1)));
  const mouseDown = down && el.dispatchEvent(new MouseEvent('mousedown', { ...pointer(x, y, 1), detail }));
  // A cancelled mousedown does not move focus, as in a real click.
  if (mouseDown) focus(el);
  el.dispatchEvent(new PointerEvent('pointerup', pointer(x, y, 0)));
  el.dispatchEvent(new MouseEvent('mouseup', { ...pointer(x, y, 0), detail }));
  // An untrusted click still runs the element's activation behaviour: links follow, boxes toggle, buttons submit.
  return el.dispatchEvent(new MouseEvent('click', { ...pointer(x, y, 0), detail }));
}

/** Two clicks in a row, then dblclick, as the browser reports a double click. */
export function doubleClick(el: Element, x: number, y: number): void {
  click(el, x, y, 1);
  click(el, x, y, 2);
  el.dispatchEvent(new MouseEvent('dblclick', { ...pointer(x, y, 0), detail: 2 }));
}

export function focus(el: Element): void {
  (el as HTMLElement).focus?.({ preventScroll: true });
}

/** Fires the input (and, for a committed value, change) events a framework's controlled input reacts to. */
export function inputAndChange(el: Element, data: string | null, inputType = 'insertText', change = true): void {
  el.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true, inputType, data }));
  if (change) el.dispatchEvent(new Event('change', { bubbles: true }));
}

/** Enter, as a keyboard sends it; returns false when the page cancelled it. */
export function pressEnter(el: Element): boolean {
  const init = { key: 'Enter', code: 'Enter', keyCode: 13, which: 13, bubbles: true, cancelable: true, composed: true };
  const down = el.dispatchEvent(new KeyboardEvent('keydown', init));
  const press = down && el.dispatchEvent(new KeyboardEvent('keypress', init));
  el.dispatchEvent(new KeyboardEvent('keyup', init));
  return down && press;
}
