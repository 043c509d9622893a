import * as v from 'valibot';
import { describe, expect, it, vi } from 'vitest';
import { CrawlRefused } from '../../background/crawl/crawl-refused';
import { crawlSite, DEFAULT_PAGE_LIMIT } from '../../background/tools/crawl-tools';
import type { RunContext, ToolContext } from '../../background/tools/types';

/** A context whose crawler finishes after `polls` status checks, with two stored pages. */
function context(start: () => Promise<{ id: string }>, polls = 1) {
  let checks = 0;
  const crawler = { start: vi.fn(start), status: vi.fn(async () => ({ active: ++checks <= polls })) };
  const library = {
    getJob: async () => ({ status: 'completed', pagesProcessed: 3, pagesFailed: 1 }),
    listPages: async () => [
      { title: 'Alpha', url: 'https://docs.test/a' },
      { title: '', url: 'https://docs.test/b' },
    ],
  };
  return {
    crawler,
    ctx: { signal: new AbortController().signal, crawl: { crawler, library } } as unknown as RunContext,
  };
}

describe('the crawl_site tool', () => {
  it('asks for the start URL and takes a small page limit by default, at most 100', async () => {
    expect(await crawlSite.target({ url: 'https://docs.test/' }, {} as ToolContext)).toMatchObject({
      url: 'https://docs.test/',
    });
    expect(crawlSite.level).toBe('navigate');
    expect(v.safeParse(crawlSite.params, { url: 'https://docs.test/', pageLimit: 101 }).success).toBe(false);
    expect(v.safeParse(crawlSite.params, { url: 'file:///etc/passwd' }).success).toBe(false);
  });

  it('starts the crawl, waits for it, and lists what it stored as page content', async () => {
    const { crawler, ctx } = context(async () => ({ id: 'job_1' }));
    const out = await crawlSite.run({ url: 'https://docs.test/' }, ctx);
    expect(crawler.start).toHaveBeenCalledWith(
      ['https://docs.test/'],
      expect.objectContaining({ pageLimit: DEFAULT_PAGE_LIMIT }),
    );
    expect(out.success).toBe(true);
    expect(out.text).toMatch(
      /^Crawl job job_1: .*Library view\. It ended completed: 3 pages read, 2 stored \(1 was a copy of a stored page\), 1 failed\.\n<untrusted_page_content>/,
    );
    expect(out.text).toContain('- Alpha (https://docs.test/a)\n- https://docs.test/b (https://docs.test/b)');
  });

  it('says so when another crawl is running', async () => {
    const { ctx } = context(() => Promise.reject(new CrawlRefused('A crawl is running (job job_0)')));
    expect(await crawlSite.run({ url: 'https://docs.test/' }, ctx)).toEqual({
      success: false,
      text: expect.stringMatching(/^Another crawl is running; only one runs at a time/),
    });
  });
});
