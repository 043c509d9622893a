import { beforeAll, describe, expect, it } from 'vitest';
import { BROWSERS } from './harness';
import { useAbpPage } from './support/abp';
import { useExtension } from './support/extension';
import { trustTestSiteToNavigate } from './support/permissions';
import { useSite } from './support/site';

type StoredPage = { canonicalUrl: string; title: string; markdown: string; metadata: Record<string, string> };
type Status = { active: boolean; pagesProcessed: number; job: { status: string; pagesFailed: number } };

/**
 * How a crawl loads pages: a page whose content is in its HTML is fetched and read without a tab;
 * only a page whose script writes its content is rendered in one. Tabs are counted by listening
 * to the browser's own tab events from an extension page while the crawl runs.
 */
describe.each(BROWSERS)('the crawl loads pages in %s', (browserName) => {
  const ctx = useExtension(browserName);
  const site = useSite();
  const abp = useAbpPage(ctx, { initialized: true });
  beforeAll(() => trustTestSiteToNavigate(ctx));

  /** Starts counting the tabs the browser opens, and the addresses each one loads. */
  const watchTabs = () =>
    abp.page.evaluate(() => {
      const seen = { created: [] as number[], urls: [] as string[] };
      (globalThis as { crawlTabs?: typeof seen }).crawlTabs = seen;
      browser.tabs.onCreated.addListener((tab) => {
        if (tab.id !== undefined) seen.created.push(tab.id);
      });
      browser.tabs.onUpdated.addListener((id, change) => {
        if (seen.created.includes(id) && change.status === 'complete')
          void browser.tabs.get(id).then((t) => seen.urls.push(t.url ?? ''));
      });
    });
  const tabsSeen = () =>
    abp.page.evaluate(() => (globalThis as { crawlTabs?: { created: number[]; urls: string[] } }).crawlTabs!);

  /** Crawls from `start` to the end and returns the pages stored, then deletes the job. */
  async function crawl(start: string, options: Record<string, unknown>): Promise<StoredPage[]> {
    const { jobId } = (await abp.data('crawl.start', { urls: site.url(start), options })) as { jobId: string };
    const status = (await abp.page.waitFor(
      async (id) => {
        const response = await window.abp.call('crawl.status', { jobId: id });
        return response.success && !response.data.active ? response.data : null;
      },
      jobId,
      { message: `the crawl of ${start} did not finish`, timeoutMs: 60_000 },
    )) as unknown as Status;
    expect(status.job).toMatchObject({ status: 'completed', pagesFailed: 0 });
    const { pages } = (await abp.data('storage.pages.list', { jobId })) as { pages: StoredPage[] };
    await abp.data('storage.jobs.delete', { jobIds: jobId });
    return pages.sort((a, b) => a.canonicalUrl.localeCompare(b.canonicalUrl));
  }

  it('stores static pages without opening a tab, and renders in a tab only the page a script builds', async () => {
    await watchTabs();
    const pages = await crawl('crawl-app/index.html', { maxWorkers: 2 });
    expect(pages.map((p) => p.canonicalUrl)).toEqual(
      ['crawl-app/app.html', 'crawl-app/index.html', 'crawl-app/notes.html'].map(site.url),
    );
    const app = pages.find((p) => p.canonicalUrl === site.url('crawl-app/app.html'));
    // Only the rendered page holds this: app.html itself says "Loading…".
    expect(app?.markdown).toMatch(/^# Script-built content\n\nThis paragraph exists only after the script ran/);
    expect(app?.markdown).not.toContain('Loading');
    expect(pages.find((p) => p.canonicalUrl === site.url('crawl-app/index.html'))?.markdown).toMatch(
      /^# App crawl home\n/,
    );

    const tabs = await tabsSeen();
    expect(tabs.created, 'one worker opened one tab, for the script-built page').toHaveLength(1);
    expect(tabs.urls).toEqual([site.url('crawl-app/app.html')]);
  });

  it('stores the same markdown, title and metadata for static pages as the tab path did', async () => {
    await watchTabs();
    const fetched = await crawl('crawl/index.html', { maxWorkers: 2 });
    expect((await tabsSeen()).created).toEqual([]);
    // Waiting for a selector renders every page in a tab: the path every page took before.
    const rendered = await crawl('crawl/index.html', { maxWorkers: 2, waitForSelectors: ['body'] });
    expect((await tabsSeen()).created.length).toBeGreaterThan(0);
    expect(fetched.length).toBe(5);
    const facts = ({ canonicalUrl, title, markdown, metadata }: StoredPage) => ({
      canonicalUrl,
      title,
      markdown,
      metadata,
    });
    expect(fetched.map(facts)).toEqual(rendered.map(facts));
  });

  it('a crawl of /docs stores /docs and what is below it, never /docs-blog or a page beside it', async () => {
    const pages = await crawl('docs', {});
    expect(pages.map((p) => p.canonicalUrl)).toEqual([site.url('docs'), site.url('docs/guide.html')]);
  });
});
