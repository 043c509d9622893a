// What is open on the page, as a person sees it: dialogs, popovers and menus are drawn only while open, and
// a modal dialog is all a person can use until it closes. The rest of the reader does not consult styles
// (see dom-clean.ts); these few elements are asked, since a closed one is often hidden by a class alone.

const POPUP_ROLES = new Set(['dialog', 'alertdialog', 'menu', 'listbox', 'tooltip']);
const MODAL = 'dialog[open], [role="dialog" i][aria-modal="true" i], [role="alertdialog" i][aria-modal="true" i]';

/** Whether a dialog, popover or menu is closed (not drawn): what the markdown leaves out. */
export function isClosedPopup(el: Element): boolean {
  const name = el.localName;
  if (name === 'dialog') return !el.hasAttribute('open');
  // Most elements have no attributes: one call settles them (each costs a wrapper crossing in Firefox).
  if (!el.hasAttributes()) return false;
  if (!el.hasAttribute('popover') && !POPUP_ROLES.has(el.getAttribute('role')?.toLowerCase() ?? '')) return false;
  return !isDrawn(el);
}

/**
 * Whether the element is drawn by its styles. A copy of the page (the article reader's) has no styles and
 * no window to ask: what is in it counts as drawn.
 */
function isDrawn(el: Element): boolean {
  const view = el.ownerDocument.defaultView;
  if (!view || !el.isConnected) return true;
  const style = view.getComputedStyle(el);
  return style.display !== 'none' && style.visibility !== 'hidden';
}

/** The modal dialog a person faces, if one is open: the last opened, drawn above the others. */
export function openModal(doc: Document): Element | null {
  const found = [...doc.querySelectorAll(MODAL)].filter((el) => isModal(el) && drawnWithAncestors(el));
  return found[found.length - 1] ?? null;
}

/** A dialog element is modal when shown with showModal(); a role=dialog one when it says aria-modal. */
function isModal(el: Element): boolean {
  if (el.localName !== 'dialog' || el.getAttribute('aria-modal')?.toLowerCase() === 'true') return true;
  try {
    return el.matches(':modal');
  } catch {
    // A browser without :modal: a dialog shown with showModal() is in the top layer, which only it can tell.
    return false;
  }
}

function drawnWithAncestors(el: Element): boolean {
  for (let at: Element | null = el; at; at = at.parentElement) {
    if (at.hasAttribute('hidden') || at.getAttribute('aria-hidden')?.toLowerCase() === 'true') return false;
    if (!isDrawn(at)) return false;
  }
  return true;
}

/** The dialog's name as a screen reader announces it: its label, or its first heading. */
export function dialogName(dialog: Element): string {
  const root = dialog.getRootNode() as Document | ShadowRoot;
  const ids = (dialog.getAttribute('aria-labelledby') ?? '').split(/\s+/).filter(Boolean);
  const named =
    ids.map((id) => root.getElementById?.(id)?.textContent ?? '').join(' ') ||
    dialog.getAttribute('aria-label') ||
    dialog.querySelector('h1, h2, h3, h4, h5, h6')?.textContent ||
    '';
  return named.replace(/\s+/g, ' ').trim();
}
