import { createCursorLookup } from './cursor';
import { createHandledLookup } from './handled';

/** Roles given to elements that only script and style make operable. */
export const SCRIPTED_ROLES = new Set(['clickable', 'row']);

/** `root` and `doc` are the element's root node and document, when the caller already knows them. */
export interface ScriptedRole {
  (el: Element, root?: Node, doc?: Document): string | null;
  /** The document's elements with pointer listeners added by page script, its shadow roots' included. */
  handled(doc: Document): Set<EventTarget>;
  /** The selectors that may give an element of a document or shadow root a pointer; null when any may (a stylesheet could not be read). */
  pointed(root: Node): string[] | null;
}

/** Inside one of these, a pointer cursor or a listener belongs to the control itself (an icon in a button). */
const CONTROL =
  'a[href],button,summary,select,textarea,label,[role=button],[role=link],[role=tab],[role=option],[role=menuitem],[role=treeitem]';
const NEVER = new Set(['html', 'body', 'label', 'option', 'optgroup']);
/** A grid handles its rows' and cells' events (the W3C's tree grid listens on the table): they are what a person aims at. */
const GRIDS = new Set(['grid', 'treegrid']);

/**
 * The role of an element that its tag and attributes do not make operable but the page does:
 * it has pointer listeners added by script, or a pointer cursor it does not just inherit. One
 * lookup per snapshot, so stylesheets and the page-world watcher are asked once.
 */
export function createScriptedRole(): ScriptedRole {
  const handled = createHandledLookup();
  const pointer = createCursorLookup();
  const role = (el: Element, root?: Node, doc: Document = el.ownerDocument) => {
    // The lookups first: they answer most elements from a set, without reading the element.
    const byScript = handled(doc).has(el);
    if (!(byScript || pointer(el, root))) return null;
    // A label that names no control but has its own handler (Vue's and React's TodoMVC edit an item on its double-click).
    const ownLabel = el.localName === 'label' && byScript && !(el as HTMLLabelElement).control;
    if ((NEVER.has(el.localName) && !ownLabel) || GRIDS.has(el.getAttribute('role') ?? '')) return null;
    if (el.parentElement?.closest(CONTROL)) return null;
    return el.localName === 'tr' || el.getAttribute('role') === 'row' ? 'row' : 'clickable';
  };
  return Object.assign(role, { handled, pointed: pointer.named });
}
