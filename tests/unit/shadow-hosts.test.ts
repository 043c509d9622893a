// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { channelTypeOf } from '../../content/page-channel/secret';
import { pageWorldAnswers } from '../../content/snapshot/page-world-answers';
import { createScopeLookup } from '../../content/snapshot/collect';
import { createScriptedRole } from '../../content/snapshot/scripted';
import { namedHosts } from '../../content/snapshot/shadow-hosts';
import { HOST_ANSWER, HOSTS_DONE, HOSTS_REQUEST } from '../../src/page-handlers';
import { atDocumentStart } from './support/document-start';

// Bosun's isolated script first, which hands the page-world script the channel's secret, as at document_start.
await atDocumentStart(() => import('../../content/page-world/shadow-hosts'));

/** A page of web components: a card whose shadow root holds a button component with its own root. */
function buildPage(): { card: Element; inner: Element; closed: Element } {
  document.body.innerHTML = '<main><div><x-card></x-card></div><p>text</p><x-closed></x-closed></main>';
  const card = document.querySelector('x-card') as Element;
  const cardRoot = card.attachShadow({ mode: 'open' });
  cardRoot.innerHTML = '<section><x-button></x-button></section>';
  const inner = cardRoot.querySelector('x-button') as Element;
  inner.attachShadow({ mode: 'open' }).innerHTML = '<button>Go</button>';
  const closed = document.querySelector('x-closed') as Element;
  closed.attachShadow({ mode: 'closed' }).innerHTML = '<button>Hidden</button>';
  return { card, inner, closed };
}

describe('shadow hosts, named by the page-world script', () => {
  beforeEach(() => {
    document.body.innerHTML = '';
  });

  it('names every element with an open shadow root, nested ones included, and ends with done', () => {
    const { card, inner } = buildPage();
    const hosts = namedHosts(document);
    expect(hosts).not.toBeNull();
    expect([...(hosts ?? [])]).toEqual([card, inner]);
  });

  it('walks with the DOM as it was when the page started: a page that redefines shadowRoot changes nothing', () => {
    const { card, inner } = buildPage();
    const original = Object.getOwnPropertyDescriptor(Element.prototype, 'shadowRoot');
    Object.defineProperty(Element.prototype, 'shadowRoot', { configurable: true, get: () => null });
    try {
      expect([...(namedHosts(document) ?? [])]).toEqual([card, inner]);
    } finally {
      Object.defineProperty(Element.prototype, 'shadowRoot', original as PropertyDescriptor);
    }
  });

  it('gives null for a document without the channel (loaded before Bosun was), so the snapshot reads every element itself', () => {
    const frame = document.createElement('iframe');
    document.body.append(frame);
    const doc = frame.contentDocument as Document;
    doc.body.innerHTML = '<x-card></x-card>';
    expect(pageWorldAnswers(doc, HOSTS_REQUEST, HOST_ANSWER, HOSTS_DONE)).toBeNull();
  });

  it("says nothing to a page that asks in the words of Bosun's source", () => {
    buildPage();
    const heard: EventTarget[] = [];
    const note = (event: Event) => heard.push(event.composedPath()[0] as EventTarget);
    for (const type of ['bosun:host', HOST_ANSWER, 'bosun:hosts-done', HOSTS_DONE])
      window.addEventListener(type, note, true);
    for (const type of ['bosun:which-hosts', HOSTS_REQUEST]) document.dispatchEvent(new CustomEvent(type));
    for (const type of ['bosun:host', HOST_ANSWER, 'bosun:hosts-done', HOSTS_DONE])
      window.removeEventListener(type, note, true);
    expect(heard).toEqual([]);
  });

  it('asks each document once per snapshot, whatever number of its roots are walked', () => {
    const { card } = buildPage();
    let asked = 0;
    const count = () => (asked += 1);
    const request = channelTypeOf(document, HOSTS_REQUEST) as string;
    document.addEventListener(request, count);
    const cardRoot = card.shadowRoot as ShadowRoot;
    // jsdom's shadow roots lack the style sheet list browsers give them.
    Object.defineProperty(cardRoot, 'styleSheets', { value: [] });
    const scopes = createScopeLookup(createScriptedRole());
    scopes(document, document);
    scopes(cardRoot, document);
    document.removeEventListener(request, count);
    expect(asked).toBe(1);
  });
});
