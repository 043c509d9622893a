import { browser } from '../src/platform/browser';

/**
 * The toolbar button opens Bosun: Chrome's side panel opens itself when told to on action
 * click; Firefox has no such setting, so its sidebar is toggled from the click event, which
 * counts as the user gesture `sidebarAction` requires.
 */
export function setUpPanelOpening(): void {
  if (__TARGET__ === 'chrome') {
    void chrome.sidePanel.setPanelBehavior({ openPanelOnActionClick: true });
  } else {
    browser.action.onClicked.addListener(() => void browser.sidebarAction.toggle());
  }
}

/** Opens Bosun from a user gesture other than the toolbar button; called before anything is awaited, or the gesture is spent. */
export function openPanel(windowId: number | undefined): void {
  if (__TARGET__ === 'chrome') {
    if (windowId !== undefined) void chrome.sidePanel.open({ windowId });
  } else {
    void browser.sidebarAction.open();
  }
}
