import type { TargetResult } from '../src/protocol/background-to-content';
import { labelOf } from './snapshot/label';
import { resolve } from './snapshot/registry';
import { roleOf } from './snapshot/roles';

/** The form an element would submit: where to, how, and what kinds of fields it holds. */
function formOf(el: Element): TargetResult['form'] {
  const form = (el as HTMLButtonElement).form ?? el.closest('form');
  if (!form) return undefined;
  const fields = [...form.elements] as HTMLInputElement[];
  return {
    action: (el as HTMLButtonElement).formAction || form.action,
    method: (form.method || 'get').toLowerCase(),
    fieldTypes: [...new Set(fields.map((f) => f.type).filter(Boolean))],
    autocomplete: [...new Set(fields.map((f) => f.autocomplete).filter(Boolean))],
  };
}

/**
 * DESCRIBE_TARGET: what an action would touch, read without changing anything, so the
 * permission prompt can name it and the policy can tell a "Buy now" from an "Add to cart".
 */
export function describeTarget(p: { index?: number; snapshotId?: string; selector?: string }): TargetResult {
  let el: Element | null = null;
  if (p.index !== undefined) {
    const found = resolve(p.index, p.snapshotId ?? '');
    if (!found.ok) return { found: false, error: found.error };
    el = found.el;
  } else if (p.selector) {
    try {
      el = document.querySelector(p.selector);
    } catch {
      return { found: false, error: `Invalid selector: ${p.selector}` };
    }
  }
  if (!el) return { found: false, error: p.selector ? `Element not found: ${p.selector}` : 'Give an index or a selector.' };
  const form = formOf(el);
  return { found: true, role: roleOf(el) ?? el.localName, label: labelOf(el), ...(form ? { form } : {}) };
}
