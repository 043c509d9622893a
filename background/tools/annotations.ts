/**
 * What an action may change, in the terms MCP clients read (readOnlyHint, destructiveHint,
 * openWorldHint): declared on each tool, and given to every surface that offers it (the chat's
 * catalogue, ABP page.*, the bridge's tools), so no surface guesses it from the name.
 */
export interface Annotations {
  /** Changes nothing, on the page or in the browser (the read-only level). */
  readOnly: boolean;
  /** May do what cannot be undone: a click, a key or a dialog answer can delete, buy or send. */
  destructive: boolean;
  /** Meets the open web (pages and their sites), not only what Bosun or the browser keeps. */
  openWorld: boolean;
}

/** Reads a page and changes nothing. */
export const READS_PAGE: Annotations = { readOnly: true, destructive: false, openWorld: true };
/** Reads what Bosun or the browser keeps (tabs, the Library, earlier readings). */
export const READS_BROWSER: Annotations = { readOnly: true, destructive: false, openWorld: false };
/** Changes a page or what a tab shows, in ways that can be undone (typing, choosing, going to a page). */
export const CHANGES_PAGE: Annotations = { readOnly: false, destructive: false, openWorld: true };
/** Does what the page makes of it, which may commit anything (a click, a key, a submit, a dialog's OK). */
export const COMMITS_ON_PAGE: Annotations = { readOnly: false, destructive: true, openWorld: true };
/** Arranges the browser itself (tab groups, the tab worked in). */
export const ARRANGES_BROWSER: Annotations = { readOnly: false, destructive: false, openWorld: false };
