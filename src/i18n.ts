import { browser } from './platform/browser';
import type messages from '../_locales/en/messages.json';

/** A message's name in _locales/en/messages.json: the compiler rejects a name that is not there. */
export type MessageKey = keyof typeof messages;

/**
 * The text of a message in the browser's language (English when there is no translation).
 * `$1`, `$2`… in the message take the substitutions in order, so translations can reorder them.
 */
export function t(key: MessageKey, ...substitutions: (string | number)[]): string {
  const id = substitutions.length === 0 ? key : [key, ...substitutions].join('\u0000');
  let text = known.get(id);
  if (text === undefined) {
    text = browser.i18n.getMessage(key, substitutions.map(String));
    if (known.size >= MAX_KNOWN) known.clear();
    known.set(id, text);
  }
  return text;
}

/**
 * Messages already asked for. A panel asks for the same ones on every drawing, and each
 * `getMessage` is an extension API call: in Firefox a schema check and a call into the
 * extension framework, on the thread the background page runs on too.
 */
const known = new Map<string, string>();
/** Substitutions make new texts (counts, names): past this many, the cache starts again. */
const MAX_KNOWN = 2000;

/**
 * Fills the static text of an extension page: each `data-i18n="name"` element gets that message
 * (tests/unit/i18n-messages.test.ts checks those names against messages.json).
 */
export function localizePage(root: ParentNode): void {
  for (const element of root.querySelectorAll<HTMLElement>('[data-i18n]')) {
    element.textContent = browser.i18n.getMessage(element.dataset.i18n ?? '');
  }
}
