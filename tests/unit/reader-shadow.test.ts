// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { readMarkdown } from '../../src/reader/markdown';
import { flattenShadowRoots } from '../../src/reader/shadow-flatten';

const host = (tag: string, shadowHtml: string, lightHtml = '') => {
  const el = document.createElement(tag);
  el.innerHTML = lightHtml;
  el.attachShadow({ mode: 'open' }).innerHTML = shadowHtml;
  return el;
};

describe('flattenShadowRoots', () => {
  it('puts each open shadow root in its host, slots filled with the assigned children', () => {
    document.body.replaceChildren(
      host(
        'x-card',
        '<h2><slot name="title">Untitled</slot></h2><p>Inside the shadow</p><slot></slot><slot name="none">Fallback</slot>',
        '<span slot="title">Card title</span><em>light child</em>',
      ),
    );
    const copy = document.body.cloneNode(true) as HTMLElement;
    flattenShadowRoots(document.body, copy);
    expect(copy.querySelector('x-card')?.innerHTML).toBe(
      '<h2><span slot="title">Card title</span></h2><p>Inside the shadow</p><em>light child</em>Fallback',
    );
  });

  it('follows shadow roots inside shadow roots, and leaves the live page alone', () => {
    const outer = host('x-outer', '<div>outer <x-inner-slot></x-inner-slot></div>');
    const inner = outer.shadowRoot!.querySelector('x-inner-slot')!;
    inner.attachShadow({ mode: 'open' }).innerHTML = '<b>deep text</b>';
    document.body.replaceChildren(outer);
    const copy = document.body.cloneNode(true) as HTMLElement;
    flattenShadowRoots(document.body, copy);
    expect(copy.textContent).toBe('outer deep text');
    expect(document.body.textContent).toBe('');
  });
});

describe('readMarkdown with web components', () => {
  it('reads text that lives in shadow roots', () => {
    document.title = 'Components';
    document.body.replaceChildren(host('x-note', '<p>Shipping takes <strong>three days</strong>.</p>'));
    expect(readMarkdown(document).markdown).toContain('Shipping takes **three days**.');
  });
});
