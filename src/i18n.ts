import { browser } from './platform/browser';
import type messages from '../_locales/en/messages.json';

/** A message's name in _locales/en/messages.json: the compiler rejects a name that is not there. */
export type MessageKey = keyof typeof messages;

/**
 * The text of a message in the browser's language (English when there is no translation).
 * `$1`, `$2`… in the message take the substitutions in order, so translations can reorder them.
 */
export function t(key: MessageKey, ...substitutions: (string | number)[]): string {
  return browser.i18n.getMessage(key, substitutions.map(String));
}

/**
 * Fills the static text of an extension page: each `data-i18n="name"` element gets that message
 * (tests/unit/i18n-messages.test.ts checks those names against messages.json).
 */
export function localizePage(root: ParentNode): void {
  for (const element of root.querySelectorAll<HTMLElement>('[data-i18n]')) {
    element.textContent = browser.i18n.getMessage(element.dataset.i18n ?? '');
  }
}
