import { HOST_ANSWER, HOSTS_DONE, HOSTS_REQUEST } from '../../src/page-handlers';
import { pageWorldAnswers } from './page-world-answers';

/**
 * The elements of a document that carry an open shadow root, as Bosun's page-world script names
 * them (content/page-world/shadow-hosts.ts); null when it did not answer, and the walk then
 * reads `shadowRoot` on every element. Reading it on each of a large page's elements is a
 * wrapper crossing each in a Firefox content script; the page-world walk costs what it costs the
 * page. The walk still reads each named host's root itself, and asks once per document per
 * snapshot (createScopeLookup).
 */
export const namedHosts = (doc: Document): Set<EventTarget> | null =>
  pageWorldAnswers(doc, HOSTS_REQUEST, HOST_ANSWER, HOSTS_DONE);
