import type { ActionResult } from '../../src/protocol/background-to-content';
import { locate, notFound } from '../find-element';
import { clickSelector, scrollPage, typeSelector } from './by-selector';
import { clickElement, typeInto } from './operate';
import { clickAt } from './pointer';
import { scroll } from './scroll';

/** Runs an action on an element of the last snapshot, or reports why the index no longer fits. */
function onIndex<R extends ActionResult | Promise<ActionResult>>(
  index: number,
  snapshotId: string,
  act: (el: Element, name: string) => R,
): R | ActionResult {
  const found = locate({ index, snapshotId });
  return 'error' in found ? notFound(found) : act(found.el, found.name);
}

type Which = { index?: number; snapshotId?: string; selector?: string };

/** CLICK_ELEMENT: by index (at a point inside it when x or y is given) or by selector. */
export function clickOne(p: Which & { x?: number; y?: number; trusted?: boolean }) {
  if (p.index === undefined) return clickSelector(p.selector ?? '', p.trusted);
  const at = { index: p.index, snapshotId: p.snapshotId ?? '', trusted: p.trusted };
  if (p.x !== undefined || p.y !== undefined)
    return clickAt({ ...at, ...(p.x !== undefined ? { x: p.x } : {}), ...(p.y !== undefined ? { y: p.y } : {}) });
  return onIndex(at.index, at.snapshotId, (el, name) => clickElement(el, name, { trusted: p.trusted }));
}

/** FILL_FORM: types into one field, by index or by selector. */
export function typeOne(p: Which & { text: string; clear?: boolean; submit?: boolean; trusted?: boolean }) {
  const { index, snapshotId, selector, ...typing } = p;
  if (index === undefined) return typeSelector({ ...typing, selector: selector ?? '' });
  return onIndex(index, snapshotId ?? '', (el, name) => typeInto(el, name, p.text, typing));
}

/** SCROLL_PAGE: to the top or bottom, or by an amount, of the page or of the area holding an element. */
export function scrollOne(p: {
  direction: 'up' | 'down' | 'left' | 'right' | 'top' | 'bottom';
  amount?: number;
  index?: number;
  snapshotId?: string;
}): ActionResult {
  if (p.direction === 'top' || p.direction === 'bottom') return scrollPage(p.direction);
  if (p.index === undefined) return scroll(p.direction, p.amount, null);
  if (!p.snapshotId)
    return { success: false, error: 'Scrolling an element needs the snapshotId of the reading its index comes from.' };
  return onIndex(p.index, p.snapshotId, (el, name) => scroll(p.direction, p.amount, el, name));
}
