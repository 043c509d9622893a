import { describe, expect, it } from 'vitest';
import { linkHops } from '../../background/crawl/scope';
import { parseSitemap } from '../../background/crawl/sitemap';

const strict = { strictPathMatching: true, followExternalLinks: false, maxExternalHops: 1 };
const bases = ['https://site.test/docs/intro.html'];

describe('crawl scope', () => {
  it.each([
    ['https://site.test/docs/guide', strict, 0, 0],
    ['https://site.test/docs/', strict, 0, 0],
    ['https://site.test/blog/post', strict, 0, null],
    ['https://site.test/blog/post', { ...strict, strictPathMatching: false }, 0, 0],
    ['http://site.test/docs/guide', strict, 0, null],
    ['https://other.test/page', strict, 0, null],
    ['https://other.test/page', { ...strict, followExternalLinks: true }, 0, 1],
    ['https://third.test/page', { ...strict, followExternalLinks: true }, 1, null],
    ['https://third.test/page', { ...strict, followExternalLinks: true, maxExternalHops: 2 }, 1, 2],
    ['https://site.test/docs/back', { ...strict, followExternalLinks: true }, 1, 0],
    ['mailto:someone@site.test', strict, 0, null],
    ['not a url', strict, 0, null],
  ])('%s (%o, found %i hops out) → %s', (link, options, from, expected) => {
    expect(linkHops(link, from, bases, options)).toBe(expected);
  });
});

describe('the scope of a start URL is its path', () => {
  it.each([
    [
      'https://site.test/docs',
      ['/docs', '/docs/', '/docs/guide', '/docs/a/b.html'],
      ['/docs-blog', '/outside', '/', '/doc'],
    ],
    ['https://site.test/docs/', ['/docs', '/docs/', '/docs/guide'], ['/docs-blog', '/outside']],
    ['https://site.test/docs/guide.html', ['/docs/', '/docs/other.html', '/docs/guide.html'], ['/docs-blog', '/']],
    ['https://site.test/', ['/', '/docs', '/anything/else'], []],
    ['https://site.test', ['/', '/docs'], []],
  ])('%s covers %o and not %o', (start, inside, outside) => {
    for (const path of inside) expect(linkHops(`https://site.test${path}`, 0, [start], strict), path).toBe(0);
    for (const path of outside) expect(linkHops(`https://site.test${path}`, 0, [start], strict), path).toBeNull();
  });
});

describe('sitemaps', () => {
  it('lists the pages of a sitemap and the sitemaps of an index, decoding entities', () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
      <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
        <url><loc> https://site.test/a?x=1&amp;y=2 </loc><lastmod>2026-01-01</lastmod></url>
        <url><loc>https://site.test/b</loc></url>
        <url><loc>/relative/c</loc></url>
        <url><loc>http://[bad</loc></url>
      </urlset>`;
    expect(parseSitemap(xml, 'https://site.test/sitemap.xml')).toEqual({
      pages: ['https://site.test/a?x=1&y=2', 'https://site.test/b', 'https://site.test/relative/c'],
      sitemaps: [],
    });
    const index =
      '<sitemapindex><sitemap><loc>https://site.test/s1.xml</loc></sitemap><sitemap><loc>https://site.test/s2.xml</loc></sitemap></sitemapindex>';
    expect(parseSitemap(index, 'https://site.test/sitemap.xml')).toEqual({
      pages: [],
      sitemaps: ['https://site.test/s1.xml', 'https://site.test/s2.xml'],
    });
    expect(parseSitemap('<html>Not found</html>', 'https://site.test/sitemap.xml')).toEqual({
      pages: [],
      sitemaps: [],
    });
  });
});
