// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import '../../content/page-world/shadow-hosts';
import { pageWorldAnswers } from '../../content/snapshot/page-world-answers';
import { createScopeLookup } from '../../content/snapshot/collect';
import { createScriptedRole } from '../../content/snapshot/scripted';
import { namedHosts } from '../../content/snapshot/shadow-hosts';
import { HOST_ANSWER, HOSTS_DONE, HOSTS_REQUEST } from '../../src/page-handlers';

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

  it('gives null when nobody says done, so the snapshot reads every element itself', () => {
    buildPage();
    // A page that stops the request before the page-world script hears it.
    const stop = (event: Event) => event.stopImmediatePropagation();
    window.addEventListener(HOSTS_REQUEST, stop, true);
    try {
      expect(pageWorldAnswers(document, HOSTS_REQUEST, HOST_ANSWER, HOSTS_DONE)).toBeNull();
    } finally {
      window.removeEventListener(HOSTS_REQUEST, stop, true);
    }
  });

  it('asks each document once per snapshot, whatever number of its roots are walked', () => {
    const { card } = buildPage();
    let asked = 0;
    const count = () => (asked += 1);
    document.addEventListener(HOSTS_REQUEST, count);
    const cardRoot = card.shadowRoot as ShadowRoot;
    // jsdom's shadow roots lack the style sheet list browsers give them.
    Object.defineProperty(cardRoot, 'styleSheets', { value: [] });
    const scopes = createScopeLookup(createScriptedRole());
    scopes(document, document);
    scopes(cardRoot, document);
    document.removeEventListener(HOSTS_REQUEST, count);
    expect(asked).toBe(1);
  });
});
