import { CRITICAL_WORDS, words } from './critical-words';

/** What the gate knows about an action, to tell whether it is critical. Every field is optional. */
export interface CriticalContext {
  /** Visible text of the button or link (or its accessible name). */
  readonly label?: string;
  /** URL the action goes to, or the page URL when there is no target. */
  readonly url?: string;
  /** The `action` of the form being submitted, possibly relative to pageUrl. */
  readonly formAction?: string;
  readonly pageUrl?: string;
  /** `type` of the fields in the form being filled or submitted. */
  readonly fieldTypes?: readonly string[];
  /** `autocomplete` of those fields. */
  readonly autocomplete?: readonly string[];
  /** `name`/`id`/label/placeholder of those fields, e.g. "cardNumber", "cvv". */
  readonly fieldNames?: readonly string[];
}

/**
 * Text a page controls is untrusted: fold compatibility forms (full-width letters) and strip
 * invisible characters, so "P\u200Bay" or "Ｐａｙ" cannot dodge the word match.
 */
const INVISIBLE = /[\u00AD\u180E\u200B-\u200F\u2060-\u2064\uFEFF]/g;
export const normalizeText = (text: string): string =>
  text.normalize('NFKC').replace(INVISIBLE, '').replace(/\s+/g, ' ').trim();

/** Field names are identifiers: "cardNumber", "card_number", "cc-csc" all become separate words. */
const identifierWords = (name: string): string =>
  normalizeText(name).replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2').replace(/[_\-.[\]]+/g, ' ');

const SENSITIVE_FIELD_NAME = words(
  'card\\s*(?:number|num|no)',
  'credit\\s*card',
  'debit\\s*card',
  'cc\\s*(?:number|num|csc|exp)',
  'cvv2?',
  'cvc2?',
  'csc',
  'security\\s+code',
  'password',
  'passwd',
  'iban',
);

function labelReason(label: string | undefined): string | null {
  if (typeof label !== 'string') return null;
  const text = normalizeText(label);
  const rule = CRITICAL_WORDS.find((r) => r.match.test(r.unless === undefined ? text : text.replace(r.unless, ' ')));
  return rule?.reason ?? null;
}

const AUTOCOMPLETE_REASONS: readonly [RegExp, string][] = [
  [/^cc-/, 'a payment card field'],
  [/^(?:current|new)-password$/, 'a password field'],
  [/^one-time-code$/, 'a one-time security code field'],
];

function fieldReason(ctx: CriticalContext): string | null {
  if (ctx.fieldTypes?.some((type) => String(type).trim().toLowerCase() === 'password')) return 'a password field';
  // autocomplete holds space-separated tokens such as "section-pay billing cc-number".
  const tokens = (ctx.autocomplete ?? []).flatMap((value) => String(value).toLowerCase().split(/\s+/));
  for (const [pattern, reason] of AUTOCOMPLETE_REASONS) {
    if (tokens.some((token) => pattern.test(token))) return reason;
  }
  const names = ctx.fieldNames ?? [];
  if (names.some((name) => SENSITIVE_FIELD_NAME.test(identifierWords(String(name))))) {
    return 'a payment card or password field';
  }
  return null;
}

/** Path segments and host labels of checkout and payment pages (/checkout, /cart/checkout, pay.example.com). */
const PAYMENT_SEGMENTS: ReadonlySet<string> = new Set(['checkout', 'checkouts', 'payment', 'payments', 'pay', 'billing', 'purchase']);

const parseUrl = (url: string | undefined, base?: string): URL | null => {
  if (typeof url !== 'string' || url.trim() === '') return null;
  try {
    // A relative URL without a page to resolve against still has a path worth checking.
    return new URL(url, base !== undefined && URL.canParse(base) ? base : 'https://relative.invalid/');
  } catch {
    return null;
  }
};

const decodeSegment = (segment: string): string => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

/** The path segment or host label that makes `url` a payment page, or null. */
function paymentPart(url: URL | null): string | null {
  if (url === null) return null;
  // "checkout.php" counts as "checkout": strip one extension.
  const segments = url.pathname.split('/').map((s) => decodeSegment(s).toLowerCase().replace(/\.[a-z0-9]+$/, ''));
  // Host labels left of the registrable part: pay.example.com, checkout.shop.example.
  const labels = url.hostname.toLowerCase().split('.').slice(0, -2);
  return [...segments, ...labels].find((part) => PAYMENT_SEGMENTS.has(part)) ?? null;
}

function urlReason(ctx: CriticalContext): string | null {
  const page = ctx.pageUrl ?? ctx.url;
  const urls = [parseUrl(ctx.url, ctx.pageUrl), parseUrl(ctx.formAction, page), parseUrl(ctx.pageUrl)];
  const payment = urls.map(paymentPart).find((part): part is string => part !== null);
  if (payment !== undefined) return `a checkout or payment page ("${payment}")`;
  const action = parseUrl(ctx.formAction, page);
  const pageUrl = parseUrl(page);
  // A form whose data goes to another origin than the page it sits on is how phishing and
  // injected forms exfiltrate what the person typed.
  if (action !== null && pageUrl !== null && action.origin !== pageUrl.origin) {
    return `a form that sends data to another site (${action.origin})`;
  }
  return null;
}

/** Why an action is critical, for the prompt; null when it is not. Never throws. */
export function criticalReason(ctx: CriticalContext): string | null {
  if (typeof ctx !== 'object' || ctx === null) return null;
  return labelReason(ctx.label) ?? fieldReason(ctx) ?? urlReason(ctx);
}

/** The spec's API: is clicking `buttonText` on `url` a critical action? */
export function isCriticalAction(buttonText: string, url: string): boolean {
  return criticalReason({ label: buttonText, url }) !== null;
}
