import type { ActionResult } from '../../src/protocol/background-to-content';
import { resolve } from '../snapshot/registry';

/** The attribute the listed element carries, and the one the control it stands for carries (itself, or a label's input). */
export const MARK = 'data-bosun-mark';
export const MARK_CONTROL = 'data-bosun-mark-control';

/**
 * MARK_ELEMENT: names element [index] of the last snapshot by an attribute, so a driver outside
 * the extension (the MCP bridge, whose browser protocol sees the page's DOM but not this listing)
 * can address exactly that element: take its picture, set a file input's files. A listed label
 * that stands for a hidden control (a styled file picker) has its control marked as the control. Only one element
 * is marked at a time: the previous marks go first.
 */
export function markElement(p: { index: number; snapshotId: string; mark: string }): ActionResult {
  const found = resolve(p.index, p.snapshotId);
  if (!found.ok) return { success: false, error: found.error };
  for (const name of [MARK, MARK_CONTROL])
    for (const old of document.querySelectorAll(`[${name}]`)) old.removeAttribute(name);
  found.el.setAttribute(MARK, p.mark);
  const control = (found.el instanceof HTMLLabelElement ? found.el.control : null) ?? found.el;
  control.setAttribute(MARK_CONTROL, p.mark);
  const what = `[${p.index}] ${found.role}${found.label ? ` "${found.label}"` : ''}`;
  return {
    success: true,
    message: `Marked ${what} as ${MARK}="${p.mark}"${control === found.el ? '' : ' and its control'}`,
  };
}
