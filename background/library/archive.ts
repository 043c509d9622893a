import type { CrawlJob, CrawlPage } from '../storage/db';
import { contentForFormat, frontMatter, pageMetadata } from './convert';
import { domainName, fileNameForUrl, uniqueNames } from './file-names';

export interface ArchiveJob {
  job: CrawlJob;
  pages: CrawlPage[];
}

/** The ABP binary shape: the bytes travel as base64 inside `data.document`. */
export interface AbpDocument {
  content: string;
  mimeType: 'application/zip';
  encoding: 'base64';
  size: number;
  filename: string;
}

/** The folder of a job in the archive: its site and id, so two crawls of one site do not mix. */
const folderOf = (job: CrawlJob) => `${domainName(job.baseUrl)}-${job.id}`;

function base64(bytes: Uint8Array): string {
  let binary = '';
  // In slices: String.fromCharCode with a whole archive as arguments overflows the stack.
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/**
 * A ZIP of the jobs' pages, one folder per job and one file per page: markdown with YAML front
 * matter (doubtful markdown falls back to the text), or plain text.
 */
export async function buildArchive(
  jobs: ArchiveJob[],
  format: 'text' | 'markdown',
  threshold: number,
  today: Date,
): Promise<AbpDocument> {
  // Loaded on the first export, not as the background starts: evaluating JSZip took most of the
  // background's start (about 75 ms in Chromium), which every call made meanwhile waits for.
  const { default: JSZip } = await import('jszip');
  const zip = new JSZip();
  for (const { job, pages } of jobs) {
    const folder = zip.folder(folderOf(job));
    const name = uniqueNames();
    for (const page of [...pages].sort((a, b) => a.canonicalUrl.localeCompare(b.canonicalUrl))) {
      const body = contentForFormat(page, format, threshold).content;
      const file = format === 'markdown' ? `${frontMatter(pageMetadata(page))}\n${body}` : body;
      folder?.file(name(fileNameForUrl(page.canonicalUrl), format === 'markdown' ? 'md' : 'txt'), file);
    }
  }
  const bytes = await zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' });
  const [only] = jobs;
  const label = jobs.length === 1 && only ? domainName(only.job.baseUrl) : `${jobs.length}-jobs`;
  return {
    content: base64(bytes),
    mimeType: 'application/zip',
    encoding: 'base64',
    size: bytes.length,
    filename: `bosun-${label}-${today.toISOString().slice(0, 10)}.zip`,
  };
}
