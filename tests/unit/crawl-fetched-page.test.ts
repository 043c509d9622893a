// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { builtByScript, readFetchedPage } from '../../src/reader/fetched-page';

const parse = (html: string) => new DOMParser().parseFromString(html, 'text/html');
const prose = 'A paragraph of real content that a reader stores as it is, long enough to be a page. '.repeat(4);

describe('whether a page builds its content with scripts', () => {
  it.each([
    ['a static page', `<h1>Guide</h1><p>${prose}</p>`, false],
    ['a static page that runs a script', `<h1>Guide</h1><p>${prose}</p><script>track()</script>`, false],
    ['an app shell', '<div id="app"><p>Loading…</p></div><script src="app.js"></script>', true],
    ['a module app shell', '<main></main><script type="module" src="main.js"></script>', true],
    [
      'a page with text whose mount point is empty',
      `<p>${prose}</p><div id="root"> </div><script src="a.js"></script>`,
      true,
    ],
    ['a short page whose only script is data', '<p>Short.</p><script type="application/ld+json">{}</script>', false],
    ['a short page without scripts', '<p>Short.</p>', false],
    [
      'text only in noscript and hidden markup',
      `<noscript>${prose}</noscript><div hidden>${prose}</div><script>x()</script>`,
      true,
    ],
  ])('%s', (_name, body, expected) => {
    expect(builtByScript(parse(`<!doctype html><html><body>${body}</body></html>`))).toBe(expected);
  });
});

describe('reading fetched HTML', () => {
  it('resolves links and the canonical address against the address it landed on, or the base the page declares', () => {
    const html = `<!doctype html><html lang="en"><head><title> Guide
      - Docs </title><link rel="canonical" href="/guide"><meta name="description" content="About the guide">
      </head><body><h1>Guide</h1><p>${prose}</p><a href="next.html#part">Next</a> <a href="mailto:a@b.c">Mail</a>
      </body></html>`;
    const reading = readFetchedPage(html, 'https://docs.test/en/start.html');
    expect(reading.kind).toBe('page');
    if (reading.kind !== 'page') return;
    expect(reading.page).toMatchObject({
      success: true,
      url: 'https://docs.test/en/start.html',
      title: 'Guide - Docs',
      canonical: 'https://docs.test/guide',
      metadata: { language: 'en', description: 'About the guide' },
      links: ['https://docs.test/en/next.html'],
    });
    expect(reading.page.markdown).toMatch(
      /^# Guide\n\nA paragraph of real content[^]*\[Next\]\(https:\/\/docs\.test\/en\/next\.html#part\)/,
    );
    expect(reading.page.text).toMatch(/^Guide\nA paragraph of real content[^]*page\.\nNext Mail$/);
    // The stored HTML is the page's own, without the base the reader added.
    expect(reading.page.html).not.toContain('<base');

    const based = readFetchedPage(
      `<html><head><base href="/v2/"></head><body><p>${prose}</p><a href="api.html">API</a></body></html>`,
      'https://docs.test/en/start.html',
    );
    expect(based.kind === 'page' && based.page.links).toEqual(['https://docs.test/v2/api.html']);
  });

  it('leaves a page its scripts build to the tab', () => {
    expect(readFetchedPage('<div id="app"></div><script src="app.js"></script>', 'https://app.test/')).toEqual({
      kind: 'script-built',
    });
  });
});
