/**
 * Where Bosun's pointer is: the element it last moved over. Browsers fire "out"/"leave" events on
 * the element the pointer leaves and "over"/"enter" on the one it reaches (enter and leave once
 * for each ancestor crossed), and menus that open on hover close on leave. Keeping the pointer
 * where the last action left it is what lets a hovered menu stay open for the next click.
 */
import { HOVERED, hoverReveals, type HoverReveal } from '../snapshot/hover-rules';

let hovered: WeakRef<Element> | null = null;
/** The elements carrying HOVERED: the one under the pointer and its ancestors. */
let marked: Element[] = [];
const sheets = new WeakMap<Document, HTMLStyleElement>();

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

const matchesAny = (el: Element, rules: HoverReveal[]) =>
  rules.some(({ anchor }) => {
    try {
      return el.matches(anchor);
    } catch {
      return false;
    }
  });

/**
 * Scripted events do not make the page's `:hover` rules apply, so what a rule shows on an
 * ancestor's hover (a row's delete button) is shown the same way: the page's own rules, with
 * `:hover` written as an attribute, apply to the element under the pointer and its ancestors.
 * Only rules that reveal something are copied, and only when one applies here.
 */
function forceHover(el: Element): void {
  for (const old of marked) old.removeAttribute(HOVERED);
  marked = [];
  const doc = el.ownerDocument;
  const chain: Element[] = [];
  for (let node: Element | null = el; node; node = node.parentElement) chain.push(node);
  const rules = hoverReveals(doc).filter((rule) => chain.some((node) => matchesAny(node, [rule])));
  if (rules.length === 0) return;
  let sheet = sheets.get(doc);
  if (!sheet?.isConnected) sheets.set(doc, (sheet = doc.createElement('style')));
  const text = [...new Set(rules.map((rule) => rule.forced))].join('\n');
  if (sheet.textContent !== text) sheet.textContent = text;
  if (!sheet.isConnected) (doc.head ?? doc.documentElement).append(sheet);
  for (const node of chain) node.setAttribute(HOVERED, '');
  marked = chain;
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
    forceHover(el);
  }
  fire(el, 'pointermove', 'mousemove', pointerInit(x, y, buttons));
}

export const hoveredElement = (): Element | null => hovered?.deref() ?? null;
