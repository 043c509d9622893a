import * as v from 'valibot';
import { describe, expect, it, vi } from 'vitest';
import { searchLibrary } from '../../background/tools/library-tool';
import type { ReadAccess, RunContext, ToolContext } from '../../background/tools/types';
import type { RankedPage } from '../../background/storage/crawl-library';

const ranked = (url: string, title: string, excerpt: string): RankedPage => ({
  id: `page_${title}`,
  jobId: 'job_1',
  url,
  title,
  extractedAt: Date.UTC(2026, 10, 1),
  score: 1000,
  excerpt,
});

/** A context whose Library holds `pages` (ranked as given) and whose policy answers `access` per site. */
function context(pages: RankedPage[], access: (url: string) => ReadAccess = () => 'allowed') {
  const rankPages = vi.fn(async (_query: string, limit: number) => pages.slice(0, limit));
  const ctx = {
    signal: new AbortController().signal,
    crawl: { library: { rankPages } },
    readAccess: async (url: string) => access(url),
  } as unknown as RunContext;
  return { ctx, rankPages };
}

describe('the search_library tool', () => {
  it('is read-only and takes a question and at most ten results', () => {
    expect(searchLibrary.level).toBe('read-only');
    expect(v.safeParse(searchLibrary.params, { query: '  ' }).success).toBe(false);
    expect(v.safeParse(searchLibrary.params, { query: 'plans', limit: 11 }).success).toBe(false);
    expect(v.safeParse(searchLibrary.params, { query: 'plans', limit: 3 }).success).toBe(true);
  });

  it("is judged on the best match's site, and answers with numbered results citing title and URL as page content", async () => {
    const pages = [
      ranked('https://docs.test/pricing', 'Pricing', 'Three plans.'),
      ranked('https://docs.test/faq', 'FAQ', 'Plans can change.'),
    ];
    const { ctx, rankPages } = context(pages);
    const args = { query: 'plans' };
    expect(await searchLibrary.target(args, ctx as ToolContext)).toEqual({
      url: 'https://docs.test/pricing',
      summary: 'search the Library for "plans" (2 stored pages match)',
    });
    expect(rankPages).toHaveBeenCalledWith('plans', 5);
    const out = await searchLibrary.run(args, ctx);
    expect(out.success).toBe(true);
    expect(out.text).toMatch(/^2 stored pages match "plans" \(from the Library, not fetched now\)\. Cite/);
    expect(out.text).toContain(
      '<untrusted_page_content>\n[1] Pricing\nURL: https://docs.test/pricing\nStored: 2026-11-01T00:00:00.000Z\nThree plans.\n\n[2] FAQ\nURL: https://docs.test/faq',
    );
  });

  it("gives the judged site's pages, and leaves out those of other sites the policy does not let it read", async () => {
    const pages = [
      ranked('https://asked.test/a', 'A', 'x'),
      ranked('https://secret.test/b', 'B', 'hidden words'),
      ranked('https://asked.test/c', 'C', 'y'),
    ];
    // The best match's site asks: the gate asked the person, who allowed it; the policy still says ask.
    const { ctx } = context(pages, (url) => (url.includes('secret') ? 'refused' : 'ask'));
    const args = { query: 'x' };
    await searchLibrary.target(args, ctx);
    const out = await searchLibrary.run(args, ctx);
    expect(out.text).toContain('1 more matches are on sites Bosun may not read without asking; not shown.');
    expect(out.text).not.toContain('hidden words');
    expect(out.text).not.toContain('secret.test');
    expect(out.text).toContain('[1] A\nURL: https://asked.test/a');
    expect(out.text).toContain('[2] C\nURL: https://asked.test/c');
  });

  it('asks nothing and says so when nothing in the Library matches', async () => {
    const { ctx } = context([]);
    expect(await searchLibrary.target({ query: 'zebra' }, ctx)).toMatchObject({
      invalid: expect.stringMatching(/^No page in the Library matches "zebra"/),
    });
  });
});
