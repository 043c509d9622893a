import { createLabelLookup, type LabelLookup } from './labels';

/**
 * A short accessible name for the listing: what a person would call the element. Follows
 * the usual order of the accessible-name computation (aria-labelledby, aria-label, label,
 * alt/title/placeholder, text), simplified and capped, because the listing is read by a model
 * on every step and each character costs.
 */
const MAX_LABEL = 40;

const squash = (text: string | null | undefined): string => (text ?? '').replace(/\s+/g, ' ').trim();

export function clip(text: string, max = MAX_LABEL): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

function byLabelledBy(el: Element): string {
  const ids = el.getAttribute('aria-labelledby');
  if (!ids) return '';
  const root = el.getRootNode() as Document | ShadowRoot;
  return squash(
    ids
      .split(/\s+/)
      .map((id) => root.getElementById?.(id)?.textContent ?? '')
      .join(' '),
  );
}

function byLabelElement(el: Element, labelsOf: LabelLookup): string {
  return squash(labelsOf(el).map((label) => label.textContent).join(' '));
}

function byText(el: Element): string {
  // textContent of a huge container is costly to build; an interactive element's own text is short.
  const text = squash(el.textContent?.slice(0, 400));
  if (text) return text;
  const img = el.querySelector('img[alt], [aria-label]');
  return squash(img?.getAttribute('alt') ?? img?.getAttribute('aria-label'));
}

/** The accessible name in full, without the `name` attribute fallback: what a person could read. */
export function readableName(el: Element, labelsOf: LabelLookup = createLabelLookup()): string {
  return (
    byLabelledBy(el) ||
    squash(el.getAttribute('aria-label')) ||
    byLabelElement(el, labelsOf) ||
    squash(el.getAttribute('alt')) ||
    (el.localName === 'input' || el.localName === 'textarea' || el.localName === 'select' ? '' : byText(el)) ||
    squash(el.getAttribute('placeholder')) ||
    squash(el.getAttribute('title')) ||
    (el.localName === 'input' && /^(submit|button|reset)$/.test((el as HTMLInputElement).type) ? squash((el as HTMLInputElement).value) : '')
  );
}

export function labelOf(el: Element, labelsOf: LabelLookup = createLabelLookup()): string {
  return clip(readableName(el, labelsOf) || squash(el.getAttribute('name')));
}
