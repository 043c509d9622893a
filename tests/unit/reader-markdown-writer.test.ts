// @vitest-environment jsdom

// The one-pass markdown writer against turndown (configured as the reader configures it, over a cleaned,
// shadow-flattened copy): on every page of the test site, a generated benchmark page and a page of every
// construct, the two write the same markdown, but for the differences listed below, each an improvement.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Readability } from '@mozilla/readability';
import { describe, expect, it } from 'vitest';
import { generatePage } from '../../bench/page-engine/generate-page';
import { cleanTree } from '../../src/reader/dom-clean';
import { tidyMarkdown } from '../../src/reader/markdown-budget';
import { writeMarkdown } from '../../src/reader/markdown-writer';
import { absoluteUrl, linkResolver } from '../../src/reader/safe-link';
import { flattenShadowRoots } from '../../src/reader/shadow-flatten';
import { createTurndown, toMarkdown } from '../../bench/markdown/turndown-reference';

const BASE = 'https://site.example/dir/page.html?q=1#top';
const SITE = join(__dirname, '../fixtures/site');
// jsdom and turndown take seconds on the generated pages when the machine is busy.
const SLOW = 60_000;

/** Where the writer's markdown is meant to differ from turndown's: [page, turndown's line, writer's line, why]. */
const IMPROVEMENTS: [string, string, string, string][] = [
  [
    'constructs.html',
    '-    [ ]  task open',
    '-   [ ]  task open',
    // Turndown takes an inline element's edge spaces from its text, where the checkbox writes nothing, and
    // moves a space out of the label: the item's text no longer lines up with its marker.
    'a checkbox first in a label no longer shifts the list item by a space',
  ],
  [
    'widgets/quick-view.html',
    '\n\nClose',
    '',
    // A dialog element drawn only once opened (src/reader/popups.ts).
    'a closed dialog is left out',
  ],
  [
    'widgets/pickers.html',
    '\n\n## Billing address\n\nThe invoice for this booking is sent to this address.\n\nStreet  Cancel Save address',
    '',
    'a closed dialog is left out',
  ],
];

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? htmlFiles(join(dir, entry.name))
      : entry.name.endsWith('.html')
        ? [join(dir, entry.name)]
        : [],
  );
}

function load(html: string): Document {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const base = doc.createElement('base');
  base.href = BASE;
  doc.head.prepend(base);
  const card = doc.querySelector('x-card');
  if (card) {
    card.attachShadow({ mode: 'open' }).innerHTML =
      '<h2><slot name="title">Untitled</slot></h2><p>Inside the shadow</p><slot></slot><slot name="none">Fallback</slot>';
  }
  return doc;
}

/** Turndown's markdown of a cleaned, flattened copy of `root`: what the reader wrote before the writer. */
function turndownMarkdown(root: Element): string {
  const inert = root.ownerDocument.implementation.createHTMLDocument('');
  const wrapper = inert.createElement('div');
  const copy = inert.importNode(root, true);
  flattenShadowRoots(root, copy);
  wrapper.append(copy);
  cleanTree(wrapper);
  return tidyMarkdown(toMarkdown(wrapper, createTurndown(root.ownerDocument.baseURI)));
}

const pages: [string, string][] = [
  ...htmlFiles(SITE).map((file): [string, string] => [file.slice(SITE.length + 1), readFileSync(file, 'utf8')]),
  ['constructs.html', readFileSync(join(__dirname, '../fixtures/markdown/constructs.html'), 'utf8')],
  ['generated 3k', generatePage({ nodes: 3000, seed: 1 }).html],
  ['generated 3k, seed 7', generatePage({ nodes: 3000, seed: 7 }).html],
];

describe('the one-pass markdown writer', () => {
  it.each(pages)(
    'writes what turndown writes on %s, but for the listed improvements',
    (name, html) => {
      const doc = load(html);
      const before = doc.documentElement.outerHTML;
      let expected = turndownMarkdown(doc.body);
      for (const [page, from, to] of IMPROVEMENTS.filter(([page]) => page === name)) {
        expect(expected, `${page}: listed difference not found`).toContain(from);
        expected = expected.replace(from, to);
      }
      const { markdown, complete } = writeMarkdown(doc.body, doc.baseURI);
      expect(complete).toBe(true);
      expect(markdown).toBe(expected);
      expect(doc.documentElement.outerHTML).toBe(before);
    },
    SLOW,
  );

  it('reads the constructs page for what it holds, hidden parts left out', () => {
    const { markdown } = writeMarkdown(load(pages.at(-3)![1]).body, BASE);
    expect(markdown).toContain('-   two.b\n        3.  deep\n        4.  deeper');
    // Column alignment is voted by the column's cells: the left-aligned heading is outvoted by plain cells.
    expect(markdown).toContain('| A   | B   | C   |\n| --- | ---: | :---: |');
    expect(markdown).toContain('````js\nconst a = 1;\n```\ninner fence\n````');
    expect(markdown).toContain('## Card title\n\nInside the shadow\n\n_light child_Fallback');
    expect(markdown).toContain('[fragment](https://site.example/dir/page.html?q=1#frag)');
    expect(markdown).not.toMatch(/SECRET|javascript/);
  });

  it.each(pages.slice(0, -2))(
    'writes what turndown writes on the article Readability finds in %s',
    (name, html) => {
      // Pages of up to 5,000 elements are read from Readability's extraction: a cleaned copy, rearranged.
      const doc = load(html);
      const copy = doc.cloneNode(true) as Document;
      flattenShadowRoots(doc.body, copy.body);
      cleanTree(copy.body);
      const article = new Readability<HTMLElement>(copy, {
        serializer: (node) => node as HTMLElement,
        keepClasses: true,
        disableJSONLD: true,
      }).parse();
      if (!article?.content) return;
      let expected = turndownMarkdown(article.content);
      for (const [, from, to] of IMPROVEMENTS.filter(([page]) => page === name)) expected = expected.replace(from, to);
      expect(writeMarkdown(article.content, doc.baseURI).markdown).toBe(expected);
    },
    SLOW,
  );

  it(
    'writes a script-built tree thousands of levels deep, where turndown overflows the stack in Chromium',
    () => {
      const doc = load('<p>top</p>');
      let parent: Element = doc.body;
      // jsdom builds such a tree slowly (each insertion walks the ancestors), hence the depth and the time allowed.
      for (let i = 0; i < 3000; i++) parent = parent.appendChild(doc.createElement(i % 2 ? 'div' : 'span'));
      parent.innerHTML = '<em>deepest</em> text';
      expect(writeMarkdown(doc.body, BASE).markdown).toBe('top\n\n_deepest_ text');
    },
    SLOW,
  );

  it('resolves links as absoluteUrl does, with or without the URL parser', () => {
    const hrefs = [
      '/a/b?c=1#d',
      '#x',
      '#',
      '/',
      '/a/./b',
      '/a/%2e%2E/b',
      '/p(1)',
      "/q?x='1'",
      '//h.example/x',
      ' /sp ',
      '',
      'rel/x',
      '../up',
      'javascript:alert(1)',
      'mailto:a@b.c',
      '/ü',
      '/a b',
    ];
    for (const base of [BASE, 'http://user:pw@h.example/x', 'file:///tmp/x.html']) {
      const resolve = linkResolver(base);
      for (const href of hrefs) expect(resolve(href), `${href} against ${base}`).toBe(absoluteUrl(href, base));
    }
  });
});
