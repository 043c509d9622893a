import { t } from '../src/i18n';
import { openPanel } from '../src/open-panel';
import { browser } from '../src/platform/browser';

/** The two entries of the page's context menu. */
export const MENU_ITEMS = { page: 'bosun-ask-page', selection: 'bosun-ask-selection' } as const;
/** Enough of a selection to ask about; the model reads the rest on the page. */
export const MAX_QUOTE = 2000;

// Firefox names the API after its `menus` permission, Chrome after `contextMenus`.
const menus = __TARGET__ === 'firefox' ? browser.menus : browser.contextMenus;

/** The question a menu entry asks, the selected text quoted as markdown; null for an entry that is not Bosun's. */
export function contextQuestion(menuItemId: string | number, selectionText: string | undefined): string | null {
  if (menuItemId === MENU_ITEMS.page) return t('menu_question_page');
  if (menuItemId !== MENU_ITEMS.selection) return null;
  const text = (selectionText ?? '').trim();
  if (!text) return t('menu_question_page');
  const quoted = text.length > MAX_QUOTE ? `${text.slice(0, MAX_QUOTE - 1)}…` : text;
  return t('menu_question_selection', quoted.replace(/^/gm, '> '));
}

/**
 * "Ask Bosun about this page / selection": the click opens the panel (a menu click is the user
 * gesture sidePanel.open and sidebarAction.open need, so nothing is awaited before it), then asks
 * the question in the clicked tab. Called once at top level; the entries are created on install
 * and the browser keeps them while the background sleeps.
 */
export function setUpContextMenu(ask: (question: string, tabId: number) => void): void {
  browser.runtime.onInstalled.addListener(() => {
    void menus.removeAll().then(() => {
      menus.create({ id: MENU_ITEMS.page, title: t('menu_ask_page'), contexts: ['page'] });
      menus.create({ id: MENU_ITEMS.selection, title: t('menu_ask_selection'), contexts: ['selection'] });
    });
  });
  menus.onClicked.addListener((info, tab) => {
    const question = contextQuestion(info.menuItemId, info.selectionText);
    if (question === null || tab?.id === undefined) return;
    void openPanel(tab.windowId);
    ask(question, tab.id);
  });
}
