// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { withLinkReferences } from '../../src/reader/link-references';
import { readMarkdown } from '../../src/reader/markdown';
import { readPage } from '../../content/read-page';
import '../../content/reader/register';

const NAV = 'https://docs.example/api/all.html#fs_fs_readfile_path_options_callback';

describe('link references in the markdown of a read', () => {
  it('writes an address several links use once, at the end, and leaves single and short ones inline', () => {
    const markdown = [
      `* [readFile](${NAV})`,
      `* [Home](https://docs.example/)`,
      '',
      `## readFile [#](${NAV})`,
      '',
      'Call [us](tel:1) or [us](tel:1).',
    ].join('\n');
    expect(withLinkReferences(markdown)).toBe(
      [
        '* [readFile][1]',
        '* [Home](https://docs.example/)',
        '',
        '## readFile [#][1]',
        '',
        'Call [us](tel:1) or [us](tel:1).',
        '',
        `[1]: ${NAV}`,
      ].join('\n'),
    );
  });

  it('leaves code blocks and escaped brackets as the page wrote them, and never makes the text longer', () => {
    const markdown = [`[a](${NAV}) \\](${NAV})`, '```', `[a](${NAV})`, '```', `[b](${NAV})`].join('\n');
    const out = withLinkReferences(markdown);
    expect(out).toBe([`[a][1] \\](${NAV})`, '```', `[a](${NAV})`, '```', '[b][1]', '', `[1]: ${NAV}`].join('\n'));
    expect(out.length).toBeLessThan(markdown.length);
    expect(withLinkReferences('```\ncode\n```')).toBe('```\ncode\n```');
  });

  it("is what a page's repeated navigation reads as when asked for, within the budget", () => {
    document.body.innerHTML =
      '<nav>' +
      Array.from({ length: 40 }, (_, i) => `<a href="/api/section-${i}.html#heading-${i}">Section ${i}</a> `).join('') +
      '</nav><main>' +
      Array.from(
        { length: 40 },
        (_, i) => `<h2><a href="/api/section-${i}.html#heading-${i}">Section ${i}</a></h2><p>Text ${i}.</p>`,
      ).join('') +
      '</main>';
    const plain = readMarkdown(document, { maxChars: 3000 });
    const referenced = readMarkdown(document, { maxChars: 3000, linkReferences: true });
    expect(referenced.markdown.length).toBeLessThanOrEqual(3000);
    expect(referenced.markdown.length).toBeLessThan(plain.markdown.length);
    expect(referenced.markdown).toMatch(/\[Section 0\]\[1\]/);
    expect(referenced.markdown).toContain(`[1]: ${location.origin}/api/section-0.html#heading-0`);
  });

  it('is how read_page writes a page whose links repeat an address', () => {
    document.body.innerHTML =
      `<nav><a href="${NAV}">readFile</a></nav>` +
      `<main><h1>fs</h1><h2>readFile <a href="${NAV}">#</a></h2><p>Reads a file whole, as its callback says.</p></main>`;
    // jsdom lays nothing out and has no checkVisibility: the listing's walk asks it of each control.
    Object.assign(Element.prototype, { checkVisibility: () => true });
    const read = readPage({ maxChars: 24_000 });
    delete (Element.prototype as Partial<Element>).checkVisibility;
    if (!('markdown' in read)) throw new Error('the reader did not load');
    expect(read.markdown).toContain('readFile [#][1]');
    expect(read.markdown.split(NAV)).toHaveLength(2);
    expect(read.markdown).toMatch(new RegExp(`^\\[1\\]: ${NAV.replace(/[.]/g, '\\.')}$`, 'm'));
  });
});
