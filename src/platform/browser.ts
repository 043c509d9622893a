import browser from 'webextension-polyfill';

/**
 * The one `browser` namespace every context uses: native where the browser has it (Firefox,
 * Chrome with promise-based `browser`), the polyfill's promise wrapper over `chrome` elsewhere.
 */
export { browser };
export type { Permissions, Runtime } from 'webextension-polyfill';
