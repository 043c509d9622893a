/**
 * Functions passed to `page.evaluate` run inside extension pages, where both browsers
 * provide the promise-based `browser` namespace.
 */
declare global {
  const browser: import('webextension-polyfill').Browser;
}
export {};
