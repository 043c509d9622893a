import type { TargetResult } from '../src/protocol/background-to-content';
import { labelOf } from './snapshot/label';
import { byIndexOrSelector } from './find-element';
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
  const found = byIndexOrSelector(p);
  if ('error' in found) return { found: false, error: found.error };
  const form = formOf(found.el);
  return { found: true, role: roleOf(found.el) ?? found.el.localName, label: labelOf(found.el), ...(form ? { form } : {}) };
}
