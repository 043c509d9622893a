// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { FANOUT, generateSite, pagePath, serveSite } from '../../bench/crawl/site';
import { fetchCrawl, parseArgs } from '../../bench/crawl/run';

describe('the generated site', () => {
  it('is deterministic and every page is reachable from the index by links', () => {
    const site = generateSite(120);
    expect(
      generateSite(120)
        .files.get(pagePath(77))
        ?.body.equals(site.files.get(pagePath(77))?.body ?? Buffer.alloc(0)),
    ).toBe(true);
    expect(site.files.size).toBe(120);
    const seen = new Set([pagePath(0)]);
    for (const queue = [pagePath(0)]; queue.length > 0;) {
      const html = site.files.get(queue.shift() as string)?.body.toString('utf8') ?? '';
      for (const [, href = ''] of html.matchAll(/href="([^"]+)"/g)) {
        if (!seen.has(href)) {
          seen.add(href);
          queue.push(href);
        }
      }
    }
    expect([...seen].sort()).toEqual([...site.files.keys()].sort());
    expect(site.files.get(pagePath(0))?.body.toString()).toContain(`href="${pagePath(FANOUT)}"`);
  });

  it('is served with a sitemap listing every page, and the fetch baseline reaches them all', async () => {
    const server = await serveSite(generateSite(40));
    try {
      const xml = await (await fetch(`${server.origin}/sitemap.xml`)).text();
      expect(xml.match(/<loc>/g)).toHaveLength(40);
      expect(xml).toContain(`<loc>${server.origin}/site/p/39.html</loc>`);
      const { pages, seconds } = await fetchCrawl(server.index, 4);
      expect(pages).toBe(40);
      expect(seconds).toBeGreaterThan(0);
    } finally {
      await server.close();
    }
  });

  it('parses its flags', () => {
    expect(parseArgs([])).toEqual({ pages: 500, workers: [1, 4, 8], json: false, build: true });
    expect(parseArgs(['--pages=10', '--workers=2,3', '--json', '--no-build'])).toEqual({
      pages: 10,
      workers: [2, 3],
      json: true,
      build: false,
    });
    expect(() => parseArgs(['--workers=11'])).toThrow(/1 to 10/);
  });
});
