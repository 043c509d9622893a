/**
 * The events real pages listen for, in the order a browser fires them for a person. They are
 * dispatched to the element (not at coordinates), so Bosun's mask never intercepts them; pages
 * see them as untrusted, like any scripted input.
 */
const pointer = (x: number, y: number, buttons: number) => ({
  bubbles: true,
  cancelable: true,
  composed: true,
  clientX: x,
  clientY: y,
  button: 0,
  buttons,
  pointerId: 1,
  pointerType: 'mouse',
  isPrimary: true,
});

export function click(el: Element, x: number, y: number): void {
  el.dispatchEvent(new PointerEvent('pointerover', pointer(x, y, 0)));
  el.dispatchEvent(new PointerEvent('pointerenter', { ...pointer(x, y, 0), bubbles: false }));
  el.dispatchEvent(new MouseEvent('mouseover', pointer(x, y, 0)));
  el.dispatchEvent(new MouseEvent('mouseenter', { ...pointer(x, y, 0), bubbles: false }));
  const down = el.dispatchEvent(new PointerEvent('pointerdown', pointer(x, y, 1)));
  const mouseDown = down && el.dispatchEvent(new MouseEvent('mousedown', { ...pointer(x, y, 1), detail: 1 }));
  // A cancelled mousedown does not move focus, as in a real click.
  if (mouseDown) focus(el);
  el.dispatchEvent(new PointerEvent('pointerup', pointer(x, y, 0)));
  el.dispatchEvent(new MouseEvent('mouseup', { ...pointer(x, y, 0), detail: 1 }));
  // An untrusted click still runs the element's activation behaviour: links follow, boxes toggle, buttons submit.
  el.dispatchEvent(new MouseEvent('click', { ...pointer(x, y, 0), detail: 1 }));
}

export function focus(el: Element): void {
  (el as HTMLElement).focus?.({ preventScroll: true });
}

/** Fires the input and change events a framework's controlled input reacts to. */
export function inputAndChange(el: Element, data: string | null): void {
  el.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true, inputType: 'insertText', data }));
  el.dispatchEvent(new Event('change', { bubbles: true }));
}

/** Enter, as a keyboard sends it; returns false when the page cancelled it. */
export function pressEnter(el: Element): boolean {
  const init = { key: 'Enter', code: 'Enter', keyCode: 13, which: 13, bubbles: true, cancelable: true, composed: true };
  const down = el.dispatchEvent(new KeyboardEvent('keydown', init));
  const press = down && el.dispatchEvent(new KeyboardEvent('keypress', init));
  el.dispatchEvent(new KeyboardEvent('keyup', init));
  return down && press;
}
