import * as v from 'valibot';
import { t } from '../../../src/i18n';
import { browser } from '../../../src/platform/browser';
import { defineCapability, READS_BOSUN } from '../capability';

/** What the extension is; shared by extension.getInfo and the diagnostic report. */
export async function extensionInfo() {
  const manifest = browser.runtime.getManifest();
  return {
    // Chrome's getManifest() keeps the __MSG_…__ placeholders: the name comes from the messages.
    name: t('extension_name'),
    version: manifest.version,
    manifestVersion: manifest.manifest_version,
    extensionId: browser.runtime.id,
    // The background is built with the rest of the extension, so its version is the extension's.
    serviceWorkerVersion: manifest.version,
    browser: __TARGET__,
    ...(await storageUsage()),
  };
}

/** The spec makes storage usage optional: it is left out where the browser cannot estimate it. */
async function storageUsage(): Promise<{ storageUsage?: { usage: number; quota: number } }> {
  try {
    const { usage = 0, quota = 0 } = await navigator.storage.estimate();
    return { storageUsage: { usage, quota } };
  } catch {
    return {};
  }
}

export const getInfo = defineCapability({
  name: 'extension.getInfo',
  annotations: READS_BOSUN,
  description: 'Get extension metadata, version, and storage usage',
  params: v.strictObject({}),
  handle: extensionInfo,
});
