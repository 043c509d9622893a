/** A crawl request Bosun cannot take now (another crawl runs, or the job is unknown). */
export class CrawlRefused extends Error {
  override name = 'CrawlRefused';
}
