/**
 * abp-app.html's script: wiring only. It runs synchronously from the page's <head>, so
 * `window.abp` exists before any agent can look for it.
 */
import { localizePage, t } from '../src/i18n';
import { browser } from '../src/platform/browser';
import { createBridgeChannel, type BridgeChannel } from './bridge-channel';
import { createPortClient } from './port-client';
import { createAbpRuntime, type AbpRuntime } from './runtime';

declare global {
  interface Window {
    abp: AbpRuntime;
    bosunBridge: BridgeChannel;
  }
}

const manifest = browser.runtime.getManifest();
const client = createPortClient(() => browser.runtime.connect({ name: 'abp' }));
Object.defineProperty(window, 'abp', {
  value: createAbpRuntime(client, {
    id: 'org.bosun-agent.bosun',
    name: t('extension_name'),
    version: manifest.version,
  }),
  enumerable: true,
});
// Not enumerable: it is the bridge's, not part of what ABP agents discover.
Object.defineProperty(window, 'bosunBridge', { value: createBridgeChannel(client) });
// This script runs from the page's <head>: the text is filled in once the body exists.
document.addEventListener('DOMContentLoaded', () => localizePage(document));
