/**
 * What a crawl did, in the numbers both the model (crawl_site's answer) and the Library view are
 * given. A crawl reads more pages than it stores: a page whose canonical address or content is
 * already stored (an alias, a redirect, a copy) is read and counted, then stored once. Reporting
 * "read" as "stored" is how the model heard "4 pages stored" while the Library showed "5 of 5".
 */
export interface CrawlCounts {
  /** Pages fetched and extracted, duplicates included: what the page limit counts. */
  read: number;
  /** Pages in the Library for this job, one per canonical address and content. */
  stored: number;
  failed: number;
}

export const crawlCounts = (job: { pagesProcessed: number; pagesFailed: number }, stored: number): CrawlCounts => ({
  read: job.pagesProcessed,
  stored,
  failed: job.pagesFailed,
});

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The counts as the model reads them: "6 pages read, 5 stored (1 was a copy of a stored page), 1 failed". */
export function countsInWords({ read, stored, failed }: CrawlCounts): string {
  const copies = Math.max(0, read - stored);
  const copyNote = copies > 0 ? ` (${plural(copies, 'was a copy', 'were copies')} of a stored page)` : '';
  const failedNote = failed > 0 ? `, ${failed} failed` : '';
  return `${plural(read, 'page', 'pages')} read, ${stored} stored${copyNote}${failedNote}`;
}
