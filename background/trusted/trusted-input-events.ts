import { browser } from '../../src/platform/browser';
import { followSetting, forgetTab, listenForDetach } from './trusted-input';
import type { TrustedInputSetting } from './trusted-input-setting';

/**
 * The setting and the browser events trusted input follows, registered at top level so a restarted
 * service worker hears them: the permission given or taken back, the debugger detached, a tab closed.
 */
export function setUpTrustedInput(setting: TrustedInputSetting): void {
  if (__TARGET__ !== 'chrome') return;
  followSetting(() => setting.active());
  listenForDetach();
  browser.permissions.onAdded.addListener(() => listenForDetach());
  browser.permissions.onRemoved.addListener(() => void setting.permissionRemoved());
  browser.tabs.onRemoved.addListener((tabId) => forgetTab(tabId));
}
