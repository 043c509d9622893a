import { calendarDayName } from '../../src/reader/calendar-grid';
import { createLabelLookup, type LabelLookup } from './labels';
import { NAMED_BY_AUTHOR_ONLY, roleOf } from './roles';

/**
 * A short accessible name for the listing: what a person would call the element. Follows the
 * order of the accessible-name computation (aria-labelledby, aria-label, label, alt, content for
 * the roles named by it, title, placeholder), capped, because the listing is read by a model on
 * every step and each character costs.
 */
const MAX_LABEL = 40;

const squash = (text: string | null | undefined): string => (text ?? '').replace(/\s+/g, ' ').trim();

/** An image's file name is not a name a person would use ("navigation.jpeg"). */
const FILE_NAME = /^[^\s/]+\.(png|jpe?g|gif|svg|webp|avif|bmp|ico|tiff?)$/i;
const named = (text: string | null | undefined): string => {
  const name = squash(text);
  return FILE_NAME.test(name) ? '' : name;
};

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
  return squash(
    labelsOf(el)
      .map((label) => label.textContent)
      .join(' '),
  );
}

const SILENT = new Set(['script', 'style', 'template', 'noscript']);

/**
 * The name an element's content gives it: its text, and for images and icons inside it their
 * alt, aria-label or title, in document order. Stops as soon as there is more than the label
 * can show, so a large container costs what its first words cost, and markup whitespace is
 * collapsed rather than counted.
 */
function byContent(el: Element, limit: number): string {
  let out = '';
  const add = (text: string | null | undefined) => {
    const part = squash(text);
    if (part) out += out ? ` ${part}` : part;
  };
  const visit = (node: Node): boolean => {
    for (let child = node.firstChild; child && out.length <= limit; child = child.nextSibling) {
      if (child.nodeType === Node.TEXT_NODE) add(child.nodeValue);
      else if (child.nodeType === Node.ELEMENT_NODE) {
        const e = child as Element;
        if (SILENT.has(e.localName) || e.getAttribute('aria-hidden') === 'true' || e.hasAttribute('hidden')) continue;
        const own = named(e.getAttribute('aria-label'));
        if (own) add(own);
        else if (e.localName === 'img' || e.localName === 'svg')
          add(named(e.getAttribute('alt')) || named(e.getAttribute('title')) || svgTitle(e));
        else visit(e);
      }
    }
    return out.length > limit;
  };
  visit(el);
  return out;
}

/** Content of glyphs alone ("‹", "×", "☰") says less than a title, which then names the element. */
const GLYPHS_ONLY = /^[^\p{L}\p{N}]+$/u;

const svgTitle = (el: Element) => (el.localName === 'svg' ? squash(el.querySelector('title')?.textContent) : '');

function byContentOrTitle(el: Element, fromContent: boolean, limit: number): string {
  const content = fromContent ? byContent(el, limit) : '';
  const title = named(el.getAttribute('title'));
  return GLYPHS_ONLY.test(content) ? title || content : content || title;
}

const FIELDS = new Set(['input', 'textarea', 'select']);

/**
 * The accessible name, its content part read up to `limit` characters, without the `name` attribute
 * fallback: what a person could read.
 */
function accessibleName(el: Element, labelsOf: LabelLookup, role: string | null, limit: number): string {
  const fromContent = !FIELDS.has(el.localName) && !NAMED_BY_AUTHOR_ONLY.has(role ?? '');
  return (
    byLabelledBy(el) ||
    named(el.getAttribute('aria-label')) ||
    byLabelElement(el, labelsOf) ||
    named(el.getAttribute('alt')) ||
    byContentOrTitle(el, fromContent, limit) ||
    squash(el.getAttribute('placeholder')) ||
    (el.localName === 'input' && /^(submit|button|reset)$/.test((el as HTMLInputElement).type)
      ? squash((el as HTMLInputElement).value)
      : '')
  );
}

/** What the permission gate judges: the whole name, as far as a person could read it (capped by the target's own bound). */
const READABLE_LIMIT = 4000;

export function readableName(el: Element, labelsOf: LabelLookup = createLabelLookup()): string {
  return accessibleName(el, labelsOf, roleOf(el), READABLE_LIMIT);
}

/** Class names that say how a control looks or is built, not what it does. */
const GENERIC_CLASS =
  /^(fa[srlbd]?|bi|mdi|icons?|glyphicon|material-icons|btn|button|active|selected|sr-only)$|^(btn|is|has|js)-/;
const ICON_PREFIX = /^(fa|bi|mdi|icon|glyphicon)-/;
const CLASS_NAMED_ROLES = new Set(['button', 'link', 'clickable', 'menuitem', 'tab', 'textbox']);

/**
 * Where nothing names an icon button (TodoMVC's delete is an empty button drawn by CSS) or a field
 * (its item editor), the class of the control or its icon is what tells it apart: "destroy",
 * "fa-heart" as "heart", "edit".
 */
function byClass(el: Element): string {
  for (const node of [el, ...el.querySelectorAll('i,svg,span')].slice(0, 3)) {
    for (const token of (node.getAttribute('class') ?? '').split(/\s+/)) {
      const word = token.replace(ICON_PREFIX, '');
      if (word && !GENERIC_CLASS.test(token)) return squash(word.replace(/[-_]+/g, ' '));
    }
  }
  return '';
}

export function labelOf(
  el: Element,
  labelsOf: LabelLookup = createLabelLookup(),
  role: string | null = roleOf(el),
): string {
  const name = accessibleName(el, labelsOf, role, MAX_LABEL);
  // A calendar's day is named as the date it is ("15 December 2026"), not by its number alone.
  const day = name ? calendarDayName(el, name) : null;
  return clip(
    day ?? (name || squash(el.getAttribute('name')) || (CLASS_NAMED_ROLES.has(role ?? '') ? byClass(el) : '')),
  );
}
