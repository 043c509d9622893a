import { browser } from '../../src/platform/browser';

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
