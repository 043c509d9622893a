/**
 * How Bosun's content script and its page-world script (content/page-world) reach each other
 * without the page hearing or forging it. The two worlds share only the DOM, so they talk in DOM
 * events, but of types no page can name: each document gets a secret at document_start, and every
 * message's event type begins with it. The page cannot listen for a type it does not know (there is
 * no "every type" listener), nor dispatch one.
 *
 * The secret is made by Bosun's isolated-world script at document_start (content/page-channel) and
 * handed over in one exchange of HELLO events on the document, before any page script has run: it
 * is the only event of a fixed name, and nobody else can be listening yet. Whichever of the two
 * scripts runs second completes it (Chrome and Firefox run a manifest's document_start scripts in
 * its order, but the exchange does not rely on it).
 */

/** The hand-over: the isolated side's detail is the secret; the page-world side asks with ''. */
export const HELLO = 'bosun:hello';

/**
 * Where the isolated side keeps a document's secret: an expando of the isolated world on the
 * document node, invisible to the page's world, read by the content script for any document it reads.
 */
export const CHANNEL_KEY = 'bosunPageChannel';

/** A message's event type on a document whose secret is `secret`. */
export const channelType = (secret: string, name: string): string => `${secret}:${name}`;
