import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The few manifest.json fields the harness needs. */
export interface ManifestInfo {
  geckoId: string | undefined;
  /** background.service_worker (Chromium MV3). */
  serviceWorker: string | undefined;
  /** background.page or, for background.scripts, Firefox's generated page. */
  backgroundPage: string | undefined;
}

interface RawManifest {
  background?: { service_worker?: string; scripts?: string[]; page?: string };
  browser_specific_settings?: { gecko?: { id?: string } };
}

export function readManifest(extensionDir: string): ManifestInfo {
  const path = join(extensionDir, 'manifest.json');
  let raw: RawManifest;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8')) as RawManifest;
  } catch (err) {
    throw new Error(`harness: cannot read ${path}: ${String(err)}`, { cause: err });
  }
  const bg = raw.background;
  return {
    geckoId: raw.browser_specific_settings?.gecko?.id,
    serviceWorker: bg?.service_worker,
    // Firefox wraps background.scripts in this generated document.
    backgroundPage: bg?.page ?? (bg?.scripts ? '_generated_background_page.html' : undefined),
  };
}

/** 'moz-extension://u/dir/a.js' -> 'dir/a.js' (keeps reports stable across random ids). */
export function stripOrigin(url: string, origin: string): string {
  return url.startsWith(origin + '/') ? url.slice(origin.length + 1) : url;
}

/**
 * The page an extension opens in a tab when it is installed (Bosun's welcome page). A fresh install
 * opens it in both browsers; the harness closes it unless a test keeps it (LaunchOptions.keepFirstRunPage).
 */
export const FIRST_RUN_PAGE = 'welcome.html';

/** Whether the extension in `extensionDir` has a first-run page the harness should expect. */
export const hasFirstRunPage = (extensionDir: string): boolean => existsSync(join(extensionDir, FIRST_RUN_PAGE));
