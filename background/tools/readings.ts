import type { PageCache } from '../storage/page-cache';

/**
 * The page cache as one reader sees it: every page it caches is noted in `read`, so the reader's
 * later recall of it needs no question, while a page some other task read does.
 */
export const readingPages = (pages: PageCache, read: Set<string>): PageCache => ({
  ...pages,
  add: (page) => {
    read.add(page.url);
    return pages.add(page);
  },
});
