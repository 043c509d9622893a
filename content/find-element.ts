import type { ActionFailure } from '../src/protocol/background-to-content';
import { resolve } from './snapshot/registry';

export type Found = { el: Element } | { error: string; failure?: ActionFailure };

/** A lookup that found nothing, as an action's answer. */
export const notFound = (found: { error: string; failure?: ActionFailure }) => ({
  success: false,
  error: found.error,
  ...(found.failure ? { failure: found.failure } : {}),
});

/** An element by CSS selector from the model: an invalid selector is an error to report, not an exception. */
export function bySelector(selector: string): Found {
  let el: Element | null;
  try {
    el = document.querySelector(selector);
  } catch {
    return { error: `Invalid selector: ${selector}`, failure: 'invalid-args' };
  }
  return el ? { el } : { error: `Element not found: ${selector}` };
}

/** An element by index into the last snapshot (checked for staleness) or, failing that, by selector. */
export function byIndexOrSelector(p: { index?: number; snapshotId?: string; selector?: string }): Found {
  if (p.index !== undefined) {
    const found = resolve(p.index, p.snapshotId ?? '');
    return found.ok ? { el: found.el } : { error: found.error };
  }
  return p.selector ? bySelector(p.selector) : { error: 'Give an index or a selector.', failure: 'invalid-args' };
}
