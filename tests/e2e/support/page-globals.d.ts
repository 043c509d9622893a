/**
 * Functions passed to `page.evaluate` run inside extension pages, where both browsers
 * provide the promise-based `browser` namespace.
 */
declare global {
  const browser: import('webextension-polyfill').Browser;
  /** Where the pointer last moved in a web page and what its right-click hit (support/context-menu.ts). */
  var bosunPointer: { x?: number; y?: number; target?: string; selection?: string };
}
export {};
