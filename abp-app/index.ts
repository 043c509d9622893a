/**
 * abp-app.html's script: wiring only. It runs synchronously from the page's <head>, so
 * `window.abp` exists before any agent can look for it.
 */
import { browser } from '../src/platform/browser';
import { createPortClient } from './port-client';
import { createAbpRuntime, type AbpRuntime } from './runtime';

declare global {
  interface Window {
    abp: AbpRuntime;
  }
}

const manifest = browser.runtime.getManifest();
const client = createPortClient(() => browser.runtime.connect({ name: 'abp' }));
Object.defineProperty(window, 'abp', {
  value: createAbpRuntime(client, { id: 'org.bosun-agent.bosun', name: manifest.name, version: manifest.version }),
  enumerable: true,
});
