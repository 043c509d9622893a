// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tidyMarkdown, truncateMarkdown } from '../../src/reader/markdown-budget';
import { readMarkdown } from '../../src/reader/markdown';

/** Parses a page as if served from `base`, so relative links have something to resolve against. */
const parse = (
  body: string,
  title = 'River Guide - Example News',
  base = 'https://news.example/articles/river/',
): Document =>
  new DOMParser().parseFromString(
    `<!doctype html><html><head><title>${title}</title><base href="${base}"></head><body>${body}</body></html>`,
    'text/html',
  );

const prose = (n: number, topic: string): string =>
  Array.from(
    { length: n },
    (_, i) =>
      `<p>Paragraph ${i} on ${topic} gives enough plain words, sentence after sentence, to read like real article prose; readers and parsers both need a paragraph this long.</p>`,
  ).join('\n');

const SECRETS = `
  <p hidden>SECRET hidden attribute</p>
  <div aria-hidden="true"><p>SECRET aria hidden</p></div>
  <p style="color: red; display: none">SECRET inline style</p>
  <p style="visibility: hidden">SECRET invisible</p>
  <script>var SECRET = 'script';</script><style>.SECRET { color: red }</style>
  <noscript>SECRET noscript</noscript><template><p>SECRET template</p></template>
  <svg><text>SECRET svg</text></svg><!-- SECRET comment -->`;

const ARTICLE = `
  <header><nav><a href="/">Home</a> <a href="/world">World news</a> <a href="/sport">Sport</a></nav></header>
  <article>
    <h1>River Guide</h1>
    <p>Intro with <a href="../ferries?line=2">a relative link</a>, <a href="javascript:alert(1)">a script link</a>,
      <del>old fares</del> and <s>closed routes</s>, <img src="map.png" alt="Map of the river"> <img src="spacer.gif">
      and <strong>bold advice</strong>.</p>
    <h2>Crossing</h2>
    ${prose(5, 'crossing')}
    <ul><li>Bring a map</li><li>Check the <em>tide</em></li></ul>
    <table>
      <thead><tr><th>Crossing</th><th>Depth</th></tr></thead>
      <tbody><tr><td>Ford</td><td>1 m</td></tr><tr><td>Bridge</td><td>n/a</td></tr></tbody>
    </table>
    <pre><code class="language-js">const depth = 1;

console.log(depth);</code></pre>
    ${SECRETS}
  </article>
  <footer><p>Copyright footer text</p></footer>`;

describe('readMarkdown on an article', () => {
  const doc = parse(ARTICLE);
  const { title, markdown, truncated } = readMarkdown(doc);

  it('keeps the title, headings, paragraphs and lists as markdown', () => {
    expect(title).toBe('River Guide - Example News');
    expect(truncated).toBe(false);
    expect(markdown).toMatch(/^# /);
    expect(markdown).toContain('\n## Crossing\n');
    expect(markdown).toContain('\n\nParagraph 4 on crossing gives enough plain words');
    expect(markdown).toMatch(/\n- +Bring a map\n- +Check the _tide_\n/);
    expect(markdown).toContain('**bold advice**');
  });

  it('makes links absolute and drops javascript: URLs but keeps their text', () => {
    expect(markdown).toContain('[a relative link](https://news.example/articles/ferries?line=2)');
    expect(markdown).toContain('a script link');
    expect(markdown).not.toContain('javascript');
  });

  it('writes GFM tables, strikethrough, fenced code and image alt text only', () => {
    expect(markdown).toContain('| Crossing | Depth |\n| --- | --- |\n| Ford | 1 m |\n| Bridge | n/a |');
    expect(markdown).toContain('~~old fares~~ and ~~closed routes~~');
    expect(markdown).toContain('```js\nconst depth = 1;\n\nconsole.log(depth);\n```');
    expect(markdown).toContain('![Map of the river]');
    expect(markdown).not.toMatch(/\.png|\.gif/);
  });

  it('leaves out the page chrome, hidden content, scripts and comments', () => {
    expect(markdown).not.toContain('Copyright footer');
    expect(markdown).not.toContain('SECRET');
  });

  it('does not modify the live document', () => {
    const before = doc.documentElement.outerHTML;
    readMarkdown(doc);
    expect(doc.documentElement.outerHTML).toBe(before);
  });
});

describe('readMarkdown fallback to the whole body', () => {
  it('reads a form page whole', () => {
    const doc = parse(
      `
      <h1>Contact us</h1>
      <form><label>Name <input name="name"></label>
        <label>Topic <select><option>Billing</option><option selected>Order question</option></select></label>
        <button type="submit">Send</button></form>
      <div>Opening hours: 9 to 5</div><div>Phone: <a href="tel:+15550100">555 0100</a></div>${SECRETS}`,
      'Contact',
    );
    const { title, markdown } = readMarkdown(doc);
    expect(title).toBe('Contact');
    expect(markdown).toBe(
      // A select reads as its chosen option, not the whole list; the removed input leaves only spaces.
      '# Contact us\n\nName  Topic  Order question  Send\n\nOpening hours: 9 to 5\n\nPhone: [555 0100](tel:+15550100)',
    );
  });

  it('reads a listing of short items whole, without Readability picking one', () => {
    const cards = Array.from(
      { length: 60 },
      (_, i) => `<div class="card"><a href="/p/${i}"><h3>Shoe model ${i}</h3></a><span>$${i}.99</span></div>`,
    );
    const { markdown } = readMarkdown(
      parse(`<main>${cards.join('')}</main>${SECRETS}<a href="javascript:void(0)">Load more</a>`),
    );
    expect(markdown).toContain('[### Shoe model 0](https://news.example/p/0)');
    expect(markdown).toContain('Shoe model 59');
    expect(markdown).toContain('$59.99');
    expect(markdown).toContain('Load more');
    expect(markdown).not.toMatch(/SECRET|javascript/);
  });

  it('reads the body when the article holds only a small share of the page text', () => {
    const related = Array.from(
      { length: 120 },
      (_, i) => `<li><a href="/r/${i}">Related story number ${i} about rivers</a></li>`,
    );
    const { markdown } = readMarkdown(
      parse(`<article><h1>Short</h1>${prose(4, 'ferries')}</article><ul>${related.join('')}</ul>${SECRETS}`),
    );
    expect(markdown).toContain('Paragraph 3 on ferries');
    expect(markdown).toContain('[Related story number 119 about rivers](https://news.example/r/119)');
    expect(markdown).not.toContain('SECRET');
  });

  it('reads an article page from its main landmark, what Readability would have cut there included', () => {
    const { markdown } = readMarkdown(
      parse(
        `<nav><a href="/">Home</a> <a href="/world">World desk</a></nav>
        <main><article><h1>Ferries return</h1>${prose(8, 'ferries')}</article>
          <section class="comments"><h2>Comments</h2><p>Reader comment: the 7:15 ferry was late again.</p></section></main>
        <footer>Copyright Example News</footer>${SECRETS}`,
      ),
    );
    expect(markdown).toMatch(/^# Ferries return\n\nParagraph 0 on ferries/);
    expect(markdown).toContain('Paragraph 7 on ferries');
    // Readability drops a block it takes for comments; the page put it in its main content.
    expect(markdown).toContain('Reader comment: the 7:15 ferry was late again.');
    expect(markdown).not.toMatch(/World desk|Copyright|SECRET/);
  });

  it('reads the test site pages', () => {
    const site = (name: string): Document =>
      new DOMParser().parseFromString(
        readFileSync(join(process.cwd(), 'tests/fixtures/site', name), 'utf8').replace(
          '<head>',
          '<head><base href="http://shop.test/">',
        ),
        'text/html',
      );
    const product = readMarkdown(site('product.html'));
    expect(product.title).toBe('Trail Runner 2 - Bosun Test Shop');
    expect(product.markdown).toBe(
      '[Back to the shop](http://shop.test/index.html)\n\n# Trail Runner 2\n\nBrand: Stride\n\nPrice: $89.99 USD\n\n' +
        'Rating: 4.6 out of 5 (128 reviews)\n\nA light trail running shoe with a grippy sole and a breathable upper.\n\nAdd to cart Buy now',
    );
    const index = readMarkdown(site('index.html'));
    expect(index.title).toBe('Bosun Test Shop');
    expect(index.markdown).toMatch(/^# Welcome to the Bosun Test Shop\n\nWe sell running shoes for every trail\./);
    expect(index.markdown).toMatch(
      /\n- +\[Trail Runner 2\]\(http:\/\/shop\.test\/product\.html\)\n- +\[Contact us\]\(http:\/\/shop\.test\/form\.html\)\n- +\[River guide \(opens a new tab\)\]\(http:\/\/shop\.test\/article\.html\)$/,
    );
  });
});

describe('markdown size budget', () => {
  const long = parse(`<article><h1>Long read</h1>${prose(40, 'budgets')}</article>`, 'Long read');
  const full = readMarkdown(long).markdown;

  it('cuts at a block boundary, never mid-line, and says how much was left out', () => {
    const { markdown, truncated } = readMarkdown(long, { maxChars: 1000 });
    expect(truncated).toBe(true);
    expect(markdown.length).toBeLessThanOrEqual(1000);
    const marker = /\n\n\[… truncated: (\d+) more characters\]$/.exec(markdown);
    expect(marker).not.toBeNull();
    const kept = markdown.slice(0, marker?.index);
    expect(full.startsWith(`${kept}\n\n`)).toBe(true);
    expect(Number(marker?.[1])).toBe(full.slice(kept.length).trim().length);
  });

  it('leaves markdown within the budget alone', () => {
    expect(readMarkdown(long, { maxChars: full.length })).toEqual({
      title: 'Long read',
      markdown: full,
      truncated: false,
    });
  });

  it('closes a code block the cut lands in, and never splits a single long line', () => {
    const code = `intro\n\n\`\`\`\n${'line of code\n\n'.repeat(20)}\`\`\`\n\nafter`;
    const cut = truncateMarkdown(code, 150).markdown;
    expect(cut).toMatch(/^intro\n\n```\nline of code\n[\s\S]*\n```\n\n\[… truncated: \d+ more characters\]$/);
    expect(truncateMarkdown('x'.repeat(500), 100)).toEqual({
      markdown: '[… truncated: 500 more characters]',
      truncated: true,
    });
  });

  it('collapses blank lines outside code but not inside it', () => {
    expect(tidyMarkdown('\n\na  \n\n\n\nb\n```\n1\n\n\n2\n```\n\n\nc\n')).toBe('a\n\nb\n```\n1\n\n\n2\n```\n\nc');
  });
});
