import type { CrawlJob, CrawlPage } from '../storage/db';

/** Below this reader confidence, markdown is not trusted to hold the page's main content. */
export const DEFAULT_CONFIDENCE_THRESHOLD = 0.5;

export type Format = 'text' | 'markdown' | 'html';

export interface ConvertOptions {
  format: Format;
  confidenceThreshold: number;
  includeMetadata: boolean;
}

export interface PageContent {
  content: string;
  /** True when the stored content in the asked format was missing or not trusted, and the text was used. */
  fallback: boolean;
  reason?: string;
}

const fallBack = (page: CrawlPage, reason: string): PageContent => ({ content: page.content, fallback: true, reason });

/** A page's content in a format, with the confidence fallback: doubtful markdown gives way to the text. */
export function contentForFormat(page: CrawlPage, format: Format, threshold: number): PageContent {
  if (format === 'text') return { content: page.content, fallback: false };
  if (format === 'html')
    return page.html ? { content: page.html, fallback: false } : fallBack(page, 'no HTML is stored for this page');
  if (!page.markdown.trim()) return fallBack(page, 'no markdown is stored for this page');
  const confidence = page.markdownMeta?.confidence;
  if (confidence !== undefined && confidence < threshold) {
    return fallBack(page, `the markdown's confidence ${confidence} is below the threshold ${threshold}`);
  }
  return { content: page.markdown, fallback: false };
}

/** What is known about a page, for front matter and the `metadata` field; the page's own fields win over its meta tags. */
export function pageMetadata(page: CrawlPage): Record<string, string> {
  return {
    ...page.metadata,
    title: page.title,
    url: page.url,
    canonicalUrl: page.canonicalUrl,
    extractedAt: new Date(page.extractedAt).toISOString(),
  };
}

/** YAML front matter. Values are JSON strings, which YAML reads as double-quoted scalars, so any text is safe. */
export function frontMatter(fields: Record<string, string | number>): string {
  const key = (name: string) => (/^[A-Za-z_][\w-]*$/.test(name) ? name : JSON.stringify(name));
  const lines = Object.entries(fields).map(
    ([name, value]) => `${key(name)}: ${typeof value === 'number' ? value : JSON.stringify(value)}`,
  );
  return `---\n${lines.join('\n')}\n---\n`;
}

/** One page: the markdown gets front matter; the metadata is also returned as an object when asked for. */
export function convertPage(page: CrawlPage, options: ConvertOptions) {
  const body = contentForFormat(page, options.format, options.confidenceThreshold);
  const metadata = pageMetadata(page);
  const content =
    options.format === 'markdown' && options.includeMetadata
      ? `${frontMatter(metadata)}\n${body.content}`
      : body.content;
  return {
    format: options.format,
    content,
    fallback: body.fallback,
    ...(body.reason ? { reason: body.reason } : {}),
    ...(options.includeMetadata ? { metadata } : {}),
  };
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);

/** Every page of a job in one document, in URL order so the same job always gives the same result. */
export function convertPages(job: CrawlJob, pages: CrawlPage[], options: ConvertOptions) {
  const sorted = [...pages].sort((a, b) => a.canonicalUrl.localeCompare(b.canonicalUrl));
  const parts = sorted.map((page) => ({
    page,
    body: contentForFormat(page, options.format, options.confidenceThreshold),
  }));
  const title = job.title ?? job.baseUrl;
  let content: string;
  if (options.format === 'markdown') {
    const head = options.includeMetadata
      ? `${frontMatter({ title, baseUrl: job.baseUrl, jobId: job.id, pageCount: sorted.length })}\n`
      : '';
    content =
      head +
      parts
        .map(({ page, body }) => `# ${page.title || page.url}\n\nSource: ${page.url}\n\n${body.content}`)
        .join('\n\n---\n\n');
  } else if (options.format === 'text') {
    const header = (page: CrawlPage) => (options.includeMetadata ? `${page.title}\n${page.url}\n\n` : '');
    content = parts.map(({ page, body }) => header(page) + body.content).join(`\n\n${'='.repeat(80)}\n\n`);
  } else {
    const articles = parts.map(
      ({ page, body }) =>
        `<article data-url="${escapeHtml(page.url)}">\n<h1>${escapeHtml(page.title || page.url)}</h1>\n${body.content}\n</article>`,
    );
    content = `<!doctype html>\n<html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body>\n${articles.join('\n')}\n</body></html>\n`;
  }
  return {
    format: options.format,
    content,
    pageCount: sorted.length,
    fallbackCount: parts.filter(({ body }) => body.fallback).length,
  };
}
