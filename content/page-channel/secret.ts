import { CHANNEL_KEY, channelType } from '../../src/page-channel';
import { frameSecret } from './frames';

/**
 * A message's event type on the private channel to `doc`'s page-world script (src/page-channel.ts),
 * or null when the document has none (Bosun was installed after it loaded, or its isolated script
 * did not run in it): then the content script finds out by itself, or goes without.
 */
export function channelTypeOf(doc: Document, name: string): string | null {
  const secret = (doc as unknown as Record<string, unknown>)[CHANNEL_KEY] ?? frameSecret(doc);
  return typeof secret === 'string' ? channelType(secret, name) : null;
}
