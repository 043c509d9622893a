// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { MAY_HOST } from '../../content/snapshot/shadow-hosts';

/** Every element of the HTML standard, and tags it does not know. */
const HTML_TAGS =
  'a abbr address area article aside audio b base bdi bdo blockquote br button canvas caption cite code col ' +
  'colgroup data datalist dd del details dfn dialog div dl dt em embed fieldset figcaption figure footer form ' +
  'h1 h2 h3 h4 h5 h6 header hgroup hr i iframe img input ins kbd label legend li main map mark menu meter nav ' +
  'noscript object ol optgroup option output p picture pre progress q rp rt ruby s samp search section select ' +
  'slot small source span strong sub summary sup table tbody td template textarea tfoot th thead time tr ' +
  'track u ul var video wbr center font marquee unknown-tag x-card my-widget';

function canHost(el: Element): boolean {
  try {
    el.attachShadow({ mode: 'open' });
    return true;
  } catch {
    return false;
  }
}

describe('MAY_HOST', () => {
  it('names every element that can carry a shadow root, and leaves out the tags that cannot', () => {
    const tags = HTML_TAGS.split(' ');
    const elements = tags.map((tag) => document.createElement(tag));
    document.body.replaceChildren(...elements);
    const named = new Set(document.body.querySelectorAll(MAY_HOST));
    const hosts = elements.filter(canHost);
    // The DOM's own rule decides: never a host left out.
    for (const el of hosts) expect(named.has(el), el.localName).toBe(true);
    expect(hosts.map((el) => el.localName)).toEqual(
      expect.arrayContaining(['div', 'span', 'section', 'x-card', 'my-widget']),
    );
    // And the common tags that cannot host cost no read.
    for (const tag of ['a', 'li', 'button', 'input', 'td', 'tr', 'img', 'ul', 'label'])
      expect(named.has(elements[tags.indexOf(tag)] as Element), tag).toBe(false);
  });

  it('leaves out SVG content, but not HTML inside a foreignObject', () => {
    document.body.innerHTML =
      '<svg><g><path id="path"></path></g><foreignObject><div id="inside"></div></foreignObject></svg>';
    const named = [...document.body.querySelectorAll(MAY_HOST)].map((el) => el.id || el.localName);
    expect(named).toEqual(['inside']);
  });
});
