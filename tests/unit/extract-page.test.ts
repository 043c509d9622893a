// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { extractPage } from '../../content/extract-page';
import { elementMarkdown } from '../../src/reader/markdown';
// The reader is its own file in the extension; here it registers itself the same way.
import '../../content/reader/register';

beforeEach(() => {
  document.documentElement.lang = 'en';
  document.head.innerHTML = `<title>  Guide
    - Docs </title>
    <link rel="canonical" href="/guide">
    <meta name="description" content="How to start">
    <meta property="og:title" content="The guide">
    <meta name="viewport" content="width=device-width">`;
  document.body.innerHTML = `<main id="main"><h2>Start</h2><p>Read <a href="/next#part">next</a>, <a href="mailto:a@b.test">mail</a>,
    <a href="https://other.test/x">elsewhere</a> and <a href="/next">next again</a>.</p></main>`;
});

describe('EXTRACT_PAGE', () => {
  it('returns the page with its canonical URL, the meta tags a library keeps, and its http(s) links once each', () => {
    const page = extractPage();
    if (!page.success) throw new Error(page.error);
    expect(page).toMatchObject({
      url: location.href,
      title: 'Guide - Docs',
      canonical: new URL('/guide', location.href).href,
      metadata: { language: 'en', description: 'How to start', 'og:title': 'The guide' },
      links: [new URL('/next', location.href).href, 'https://other.test/x'],
    });
    expect(page.html).toMatch(/^<html lang="en"><head>/);
    expect(page.markdown).toContain('## Start');
  });

  it("with a selector, returns that element's content, or says nothing matches", () => {
    const page = extractPage('#main h2');
    expect(page).toMatchObject({ success: true, html: '<h2>Start</h2>', markdown: '## Start', text: 'Start' });
    expect(extractPage('#missing')).toEqual({ success: false, error: 'Nothing on the page matches #missing.' });
  });

  it('converts a picked element as itself, the element included', () => {
    const list = document.createElement('ul');
    list.innerHTML = '<li>One</li><li>Two</li>';
    expect(elementMarkdown(list)).toBe('-   One\n-   Two');
  });
});
