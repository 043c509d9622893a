// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { cleanTree } from '../../src/reader/dom-clean';
import { tidyMarkdown } from '../../src/reader/markdown-budget';
import { readMarkdown } from '../../src/reader/markdown';
import { writeMarkdown } from '../../src/reader/markdown-writer';
import { flattenShadowRoots } from '../../src/reader/shadow-flatten';
import { createTurndown, toMarkdown } from '../../bench/markdown/turndown-reference';

const BASE = 'https://docs.example/api/';
// jsdom converts a page of this size in about a second on an idle machine; a shared one can be many times slower.
const SLOW = 60_000;

/** A reference page of well over 5,000 elements, shaped like generated API docs: nested sections, long lists. */
function referencePage(): string {
  const sections = Array.from(
    { length: 100 },
    (_, i) => `
    <section><h2>Module ${i}<a class="mark" href="#m${i}">#</a></h2>
      <div class="intro"><p>Module ${i} does <code>thing_${i}()</code> and <em>more</em>, see <a href="../m${i}.html">its page</a>.</p>
        Loose text before a list, <strong>strong</strong> and
        <span>inline</span> parts.
        <ul>${Array.from({ length: 12 }, (_, j) => `<li>item ${i}.${j} <a href="#i${j}">link</a></li>`).join('')}</ul></div>
      <div hidden><p>SECRET hidden section ${i}</p><div><p>SECRET nested</p></div></div>
      <div style="display:none"><p>SECRET styled ${i}</p></div>
      <pre><code class="language-js">const x${i} = 1;\n\nrun(x${i});</code></pre>
      <table><thead><tr><th>Name</th><th>Type</th></tr></thead><tbody><tr><td>a${i}</td><td>number</td></tr></tbody></table>
      <blockquote><p>Stability: ${i % 3}</p></blockquote>
    </section>`,
  );
  const numbered = Array.from({ length: 250 }, (_, i) => `<li>step ${i} <em>of</em> many</li>`).join('');
  return `<header><nav><a href="/">Home</a></nav></header>
    <main><div class="wrap"><h1>API</h1>${sections.join('')}<ol start="5">${numbered}</ol>
      <x-note></x-note><script>var SECRET = 1;</script></div></main>
    <footer><p>Footer text outside main</p></footer>`;
}

function load(body: string): Document {
  const doc = new DOMParser().parseFromString(
    `<!doctype html><html><head><title>API</title><base href="${BASE}"></head><body>${body}</body></html>`,
    'text/html',
  );
  const host = doc.querySelector('x-note');
  host
    ?.attachShadow({ mode: 'open' })
    .append(Object.assign(doc.createElement('p'), { textContent: 'Shadow note text' }));
  return doc;
}

/** What converting `main` whole, in one turndown call, writes: the reference the one-pass writer must match. */
function wholeMarkdown(doc: Document): string {
  const main = doc.querySelector('main') as HTMLElement;
  const copy = doc.implementation.createHTMLDocument('').importNode(main, true);
  flattenShadowRoots(main, copy);
  cleanTree(copy);
  return tidyMarkdown(toMarkdown(copy, createTurndown(BASE)));
}

describe('readMarkdown on a large page', () => {
  const doc = load(referencePage());
  const full = readMarkdown(doc);

  it('is large enough to skip Readability', () => {
    expect(doc.getElementsByTagName('*').length).toBeGreaterThan(5000);
  });

  it(
    'writes, in one walk, exactly what one turndown conversion of the main landmark writes',
    () => {
      const { markdown, truncated } = full;
      expect(truncated).toBe(false);
      expect(markdown).toBe(wholeMarkdown(doc));
      expect(markdown).toContain('5.  step 0 _of_ many\n6.  step 1 _of_ many');
      // A long list is numbered on from the page's start attribute.
      expect(markdown).toContain('104.  step 99 _of_ many\n105.  step 100 _of_ many');
      expect(markdown).toContain('254.  step 249 _of_ many');
      expect(markdown).toContain('Shadow note text');
      expect(markdown).toContain('[its page](https://docs.example/m0.html)');
      expect(markdown).toContain('```js\nconst x0 = 1;\n\nrun(x0);\n```');
      expect(markdown).toContain('| Name | Type |\n| --- | --- |\n| a0  | number |');
      expect(markdown).not.toMatch(/SECRET|Footer text|Home/);
    },
    SLOW,
  );

  it('stops at the budget with a marker, the kept part being the start of the whole', () => {
    const { markdown, truncated } = readMarkdown(doc, { maxChars: 3000 });
    expect(truncated).toBe(true);
    expect(markdown.length).toBeLessThanOrEqual(3000);
    expect(markdown.endsWith('\n\n[… truncated: the page goes on]')).toBe(true);
    expect(full.markdown.startsWith(markdown.slice(0, -'\n\n[… truncated: the page goes on]'.length))).toBe(true);
  });

  it('stops converting once past the budget', () => {
    const main = doc.querySelector('main') as Element;
    const read = writeMarkdown(main, BASE, 3000);
    expect(read.complete).toBe(false);
    // Measured again every couple of thousand characters written at most.
    expect(read.markdown.length).toBeLessThan(6000);
  });

  it(
    'reads the whole body when the main landmark is hidden, and leaves the live page alone',
    () => {
      const hidden = load(
        referencePage().replace('<main>', '<main hidden>').replace('<header>', '<header><p>Visible header</p>'),
      );
      const before = hidden.documentElement.outerHTML;
      const { markdown } = readMarkdown(hidden, { maxChars: 500 });
      expect(markdown).toBe('Visible header\n\n[Home](https://docs.example/)\n\nFooter text outside main');
      expect(hidden.documentElement.outerHTML).toBe(before);
    },
    SLOW,
  );
});
