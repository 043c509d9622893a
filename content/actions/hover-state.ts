/**
 * Where Bosun's pointer is: the element it last moved over. Browsers fire "out"/"leave" events on
 * the element the pointer leaves and "over"/"enter" on the one it reaches (enter and leave once
 * for each ancestor crossed), and menus that open on hover close on leave. Keeping the pointer
 * where the last action left it is what lets a hovered menu stay open for the next click.
 */
let hovered: WeakRef<Element> | null = null;

export const pointerInit = (x: number, y: number, buttons: number, related: Element | null = null) => ({
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
  relatedTarget: related,
});

const parentOf = (el: Element): Element | null =>
  el.parentElement ?? ((el.parentNode as ShadowRoot | null)?.host as Element | undefined) ?? null;

/** The element and its ancestors that do not contain `other`: the ones the pointer enters or leaves. */
function chainUntil(el: Element, other: Element | null): Element[] {
  const chain: Element[] = [];
  for (let node: Element | null = el; node && !(other && node.contains(other)); node = parentOf(node)) chain.push(node);
  return chain;
}

function fire(el: Element, pointerType: string, mouseType: string, init: object, bubbles = true): void {
  el.dispatchEvent(new PointerEvent(pointerType, { ...init, bubbles }));
  el.dispatchEvent(new MouseEvent(mouseType, { ...init, bubbles }));
}

/** Moves the pointer onto `el` at (x, y) in its document's viewport, firing what a real move fires. */
export function pointerTo(el: Element, x: number, y: number, buttons = 0): void {
  const before = hovered?.deref() ?? null;
  const old = before?.isConnected ? before : null;
  if (old !== el) {
    if (old) {
      const leaving = old.ownerDocument === el.ownerDocument ? el : null;
      const init = pointerInit(x, y, buttons, leaving);
      fire(old, 'pointerout', 'mouseout', init);
      for (const node of chainUntil(old, leaving)) fire(node, 'pointerleave', 'mouseleave', init, false);
    }
    const init = pointerInit(x, y, buttons, old);
    fire(el, 'pointerover', 'mouseover', init);
    const entering = chainUntil(el, old?.ownerDocument === el.ownerDocument ? old : null).reverse();
    for (const node of entering) fire(node, 'pointerenter', 'mouseenter', init, false);
    hovered = new WeakRef(el);
  }
  fire(el, 'pointermove', 'mousemove', pointerInit(x, y, buttons));
}

export const hoveredElement = (): Element | null => hovered?.deref() ?? null;
