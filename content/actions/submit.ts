import type { ActionResult } from '../../src/protocol/background-to-content';
import { locate, notFound } from '../find-element';
import { pressEnter } from './events';
import { prepare } from './target';

/**
 * SUBMIT_FORM: submits the form of a field or button the way a person would (Enter in a
 * field, or the form's own submission with this button as submitter), so the page's submit
 * handlers and validation run.
 */
export function submitForm(p: { index?: number; snapshotId?: string; selector?: string }): ActionResult {
  const found = locate(p);
  if ('error' in found) return notFound(found);
  const { el } = found;
  const form =
    el.localName === 'form' ? (el as HTMLFormElement) : ((el as HTMLInputElement).form ?? el.closest('form'));
  if (!form) return { success: false, error: 'That element is not part of a form.' };
  const ready = prepare(el.localName === 'form' ? form : el, 'the form');
  if (!ready.ok) return { success: false, error: ready.error };
  const isButton =
    el.localName === 'button' || (el.localName === 'input' && /^(submit|image)$/.test((el as HTMLInputElement).type));
  if (!isButton && el.localName !== 'form' && !pressEnter(el))
    return { success: true, message: 'Pressed Enter; the page handled it' };
  form.requestSubmit(isButton ? (el as HTMLButtonElement) : undefined);
  return { success: true, message: 'Submitted the form' };
}
