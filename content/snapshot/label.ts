import { calendarDayName } from '../../src/reader/calendar-grid';
import { attributesOf, type Attributes } from './attributes';
import { createLabelLookup, type LabelLookup } from './labels';
import { isSliderHandle, NAMED_BY_AUTHOR_ONLY, roleOf } from './roles';
import { SCRIPTED_ROLES } from './scripted';

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

function byLabelledBy(el: Element, attribute: Attributes): string {
  const ids = attribute('aria-labelledby');
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
const NESTED_ITEMS = /^(group|tree|menu|listbox)\b/;
const CONTROLS =
  'a[href],button,input,select,textarea,[role=button],[role=link],[role=menuitem],[role=tab],[role=checkbox]';

/**
 * The name an element's content gives it: its text, and for images and icons inside it their
 * alt, aria-label or title, in document order. Stops as soon as there is more than the label
 * can show, so a large container costs what its first words cost, and markup whitespace is
 * collapsed rather than counted.
 */
function byContent(el: Element, limit: number, skipControls = false): string {
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
        const name = e.localName;
        if (SILENT.has(name)) continue;
        const attribute = attributesOf(e);
        if (attribute('aria-hidden') === 'true' || attribute('hidden') !== null) continue;
        // A tree folder's or menu item's own items are named on their own, not in its name.
        if (NESTED_ITEMS.test(attribute('role') ?? '')) continue;
        // A row or card made clickable by script is named by its own text: its buttons are listed apart.
        if (skipControls && e.matches(CONTROLS)) continue;
        const own = named(attribute('aria-label'));
        if (own) add(own);
        else if (name === 'img' || name === 'svg')
          add(named(attribute('alt')) || named(attribute('title')) || svgTitle(e));
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

function byContentOrTitle(
  el: Element,
  attribute: Attributes,
  fromContent: boolean,
  limit: number,
  role: string | null,
): string {
  const content = fromContent ? byContent(el, limit, SCRIPTED_ROLES.has(role ?? '')) : '';
  const title = named(attribute('title'));
  return GLYPHS_ONLY.test(content) ? title || content : content || title;
}

const FIELDS = new Set(['input', 'textarea', 'select']);

/**
 * The accessible name, its content part read up to `limit` characters, without the `name` attribute
 * fallback: what a person could read.
 */
function accessibleName(el: Element, labelsOf: LabelLookup, role: string | null, limit: number): string {
  const fromContent = !FIELDS.has(el.localName) && !NAMED_BY_AUTHOR_ONLY.has(role ?? '');
  const attribute = attributesOf(el);
  return (
    byLabelledBy(el, attribute) ||
    named(attribute('aria-label')) ||
    byLabelElement(el, labelsOf) ||
    named(attribute('alt')) ||
    byContentOrTitle(el, attribute, fromContent, limit, role) ||
    squash(attribute('placeholder')) ||
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
 * The word an element's class gives: BEM's modifier or element ("post__action--like" → "like",
 * "composer__send" → "send"), an icon set's name without its prefix ("fa-heart" → "heart"), and not
 * a block's own class beside its modifier's ("action action-like" → "like").
 */
export function classWord(node: Element): string {
  const tokens = (node.getAttribute('class') ?? '').split(/\s+/).filter((t) => t && !GENERIC_CLASS.test(t));
  /** `block` is the start of `token`, before a separator: "action" of "action-like". */
  const startOf = (block: string, token: string) =>
    token.length > block.length && token.startsWith(block) && /[-_]/.test(token.charAt(block.length));
  for (const token of tokens) {
    if (tokens.some((other) => startOf(token, other))) continue;
    const block = tokens.find((other) => startOf(other, token)) ?? '';
    const word = (token.slice(block.length).split(/--|__/).pop() ?? '').replace(ICON_PREFIX, '');
    const words = squash(word.replace(/[-_]+/g, ' '));
    if (words) return words;
  }
  return '';
}

/**
 * Where nothing names an icon button (TodoMVC's delete is an empty button drawn by CSS) or a field
 * (its item editor), the class of the control or its icon is what tells it apart: "destroy",
 * "fa-heart" as "heart", "edit".
 */
function byClass(el: Element): string {
  for (const node of [el, ...el.querySelectorAll('i,svg,span')].slice(0, 3)) {
    const word = classWord(node);
    if (word) return word;
  }
  return '';
}

/**
 * A control whose only content is an image named by nothing but its file (a gallery's thumbnail
 * linking to the full photo, its alt left as the uploaded file's name or missing): that file name,
 * which is what a screen reader reads out or the only thing that tells the photos apart.
 */
function imageFile(el: Element): string {
  const img = el.localName === 'img' ? el : el.querySelector('img');
  if (!img || squash(el.textContent)) return '';
  const alt = squash(img.getAttribute('alt'));
  if (FILE_NAME.test(alt)) return alt;
  const last = (img.getAttribute('src') ?? '').split(/[?#]/)[0]?.split('/').pop() ?? '';
  let file = last;
  try {
    file = decodeURIComponent(last);
  } catch {
    // A malformed escape: the name as written.
  }
  return FILE_NAME.test(file) ? file : '';
}

/**
 * A script-drawn slider's name: its track's, from its author (aria-label, aria-labelledby, title),
 * or the label of the field just before it that shows its values, as jQuery UI's demos place it.
 */
function sliderName(handle: Element, labelsOf: LabelLookup): string {
  const track = handle.parentElement;
  if (!track) return '';
  const own = accessibleName(track, labelsOf, 'slider', MAX_LABEL);
  if (own) return own;
  const before = track.previousElementSibling;
  const label = before?.localName === 'label' ? before : before?.querySelector('label');
  return squash(label?.textContent).replace(/:$/, '');
}

/** Containers repeated down a page (a feed's posts, a list's items, a table's rows), and the word for one. */
const REPEATED = 'article,li,tr,[role=article],[role=listitem],[role=row]';
/** Past this many, a container's number says no more than its text would. */
const MAX_ORDINAL = 1000;
const WORD: Record<string, string> = { article: 'post', li: 'item', tr: 'row', listitem: 'item', row: 'row' };

/**
 * What places a control nothing names among the ones like it: which of a slider's handles it is
 * ("handle 1 of 2"), or which of the repeated containers it sits in ("in post 2"), the container
 * called by its class or its kind and numbered in order among its siblings of the same kind.
 */
function placeOf(el: Element, role: string | null): string {
  if (role === 'slider' && isSliderHandle(el) && el.parentElement) {
    const handles = [...el.parentElement.children].filter(isSliderHandle);
    return handles.length > 1 ? ` handle ${handles.indexOf(el) + 1} of ${handles.length}` : '';
  }
  const container = el.parentElement?.closest(REPEATED);
  if (!container) return '';
  const kind = (c: Element) =>
    c.localName === container.localName && c.getAttribute('role') === container.getAttribute('role');
  // Counted back from the container, and given up past a bound, so a long feed costs each entry its place, not the feed.
  let ordinal = 1;
  for (let s = container.previousElementSibling; s; s = s.previousElementSibling) {
    if (kind(s) && ++ordinal > MAX_ORDINAL) return '';
  }
  let next = container.nextElementSibling;
  while (ordinal === 1 && next && !kind(next)) next = next.nextElementSibling;
  if (ordinal === 1 && !next) return '';
  const word =
    classWord(container) || WORD[container.getAttribute('role') ?? ''] || WORD[container.localName] || 'item';
  return ` in ${word} ${ordinal}`;
}

/**
 * The listing's name of an element, and for one its author left unnamed, what else tells it apart:
 * its place among the ones like it, and whether its name is an image's file name.
 */
export interface Name {
  label: string;
  place: string;
  image: boolean;
}

/** The name an element's author did not give it: its `name`, its image's file, its class, a slider's track. */
function fallbackName(el: Element, labelsOf: LabelLookup, role: string | null): { label: string; image: boolean } {
  const byName = squash(el.getAttribute('name'));
  if (byName) return { label: byName, image: false };
  if (CLASS_NAMED_ROLES.has(role ?? '')) {
    const file = imageFile(el);
    return { label: file || byClass(el), image: file !== '' };
  }
  return { label: role === 'slider' && isSliderHandle(el) ? sliderName(el, labelsOf) : '', image: false };
}

/** The name the author gave; a calendar's day named as the date it is ("15 December 2026"), not its number alone. */
function ownName(el: Element, labelsOf: LabelLookup, role: string | null): string {
  const name = accessibleName(el, labelsOf, role, MAX_LABEL);
  return (name && calendarDayName(el, name)) || name;
}

export function nameParts(
  el: Element,
  labelsOf: LabelLookup = createLabelLookup(),
  role: string | null = roleOf(el),
): Name {
  const own = ownName(el, labelsOf, role);
  if (own) return { label: clip(own), place: '', image: false };
  const { label, image } = fallbackName(el, labelsOf, role);
  return { label: clip(label), place: placeOf(el, role), image };
}

export function labelOf(
  el: Element,
  labelsOf: LabelLookup = createLabelLookup(),
  role: string | null = roleOf(el),
): string {
  return clip(ownName(el, labelsOf, role) || fallbackName(el, labelsOf, role).label);
}
