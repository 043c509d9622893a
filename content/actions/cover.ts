import { describeElement } from '../snapshot/describe';
import { labelOf } from '../snapshot/label';
import { lastListing } from '../snapshot/registry';
import { roleOf } from '../snapshot/roles';

const POPUP =
  '[role=listbox],[role=menu],[role=dialog],[role=alertdialog],[role=tooltip],[role=grid],dialog,[popover],[aria-modal=true]';

/** A layer drawn over the page (an autocomplete's list, a menu, a banner): positioned out of the flow. */
function floating(el: Element): Element | null {
  const view = el.ownerDocument.defaultView;
  let node: Element | null = el;
  for (let depth = 0; node && depth < 6; depth += 1, node = node.parentElement) {
    const position = view?.getComputedStyle(node).position;
    if (position === 'absolute' || position === 'fixed' || position === 'sticky') return node;
  }
  return null;
}

/**
 * Why an element cannot be clicked, naming what covers it the way the listing names things
 * (role, label, index when listed), and how to get it out of the way: an open pop-up is closed
 * with Escape or a click elsewhere, a fixed banner is scrolled past or dismissed.
 */
export function coveredError(cover: Element, what: string): string {
  const popup = cover.closest(POPUP) ?? floating(cover);
  const holder = popup ?? cover;
  const role = holder.getAttribute('role') ?? roleOf(holder) ?? (holder.localName === 'dialog' ? 'dialog' : '');
  const label = labelOf(holder, undefined, role || null);
  const listed = lastListing()?.listed.findIndex((entry) => entry.el === cover || entry.el.contains(cover)) ?? -1;
  const named = [role, label ? `"${label}"` : ''].filter(Boolean).join(' ');
  const name = `${describeElement(holder)}${named ? ` (${named})` : ''}`;
  const item = listed >= 0 ? ` (the point falls on listed element [${listed + 1}])` : '';
  const advice = popup
    ? 'It is an open pop-up or overlay: choose from it if that was the aim, or close it with press_key "Escape" (or by clicking elsewhere), then try again.'
    : 'Close or scroll past what covers it, then try again.';
  return `covered by ${name}${item}: ${what} cannot be reached. ${advice}`;
}
