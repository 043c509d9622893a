// A crawl through the ABP tools, polled as an agent does.
import { expect, it } from 'vitest';
import { waitUntil } from '../harness';
import type { BridgeEnv } from './env';

export function crawlThroughAbp(env: BridgeEnv): void {
  it('crawls a site through the ABP tools, polling the job as an agent does', async () => {
    // Whatever the flow above left behind, the crawl needs the network.
    await env.bridge.data('browser_set_offline', { offline: false });
    const started = await env.bridge.data('abp_crawl_start', {
      urls: env.site.url('crawl/index.html'),
      options: { maxWorkers: 2 },
    });
    expect(started).toEqual({ jobId: expect.stringMatching(/^job_/), status: 'started' });
    const jobId = started.jobId as string;
    const done = await waitUntil(
      async () => {
        const status = await env.bridge.data('abp_crawl_status', { jobId });
        return status.active ? null : status;
      },
      { timeoutMs: 60_000, message: 'the crawl did not finish' },
    );
    expect(done).toMatchObject({ active: false, pagesProcessed: 6, job: { status: 'completed', pagesFailed: 0 } });
    const { pages } = (await env.bridge.data('abp_storage_pages_list', { jobId })) as {
      pages: { canonicalUrl: string; markdown: string }[];
    };
    expect(pages.map((p) => p.canonicalUrl).sort()).toEqual(
      ['crawl/a.html', 'crawl/b.html', 'crawl/deep/c.html', 'crawl/index.html', 'crawl/orphan.html'].map(env.site.url),
    );
    expect(pages.find((p) => p.canonicalUrl === env.site.url('crawl/a.html'))?.markdown).toMatch(/^# Alpha\n/);
    expect(await env.bridge.data('abp_storage_jobs_delete', { jobIds: jobId })).toEqual({ deleted: 1 });
  });
}
