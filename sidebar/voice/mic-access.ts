import { browser } from '../../src/platform/browser';

export type MicPermission = 'granted' | 'denied' | 'prompt';
type CaptureRoute = 'record' | 'ask-in-tab' | 'blocked';

const GRANT_PAGE = 'microphone.html';

/**
 * Whether to record now, to ask in a tab first, or to report a block. A side panel (Chrome) or
 * sidebar (Firefox) has no tab to anchor the permission prompt to, so there the browser refuses
 * without asking; the sidebar page opened as a tab can ask by itself.
 */
export function captureRoute(permission: MicPermission, inTab: boolean): CaptureRoute {
  if (permission === 'granted') return 'record';
  if (permission === 'denied') return 'blocked';
  return inTab ? 'record' : 'ask-in-tab';
}

/** The microphone permission of Bosun's own origin (both browsers answer the `microphone` query). */
export async function micPermission(): Promise<MicPermission> {
  try {
    return (await navigator.permissions.query({ name: 'microphone' as PermissionName })).state;
  } catch {
    // A browser that cannot say: try, and let getUserMedia's error tell.
    return 'granted';
  }
}

/** `tabs.getCurrent` is undefined in a side panel or sidebar, and the tab when the page is one. */
export const inTab = async () => (await browser.tabs.getCurrent()) !== undefined;

export const openGrantPage = () => browser.tabs.create({ url: browser.runtime.getURL(GRANT_PAGE) });
