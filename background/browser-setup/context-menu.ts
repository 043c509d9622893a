import { t } from '../../src/i18n';
import { openPanel } from '../../src/open-panel';
import { browser } from '../../src/platform/browser';
import { MAX_QUOTE } from '../../src/protocol/common';

/** The two entries of the page's context menu. */
export const MENU_ITEMS = { page: 'bosun-ask-page', selection: 'bosun-ask-selection' } as const;

/**
 * What a menu entry asks: the person's question is the entry's fixed words; the selected text,
 * which the page wrote, travels beside it as page content (`quote`), so it never sets what the task
 * may do and reaches the model only inside the untrusted-content block.
 */
export interface MenuRequest {
  question: string;
  quote?: string;
}

// Firefox names the API after its `menus` permission, Chrome after `contextMenus`.
const menus = __TARGET__ === 'firefox' ? browser.menus : browser.contextMenus;

/** The request a menu entry makes; null for an entry that is not Bosun's. */
export function contextQuestion(menuItemId: string | number, selectionText: string | undefined): MenuRequest | null {
  if (menuItemId === MENU_ITEMS.page) return { question: t('menu_question_page') };
  if (menuItemId !== MENU_ITEMS.selection) return null;
  const text = (selectionText ?? '').trim();
  if (!text) return { question: t('menu_question_page') };
  const quote = text.length > MAX_QUOTE ? `${text.slice(0, MAX_QUOTE - 1)}…` : text;
  return { question: t('menu_question_selection'), quote };
}

/**
 * "Ask Bosun about this page / selection": the click opens the panel (a menu click is the user
 * gesture sidePanel.open and sidebarAction.open need, so nothing is awaited before it), then asks
 * the question in the clicked tab. Called once at top level; the entries are created on install
 * and the browser keeps them while the background sleeps.
 */
export function setUpContextMenu(ask: (request: MenuRequest, tabId: number) => void): void {
  browser.runtime.onInstalled.addListener(() => {
    void menus.removeAll().then(() => {
      menus.create({ id: MENU_ITEMS.page, title: t('menu_ask_page'), contexts: ['page'] });
      menus.create({ id: MENU_ITEMS.selection, title: t('menu_ask_selection'), contexts: ['selection'] });
    });
  });
  menus.onClicked.addListener((info, tab) => {
    const request = contextQuestion(info.menuItemId, info.selectionText);
    if (request === null || tab?.id === undefined) return;
    // Before anything else in the click (it needs the user gesture); the question is asked whether or not it opens.
    void openPanel(tab.windowId);
    ask(request, tab.id);
  });
}
