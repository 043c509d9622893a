import type { CrawlPages } from './state';

/**
 * An opened crawl's list once a slice of its pages arrives. The slice takes its place in the list
 * and the pages after it stay, so a running crawl's first slice, listed again as it grows, keeps
 * what "Show more" added; a page is listed once even if two answers to one click overlap.
 * A slice of another crawl opens that crawl only when it is a first slice; one that starts past the
 * end of the list answers a request the list no longer matches (closed or reopened since), and is dropped.
 */
export function withSlice(opened: CrawlPages | null, slice: CrawlPages): CrawlPages | null {
  const offset = slice.offset ?? 0;
  if (!opened || opened.jobId !== slice.jobId) return offset === 0 ? slice : opened;
  if (offset > opened.pages.length) return opened;
  const arrived = new Set(slice.pages.map((page) => page.id));
  const kept = (pages: CrawlPages['pages']) => pages.filter((page) => !arrived.has(page.id));
  return {
    jobId: slice.jobId,
    total: slice.total,
    pages: [
      ...kept(opened.pages.slice(0, offset)),
      ...slice.pages,
      ...kept(opened.pages.slice(offset + slice.pages.length)),
    ],
  };
}
