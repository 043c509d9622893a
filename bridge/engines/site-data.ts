// The working tab's site data (cookies, local and session storage) and its file inputs, as each
// engine offers them: the shapes the tools see, and the storage work that runs in the page itself.

export type SameSite = 'Strict' | 'Lax' | 'None';

export interface Cookie {
  name: string;
  value: string;
  domain: string;
  path: string;
  /** Seconds since 1970; -1 for a session cookie. */
  expires: number;
  httpOnly: boolean;
  secure: boolean;
  sameSite: SameSite;
}

/** A cookie for the working tab's host (a host-only cookie). */
export interface NewCookie {
  name: string;
  value: string;
  path: string;
  /** Seconds since 1970; a session cookie without it. */
  expires?: number;
  httpOnly: boolean;
  secure: boolean;
  sameSite: SameSite;
}

/** A file as the page's <input type=file> holds it after an upload. */
export interface PickedFile {
  name: string;
  size: number;
  type: string;
}

/** Cookies of the working tab's site, through the engine's own storage protocol (not document.cookie). */
export interface SiteCookies {
  /** The cookies the browser would send to this URL, httpOnly ones included. */
  list(url: string): Promise<Cookie[]>;
  set(url: string, cookie: NewCookie): Promise<void>;
  /** Deletes the cookies list(url) shows (only `name`, if given); answers how many went. */
  clear(url: string, name?: string): Promise<number>;
}

export type StorageKind = 'local' | 'session';

export type StorageRequest =
  | { op: 'read'; kind: StorageKind; key?: string }
  | { op: 'set'; kind: StorageKind; key: string; value: string }
  | { op: 'clear'; kind: StorageKind; key?: string };

export interface StorageAnswer {
  /** The entries after the operation (only `key`'s, when one was named). */
  entries: Record<string, string>;
  /** How many entries the operation removed (clear) or 0. */
  removed: number;
  /** The page's storage refused (a sandboxed frame, a full quota, storage turned off): its message. */
  error?: string;
}

/**
 * One storage operation, in the page (serialised by the engine, so it stands alone). The page's
 * own Storage object is used, so its quota and its `storage` events behave as for the site's scripts.
 */
export function storageInPage(request: StorageRequest): StorageAnswer {
  let removed = 0;
  try {
    const store = request.kind === 'local' ? window.localStorage : window.sessionStorage;
    if (request.op === 'set') store.setItem(request.key, request.value);
    if (request.op === 'clear' && request.key !== undefined) {
      removed = store.getItem(request.key) === null ? 0 : 1;
      store.removeItem(request.key);
    } else if (request.op === 'clear') {
      removed = store.length;
      store.clear();
    }
    const entries: Record<string, string> = {};
    if (request.key !== undefined) {
      const value = store.getItem(request.key);
      if (value !== null) entries[request.key] = value;
    } else
      for (let i = 0; i < store.length; i++) {
        const key = store.key(i);
        if (key !== null) entries[key] = store.getItem(key) ?? '';
      }
    return { entries, removed };
  } catch (error) {
    return { entries: {}, removed, error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
  }
}

/** The files an <input type=file> holds, read in the page; null when the element is no file input. */
export function filesOf(element: Element): PickedFile[] | null {
  if (!(element instanceof HTMLInputElement) || element.type !== 'file') return null;
  return [...(element.files ?? [])].map((file) => ({ name: file.name, size: file.size, type: file.type }));
}

/** Why the element cannot take `count` files, or null when it can (run in the page). */
export function fileInputCheck(element: Element, count: number): string | null {
  const tag = `<${element.localName}${element.id ? `#${element.id}` : ''}>`;
  if (!(element instanceof HTMLInputElement) || element.type !== 'file')
    return `${tag} is not an <input type=file>; give the file input itself (a styled label's control)`;
  if (element.disabled) return `${tag} is disabled`;
  if (count > 1 && !element.multiple) return `${tag} takes one file (it has no multiple attribute), not ${count}`;
  return null;
}
