import { browser } from './platform/browser';

/**
 * Opens Bosun's panel from a user gesture other than the toolbar button (a menu click, the welcome
 * page's button). Both browsers refuse without a gesture, and an awaited step before the call spends
 * it, so callers call this first, synchronously, in their event handler. Chrome opens the side panel
 * of `windowId` (it needs the window); Firefox opens the sidebar of the window the gesture was in.
 */
export function openPanel(windowId: number | undefined): Promise<void> {
  if (__TARGET__ === 'chrome') {
    return windowId === undefined
      ? Promise.reject(new Error('no window to open the side panel in'))
      : chrome.sidePanel.open({ windowId });
  }
  return browser.sidebarAction.open();
}
