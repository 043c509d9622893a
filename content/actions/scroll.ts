import type { ActionResult } from '../../src/protocol/background-to-content';

type Direction = 'up' | 'down' | 'left' | 'right' | 'top' | 'bottom';

/** The nearest ancestor (or the element itself) that scrolls along the axis. */
function scrollerOf(el: Element, vertical: boolean): Element | null {
  for (let node: Element | null = el; node; node = node.parentElement) {
    const style = node.ownerDocument.defaultView?.getComputedStyle(node);
    const overflow = vertical ? style?.overflowY : style?.overflowX;
    const room = vertical ? node.scrollHeight - node.clientHeight : node.scrollWidth - node.clientWidth;
    if (room > 1 && (overflow === 'auto' || overflow === 'scroll')) return node;
  }
  return null;
}

/**
 * Scrolls the page, or the scrollable area holding an element, and says where it ended up,
 * so the model knows whether there is more to see.
 */
export function scroll(
  direction: Direction,
  amount: number | undefined,
  target: Element | null,
  what = 'the page',
): ActionResult {
  const vertical = direction === 'up' || direction === 'down' || direction === 'top' || direction === 'bottom';
  const scroller = target ? scrollerOf(target, vertical) : null;
  if (target && !scroller)
    return { success: false, error: `${what} is not in a scrollable area; scroll the page instead.` };
  const view = window;
  const page = document.scrollingElement ?? document.documentElement;
  const box = scroller ?? page;
  const viewport = vertical ? (scroller?.clientHeight ?? view.innerHeight) : (scroller?.clientWidth ?? view.innerWidth);
  const step = amount ?? Math.round(viewport * 0.8);
  const before = vertical ? box.scrollTop : box.scrollLeft;
  const end = vertical ? box.scrollHeight - box.clientHeight : box.scrollWidth - box.clientWidth;
  const wanted =
    direction === 'top'
      ? 0
      : direction === 'bottom'
        ? end
        : before + (direction === 'up' || direction === 'left' ? -step : step);
  const to = Math.max(0, Math.min(end, wanted));
  box.scrollTo({ [vertical ? 'top' : 'left']: to, behavior: 'instant' });
  const after = vertical ? box.scrollTop : box.scrollLeft;
  const where = after <= 0 ? ' (at the start)' : after >= end - 1 ? ' (at the end)' : '';
  const moved = Math.round(Math.abs(after - before));
  const result =
    moved === 0 ? `Could not scroll ${direction}: already as far as it goes` : `Scrolled ${direction} by ${moved}px`;
  return {
    success: true,
    message: `${result}; ${what} is now at ${Math.round(after)} of ${Math.round(end)}px${where}`,
    position: Math.round(after),
    max: Math.round(end),
  };
}
