import type { TargetResult } from '../src/protocol/background-to-content';
import { locateOrFocused } from './find-element';
import { labelOf, readableName } from './snapshot/label';
import { roleOf } from './snapshot/roles';

/** How much of any one text the policy judges (the protocol's bound). */
const MAX_TEXT = 4000;
/** Elements inside the target whose ::before/::after are read: a button holds a few spans, not a page. */
const MAX_GENERATED = 30;

const cap = (text: string | null | undefined): string => (text ?? '').replace(/\s+/g, ' ').trim().slice(0, MAX_TEXT);

/** The text a `content` value draws: its quoted strings and attr() values; nothing for none/normal. */
function drawnText(el: Element, content: string): string {
  const parts: string[] = [];
  for (const match of content.matchAll(/"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'|attr\(\s*([\w-]+)\s*\)/g)) {
    if (match[3] !== undefined) parts.push(el.getAttribute(match[3]) ?? '');
    else
      parts.push(
        (match[1] ?? match[2] ?? '')
          .replace(/\\([0-9a-fA-F]{1,6})\s?/g, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
          .replace(/\\(.)/g, '$1'),
      );
  }
  return parts.join('');
}

/** CSS generated content (::before/::after) of the element and what it holds: a label a page draws with CSS only. */
function generatedText(el: Element): string {
  const view = el.ownerDocument.defaultView;
  if (!view) return '';
  const elements = [el, ...[...el.querySelectorAll('*')].slice(0, MAX_GENERATED)];
  const texts = elements.flatMap((e) =>
    ['::before', '::after'].map((pseudo) => drawnText(e, view.getComputedStyle(e, pseudo).content)),
  );
  return cap(texts.filter(Boolean).join(' '));
}

/** Links longer than this are not a place a click is judged to go: the protocol bounds them. */
const MAX_HREF = 8192;

/**
 * The absolute address a click on the element follows: its own or its enclosing link's (HTML or
 * SVG <a>, an image map's <area>), resolved against the document's base; none for a script link.
 */
function linkOf(el: Element): string | undefined {
  const link = el.closest('a[href], area[href]');
  const raw = link?.getAttribute('href');
  if (!link || raw === null || raw === undefined) return undefined;
  try {
    const url = new URL(raw, link.baseURI);
    return /^https?:$|^file:$/.test(url.protocol) && url.href.length <= MAX_HREF ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** What the policy needs to know about the element itself: its kind, its names, and where it sits. */
function elementFacts(el: Element): NonNullable<TargetResult['element']> {
  const input = el as HTMLInputElement;
  const href = linkOf(el);
  const typed =
    el.localName === 'input' || el.localName === 'button' || el.localName === 'select' || el.localName === 'textarea';
  return {
    tag: el.localName,
    role: roleOf(el) ?? '',
    type: typed ? cap(input.type) : '',
    autocomplete: cap(el.getAttribute('autocomplete')),
    name: cap(el.getAttribute('name')),
    id: cap(el.id),
    visibleText: cap(el instanceof HTMLElement ? el.innerText : el.textContent),
    accessibleName: cap(readableName(el)),
    generatedText: generatedText(el),
    title: cap(el.getAttribute('title')),
    value:
      el.localName === 'input' && /^(submit|button|reset|image)$/.test(input.type)
        ? cap(input.value || el.getAttribute('alt'))
        : '',
    placeholder: cap(el.getAttribute('placeholder')),
    inForm: Boolean(input.form ?? el.closest('form')),
    inDialog: el.closest('dialog, [role="dialog"], [role="alertdialog"], [aria-modal="true"]') !== null,
    ...(href ? { href } : {}),
  };
}

const FIELDS = 'input:not([type="hidden"]), select, textarea';
/** How far up a button outside any form looks for the fields it acts on (a single-page app's "form"). */
const NEARBY_LEVELS = 3;

/** Containers a single-page app groups one task in: a button's fields are not looked for beyond one. */
const BOUNDARY =
  'section, fieldset, article, aside, dialog, main, [role="dialog"], [role="group"], [role="region"], [role="form"]';

/** The fields a button outside any form most likely saves: those of its closest ancestor that has some. */
function nearbyFields(el: Element): HTMLInputElement[] {
  let box = el.parentElement;
  for (let level = 0; box && box !== el.ownerDocument.body && level < NEARBY_LEVELS; level++, box = box.parentElement) {
    const fields = [...box.querySelectorAll<HTMLInputElement>(FIELDS)].filter((f) => f !== el);
    if (fields.length > 0) return fields.slice(0, 100);
    if (box.matches(BOUNDARY)) break;
  }
  return [];
}

const unique = (values: string[]) => [...new Set(values.filter(Boolean).map(cap))].slice(0, 100);

/** The fields' kinds, autocomplete tokens and names, for the policy. */
const fieldFacts = (fields: HTMLInputElement[]) => ({
  fieldTypes: unique(fields.map((f) => f.type)),
  autocomplete: unique(fields.map((f) => f.autocomplete)),
  fieldNames: unique(fields.flatMap((f) => [f.name, f.id])),
});

/** The button Enter in a form's field clicks: its first submit button (HTML's "default button"). */
const defaultButton = (form: HTMLFormElement): Element | null =>
  [...form.elements].find((e) => /^(submit|image)$/.test((e as HTMLButtonElement).type)) ?? null;

/**
 * The form an element would submit: where to, how, and what kinds of fields it holds. A button
 * outside any form is described with the fields around it: a password change in a single-page
 * app has no <form>, and its Save button must still be seen to save a password.
 */
function formOf(el: Element): TargetResult['form'] {
  const form = (el as HTMLButtonElement).form ?? el.closest('form');
  if (!form) {
    const fields = el.matches(FIELDS) ? [] : nearbyFields(el);
    return fields.length > 0 ? fieldFacts(fields) : undefined;
  }
  // A button's or field's formAction is the page's own address when it has no formaction
  // attribute (the HTML spec's reflection), which would hide where the form really sends its data.
  const own = el.hasAttribute('formaction') ? (el as HTMLButtonElement).formAction : '';
  const submitter = el.matches(FIELDS) ? defaultButton(form) : null;
  return {
    action: own || form.action,
    method: (form.method || 'get').toLowerCase(),
    ...fieldFacts([...form.elements] as HTMLInputElement[]),
    ...(submitter ? { submitter: elementFacts(submitter) } : {}),
  };
}

/**
 * DESCRIBE_TARGET: what an action would touch, read without changing anything, so the
 * permission prompt can name it and the policy can tell a "Buy now" from an "Add to cart" however
 * the page dresses it (aria-label, CSS-only text, a password field outside any form).
 */
export function describeTarget(p: {
  index?: number;
  snapshotId?: string;
  selector?: string;
  focused?: true;
}): TargetResult {
  const found = locateOrFocused(p);
  if ('error' in found)
    return { found: false, error: found.error, ...(found.failure ? { failure: found.failure } : {}) };
  const form = formOf(found.el);
  return {
    found: true,
    role: roleOf(found.el) ?? found.el.localName,
    label: labelOf(found.el),
    element: elementFacts(found.el),
    ...(form ? { form } : {}),
  };
}
