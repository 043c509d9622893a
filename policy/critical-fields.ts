import { words } from './critical-words';
import { normalizeText, skeleton } from './text-skeleton';

/** What the page says about one element: its own attributes and every text that names it. */
export interface ElementFacts {
  readonly role?: string;
  readonly tag?: string;
  readonly type?: string;
  readonly autocomplete?: string;
  readonly name?: string;
  readonly id?: string;
  /** The text a person sees on it (rendered text), its full accessible name, CSS ::before/::after text. */
  readonly visibleText?: string;
  readonly accessibleName?: string;
  readonly generatedText?: string;
  readonly title?: string;
  /** An input button's value, a field's placeholder. */
  readonly value?: string;
  readonly placeholder?: string;
  readonly inForm?: boolean;
  /** Inside a dialog (<dialog>, role dialog/alertdialog, aria-modal). */
  readonly inDialog?: boolean;
  /** The absolute address of the link or image map area the element is (or is inside). */
  readonly href?: string;
}

/** Field names are identifiers: "cardNumber", "card_number", "cc-csc" all become separate words. */
const identifierWords = (name: string): string =>
  skeleton(name)
    .replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2')
    .replace(/[_\-.[\]]+/g, ' ');

const SENSITIVE_FIELD_NAMES: readonly [RegExp, string][] = [
  [words('password', 'passwd', 'pwd', 'pass\\s*phrase', 'passcode', 'pin'), 'a password field'],
  [
    words(
      'card\\s*(?:number|num|no)',
      'credit\\s*card',
      'debit\\s*card',
      'cc\\s*(?:number|num|csc|exp)',
      'cvv2?',
      'cvc2?',
      'csc',
      'security\\s+code',
    ),
    'a payment card field',
  ],
  [
    words(
      'iban',
      'bic',
      'swift',
      'routing\\s*(?:number|no)',
      'sort\\s*code',
      '(?:bank\\s*)?account\\s*(?:number|num|no)',
      'acct\\s*(?:number|num|no)?',
    ),
    'a bank account field',
  ],
  [
    words(
      'otp',
      'totp',
      'one\\s*time\\s*(?:code|password)',
      'verification\\s*code',
      '2fa(?:\\s*code)?',
      'mfa(?:\\s*code)?',
    ),
    'a one-time security code field',
  ],
];

const AUTOCOMPLETE_REASONS: readonly [RegExp, string][] = [
  [/^cc-/, 'a payment card field'],
  [/^(?:current|new)-password$/, 'a password field'],
  [/^one-time-code$/, 'a one-time security code field'],
];

const str = (value: unknown): string => (typeof value === 'string' ? value : '');

/** Why a set of field facts (types, autocomplete tokens, names) is sensitive, or null. */
export function fieldsReason(
  types: readonly unknown[],
  autocomplete: readonly unknown[],
  names: readonly unknown[],
): string | null {
  if (types.some((type) => str(type).trim().toLowerCase() === 'password')) return 'a password field';
  // autocomplete holds space-separated tokens such as "section-pay billing cc-number".
  const tokens = autocomplete.flatMap((value) => str(value).toLowerCase().split(/\s+/));
  for (const [pattern, reason] of AUTOCOMPLETE_REASONS) {
    if (tokens.some((token) => pattern.test(token))) return reason;
  }
  const identifiers = names.map((name) => identifierWords(str(name)));
  for (const [pattern, reason] of SENSITIVE_FIELD_NAMES) {
    if (identifiers.some((name) => pattern.test(name))) return reason;
  }
  return null;
}

/** An element's own field reason: a password, card, bank or one-time-code field, in a form or not. */
export const elementFieldReason = (el: ElementFacts): string | null =>
  fieldsReason([el.type], [el.autocomplete], [el.name, el.id, el.placeholder, el.accessibleName]);

/** Every text that names the element, for the word match. */
export const elementTexts = (el: ElementFacts): string[] =>
  [el.visibleText, el.accessibleName, el.generatedText, el.title, el.value].map(str).filter((t) => t !== '');

const ACTION_INPUT_TYPES: ReadonlySet<string> = new Set(['submit', 'button', 'image', 'reset']);

/** A button (element or role) rather than a field or a link. */
export const isButton = (el: ElementFacts): boolean =>
  str(el.role).toLowerCase() === 'button' ||
  str(el.tag).toLowerCase() === 'button' ||
  (str(el.tag).toLowerCase() === 'input' && ACTION_INPUT_TYPES.has(str(el.type).toLowerCase()));

/** Path segments and host labels of pages where an unnamed button may change the account. */
const ACCOUNT_PARTS: ReadonlySet<string> = new Set([
  'account',
  'accounts',
  'settings',
  'preferences',
  'prefs',
  'profile',
  'security',
  'admin',
  'privacy',
  'billing',
]);

export const isAccountPage = (url: URL | null): boolean => {
  if (url === null) return false;
  const parts = [...url.pathname.toLowerCase().split(/[/._-]+/), ...url.hostname.toLowerCase().split('.').slice(0, -2)];
  return parts.some((part) => ACCOUNT_PARTS.has(part));
};

/** A button nobody can read: no letter or digit in any of its names (an icon, an empty aria-label). */
export const isUnlabeled = (el: ElementFacts): boolean =>
  !elementTexts(el).some((text) => /[\p{L}\p{N}]/u.test(normalizeText(text)));
