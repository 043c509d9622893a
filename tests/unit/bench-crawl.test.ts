// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { FANOUT, generateSite, pagePath, serveSite } from '../../bench/crawl/site';
import { fetchCrawl, parseArgs, targetLines, type BenchResult, type CrawlRun } from '../../bench/crawl/run';

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

describe('the verdicts', () => {
  const run = (workers: number, crawl: number, fetch = 400): CrawlRun => ({
    workers,
    baseline: { seconds: 1, pages: fetch, pagesPerSecond: fetch },
    crawl: { seconds: 1, pages: crawl, failed: 0, pagesPerSecond: crawl },
    memory: null,
    export: { seconds: 0.1, bytes: 1 },
  });
  const result = (runs: CrawlRun[]): BenchResult => ({
    machine: { cpus: 2, node: 'v20' },
    options: { pages: 500, workers: runs.map((r) => r.workers), json: false, build: false },
    site: { pages: 500, htmlBytes: 1 },
    runs,
  });

  it("judge the target at 4 workers next to that run's fetch baseline, and slower runs with more workers", () => {
    const judged = (runs: CrawlRun[]) =>
      targetLines(result(runs)).map((l) => [l.verdict, l.figure, l.value, l.target, l.baseline]);
    expect(judged([run(1, 40), run(4, 61.25, 480), run(8, 70)])).toEqual([
      ['INFO', 'crawl, 1 worker', '40.0 pages/s', '—', 'fetch 400.0 pages/s'],
      ['PASS', 'crawl, 4 workers', '61.3 pages/s', '≥ 60 pages/s', 'fetch 480.0 pages/s'],
      ['INFO', 'crawl, 8 workers', '70.0 pages/s', '—', 'fetch 400.0 pages/s'],
      [
        'PASS',
        'more workers never slower',
        'pages/s by workers 1: 40.0, 4: 61.3, 8: 70.0',
        'never below fewer workers',
        '—',
      ],
    ]);
    const missed = judged([run(8, 50), run(4, 59.9), run(1, 30)]);
    expect(missed.map((l) => l[0])).toEqual(['INFO', 'MISS', 'INFO', 'MISS']);
    expect(missed[3]?.[2]).toBe('pages/s by workers 1: 30.0, 4: 59.9, 8: 50.0');
    expect(judged([run(1, 30)]).map((l) => [l[0], l[1], l[2]])).toEqual([
      ['INFO', 'crawl, 1 worker', '30.0 pages/s'],
      ['INFO', 'crawl, 4 workers', 'not run'],
      ['INFO', 'more workers never slower', 'pages/s by workers 1: 30.0'],
    ]);
  });
});
