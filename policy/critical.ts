import { CRITICAL_WORDS, type WordRule } from './critical-words';
import {
  elementFieldReason,
  elementTexts,
  fieldsReason,
  isAccountPage,
  isButton,
  isUnlabeled,
  type ElementFacts,
} from './critical-fields';
import { keyEffect } from './key-press';
import { skeletonRegExp, textForms } from './text-skeleton';
import type { Commitment } from './task-scope';
import type { PageToolFacts } from './page-tool-level';

export { normalizeText } from './text-skeleton';
export type { ElementFacts } from './critical-fields';

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
  /** The element acted on: its own type, names and every text that names it. */
  readonly element?: ElementFacts;
  /** Each field a multi-field action (fill_form) touches, judged one by one. */
  readonly fields?: readonly ElementFacts[];
  /** The key a press_key call presses ("Enter", "Ctrl+Enter"), which can submit or click like a click. */
  readonly key?: string;
  /** The default button of the form the element sits in: Enter in one of its fields clicks it. */
  readonly submitter?: ElementFacts;
  /** A tool the page declares for agents (WebMCP): what the page says of it. Its label is its name and description. */
  readonly pageTool?: PageToolFacts;
}

/** Labels longer than this are judged on their first part only: a regex over megabytes is a page's DoS. */
const MAX_JUDGED = 4000;

/** Each rule over both forms of a text: its normalized form and its Latin skeleton. */
const RULES: readonly { rule: WordRule; forms: readonly [RegExp, RegExp | undefined][] }[] = CRITICAL_WORDS.map(
  (rule) => ({
    rule,
    forms: [
      [rule.match, rule.unless],
      [skeletonRegExp(rule.match), rule.unless && skeletonRegExp(rule.unless)],
    ],
  }),
);

const matches = (text: string, match: RegExp, unless: RegExp | undefined): boolean => {
  if (unless !== undefined) unless.lastIndex = 0;
  return match.test(unless === undefined ? text : text.replace(unless, ' '));
};

function labelRule(label: unknown): WordRule | null {
  if (typeof label !== 'string' || label === '') return null;
  const text = label.slice(0, MAX_JUDGED);
  let rule = judgedLabels.get(text);
  if (rule === undefined) {
    const forms = textForms(text);
    const hit = RULES.find(({ forms: pairs }) =>
      forms.some((form) => pairs.some(([match, unless]) => matches(form, match, unless))),
    );
    rule = hit?.rule ?? null;
    if (judgedLabels.size >= MAX_REMEMBERED) judgedLabels.clear();
    judgedLabels.set(text, rule);
  }
  return rule;
}

/**
 * Labels already judged. One action's judging asks about the same texts several times (its level,
 * its commitment, its reason), a page repeats its labels ("Add to cart" on every card), and each
 * judging runs every rule's expressions over two forms of the text.
 */
const judgedLabels = new Map<string, WordRule | null>();
const MAX_REMEMBERED = 1000;

const labelReason = (label: unknown): string | null => labelRule(label)?.reason ?? null;

const list = (value: unknown): readonly unknown[] => (Array.isArray(value) ? value : []);

/** The element's own names, and its field facts when it is a field rather than a button. */
function elementReason(el: ElementFacts | undefined): string | null {
  if (typeof el !== 'object' || el === null) return null;
  return elementTextReason(el) ?? (isButton(el) ? null : elementFieldReason(el));
}

function fieldReason(ctx: CriticalContext): string | null {
  for (const field of list(ctx.fields) as ElementFacts[]) {
    const reason = typeof field === 'object' && field !== null ? elementFieldReason(field) : null;
    if (reason !== null) return `${reason} (${field.name || field.id || field.accessibleName || 'unnamed'})`;
  }
  return fieldsReason(list(ctx.fieldTypes), list(ctx.autocomplete), list(ctx.fieldNames));
}

/** Path segments and host labels of checkout and payment pages (/checkout, /cart/checkout, pay.example.com). */
const PAYMENT_SEGMENTS: ReadonlySet<string> = new Set([
  'checkout',
  'checkouts',
  'payment',
  'payments',
  'pay',
  'billing',
  'purchase',
]);

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
  const segments = url.pathname.split('/').map((s) =>
    decodeSegment(s)
      .toLowerCase()
      .replace(/\.[a-z0-9]+$/, ''),
  );
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

/**
 * An action button nobody can read, where a button commits things: in a form, in a dialog, or on
 * an account or settings page. An icon-only "delete account" must not pass for harmless.
 */
function unlabeledReason(ctx: CriticalContext): string | null {
  const el = ctx.element;
  if (typeof el !== 'object' || el === null || !isButton(el) || !isUnlabeled(el)) return null;
  const where = el.inForm === true || el.inDialog === true || isAccountPage(parseUrl(ctx.pageUrl ?? ctx.url));
  return where ? 'a button with no readable label, in a form, dialog or account page' : null;
}

/** Why an action is critical, for the prompt; null when it is not. Never throws. */
export function criticalReason(ctx: CriticalContext): string | null {
  if (typeof ctx !== 'object' || ctx === null) return null;
  return (
    labelReason(ctx.label) ??
    elementReason(ctx.element) ??
    elementTextReason(enteredButton(ctx)) ??
    fieldReason(ctx) ??
    urlReason(ctx) ??
    unlabeledReason(ctx)
  );
}

/**
 * Why the words on an element make a click commit something (buy, send, delete, change the
 * account), or null. Form fields, URLs and missing labels do not count: a click on a password field
 * only focuses it.
 */
export const commitReason = (ctx: CriticalContext): string | null => commitRule(ctx)?.reason ?? null;

/** What a click on this element commits the person to (buy, send, delete…), for the task's scope; or null. */
export const commitmentOf = (ctx: CriticalContext): Commitment | null => commitRule(ctx)?.commitment ?? null;

const commitRule = (ctx: CriticalContext): WordRule | null =>
  typeof ctx === 'object' && ctx !== null
    ? (labelRule(ctx.label) ?? elementTextRule(ctx.element) ?? elementTextRule(enteredButton(ctx)))
    : null;

/** The button a key press clicks without naming it: the form's default button, for Enter in its field. */
const enteredButton = (ctx: CriticalContext): ElementFacts | undefined =>
  keyEffect(ctx.key, ctx.element) === 'submits' ? ctx.submitter : undefined;

function elementTextRule(el: ElementFacts | undefined): WordRule | null {
  if (typeof el !== 'object' || el === null) return null;
  for (const text of elementTexts(el)) {
    const rule = labelRule(text);
    if (rule !== null) return rule;
  }
  return null;
}

const elementTextReason = (el: ElementFacts | undefined): string | null => elementTextRule(el)?.reason ?? null;

/** The spec's API: is clicking `buttonText` on `url` a critical action? */
export function isCriticalAction(buttonText: string, url: string): boolean {
  return criticalReason({ label: buttonText, url }) !== null;
}
