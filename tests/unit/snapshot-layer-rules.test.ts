// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { layerSelectors, matching, splitSelectors } from '../../content/snapshot/layer-rules';

const withStyle = (css: string, body = '') => {
  document.head.innerHTML = `<style>${css}</style>`;
  document.body.innerHTML = body;
};

describe('splitSelectors', () => {
  it('splits at top-level commas only', () => {
    expect(splitSelectors('a, b > c,:is(d, e) f, [title="x,y"], g')).toEqual([
      'a',
      'b > c',
      ':is(d, e) f',
      '[title="x,y"]',
      'g',
    ]);
  });
});

describe('layerSelectors', () => {
  beforeEach(() => withStyle(''));

  it('collects the rules that position elements, inside @media too, and leaves the rest', () => {
    withStyle(
      '.a { position: absolute } .r { position: relative } .f, .g { position: fixed } @media (min-width: 1px) { .s { position: sticky } } .plain { color: red }',
    );
    const found = layerSelectors(document);
    expect(found?.elements).toEqual(expect.arrayContaining(['.a', '.f', '.g', '.s']));
    expect(found?.elements).not.toContain('.r');
    expect(found?.elements).not.toContain('.plain');
    expect(found?.pseudos).toEqual([]);
  });

  it('names the element that owns a positioned ::before or ::after', () => {
    withStyle('.card a::after { position: absolute } .tip:before { position: absolute } ::after { position: fixed }');
    expect(layerSelectors(document)?.pseudos).toEqual(['.card a', '.tip', '*']);
  });

  it('always includes inline positions and the top layer', () => {
    expect(layerSelectors(document)?.elements).toEqual(['[style*="position"]', 'dialog[open]', ':popover-open']);
  });

  it('gives up (null) when a stylesheet cannot be read', () => {
    withStyle('.a { position: absolute }');
    const sheet = document.styleSheets[0] as CSSStyleSheet;
    Object.defineProperty(sheet, 'cssRules', {
      get: () => {
        throw new DOMException('cross-origin', 'SecurityError');
      },
    });
    expect(layerSelectors(document)).toBeNull();
  });
});

describe('matching', () => {
  it('finds elements for every valid selector even when one is rejected', () => {
    withStyle('', '<div class="a"></div><p class="b"></p>');
    expect([...matching(document, ['.a', ':not-a-real-pseudo(', '.b'])].map((el) => el.localName).sort()).toEqual([
      'div',
      'p',
    ]);
  });

  it('matches nothing for no selectors', () => {
    expect([...matching(document, [])]).toEqual([]);
  });
});
