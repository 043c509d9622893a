import type { ActionResult } from '../../src/protocol/background-to-content';
import { MARKED_GLOBAL } from '../../src/abp/marked-global';
import { resolve } from '../snapshot/registry';

/** The element named by the last mark, and the form control it stands for. */
export interface Marked {
  mark: string;
  element: Element;
  control: Element;
}

/**
 * MARK_ELEMENT: names element [index] of the last snapshot for a driver outside the extension (the
 * MCP bridge, whose browser protocol sees the page's DOM but not this listing), so it can take that
 * very element's picture or set a file input's files. Nothing on the page changes: an attribute
 * would let a page script move the name to another element between the listing and the act. A
 * listed label that stands for a hidden control (a styled file picker) names its control as the
 * control. Only the last mark is kept.
 */
export function markElement(p: { index: number; snapshotId: string; mark: string }): ActionResult {
  const found = resolve(p.index, p.snapshotId);
  if (!found.ok) return { success: false, error: found.error };
  const control = (found.el instanceof HTMLLabelElement ? found.el.control : null) ?? found.el;
  const marked: Marked = { mark: p.mark, element: found.el, control };
  (globalThis as Record<string, unknown>)[MARKED_GLOBAL] = marked;
  const what = `[${p.index}] ${found.role}${found.label ? ` "${found.label}"` : ''}`;
  return { success: true, message: `Marked ${what} as ${p.mark}${control === found.el ? '' : ' and its control'}` };
}
