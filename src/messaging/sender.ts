/**
 * Who sent a message, from what the browser stamps on it (never from the message itself).
 * - `extension-page`: a page of this extension (sidebar, side panel, extension tabs).
 * - `content-script`: this extension's content script in a web page tab.
 * - `foreign`: anything else (another extension, a web page through externally_connectable).
 */
export type SenderClass = 'extension-page' | 'content-script' | 'foreign';

/** The fields of `runtime.MessageSender` this check reads; both browsers stamp them. */
export interface StampedSender {
  id?: string;
  url?: string;
  tab?: { id?: number };
  frameId?: number;
}

export function classifySender(sender: StampedSender, extensionId: string, extensionOrigin: string): SenderClass {
  if (sender.id !== extensionId || typeof sender.url !== 'string') return 'foreign';
  let origin: string;
  try {
    origin = new URL(sender.url).origin;
  } catch {
    return 'foreign';
  }
  // Firefox reports moz-extension origins as "null" through URL.origin, so compare prefixes.
  if (origin === extensionOrigin || sender.url.startsWith(`${extensionOrigin}/`)) return 'extension-page';
  const tabId = sender.tab?.id;
  if (typeof tabId === 'number' && tabId >= 0 && /^(https?|file):/.test(sender.url)) return 'content-script';
  return 'foreign';
}
