import type { ActionResult } from '../../src/protocol/background-to-content';
import { locate, notFound } from '../find-element';
import { clickElement, selectOption, typeInto } from './operate';
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

export const clickIndex = (p: { index: number; snapshotId: string; trusted?: boolean }) =>
  onIndex(p.index, p.snapshotId, (el, name) => clickElement(el, name, { trusted: p.trusted }));

export const inputText = (p: {
  index: number;
  snapshotId: string;
  text: string;
  submit?: boolean;
  trusted?: boolean;
}) =>
  onIndex(p.index, p.snapshotId, (el, name) => typeInto(el, name, p.text, { submit: p.submit, trusted: p.trusted }));

export const selectIndex = (p: { index: number; snapshotId: string; optionText: string }) =>
  onIndex(p.index, p.snapshotId, (el, name) => selectOption(el, name, p.optionText));

export function scrollBy(p: {
  direction: 'up' | 'down' | 'left' | 'right';
  amount?: number;
  index?: number;
  snapshotId?: string;
}): ActionResult {
  if (p.index === undefined) return scroll(p.direction, p.amount, null);
  if (!p.snapshotId)
    return { success: false, error: 'Scrolling an element needs the snapshotId of the reading its index comes from.' };
  return onIndex(p.index, p.snapshotId, (el, name) => scroll(p.direction, p.amount, el, name));
}
