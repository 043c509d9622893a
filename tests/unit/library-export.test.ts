import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { buildArchive } from '../../background/library/archive';
import { contentForFormat, convertPage, convertPages, frontMatter } from '../../background/library/convert';
import { domainName, fileNameForUrl, uniqueNames } from '../../background/library/file-names';
import type { CrawlJob, CrawlPage } from '../../background/storage/db';

const job: CrawlJob = {
  id: 'job_1',
  baseUrl: 'https://www.docs.test/',
  baseUrls: ['https://www.docs.test/'],
  status: 'completed',
  pagesFound: 2,
  pagesProcessed: 2,
  pagesFailed: 0,
  createdAt: 0,
  updatedAt: 0,
  errors: [],
};
const page = (id: string, url: string, extra: Partial<CrawlPage> = {}): CrawlPage => ({
  id,
  jobId: 'job_1',
  url,
  canonicalUrl: url,
  alternateUrls: [],
  title: `Title ${id}`,
  content: `Text of ${id}`,
  html: `<p>HTML of ${id}</p>`,
  markdown: `Markdown of ${id}`,
  markdownMeta: { confidence: 0.9 },
  metadata: { description: `About ${id}` },
  contentHash: `h${id}`,
  status: 'completed',
  extractedAt: 0,
  ...extra,
});
const options = { format: 'markdown' as const, confidenceThreshold: 0.5, includeMetadata: true };

describe('content in a format', () => {
  it('falls back to the text when markdown is missing or below the confidence threshold', () => {
    expect(contentForFormat(page('a', 'https://docs.test/a'), 'markdown', 0.5)).toEqual({
      content: 'Markdown of a',
      fallback: false,
    });
    expect(
      contentForFormat(page('a', 'https://docs.test/a', { markdownMeta: { confidence: 0.2 } }), 'markdown', 0.5),
    ).toEqual({
      content: 'Text of a',
      fallback: true,
      reason: "the markdown's confidence 0.2 is below the threshold 0.5",
    });
    expect(contentForFormat(page('a', 'https://docs.test/a', { markdown: ' ' }), 'markdown', 0)).toMatchObject({
      content: 'Text of a',
      fallback: true,
    });
    expect(contentForFormat(page('a', 'https://docs.test/a', { markdownMeta: null }), 'markdown', 0.99)).toMatchObject({
      fallback: false,
    });
    expect(contentForFormat(page('a', 'https://docs.test/a'), 'html', 0.5)).toEqual({
      content: '<p>HTML of a</p>',
      fallback: false,
    });
    expect(contentForFormat(page('a', 'https://docs.test/a'), 'text', 0.5)).toEqual({
      content: 'Text of a',
      fallback: false,
    });
  });

  it('writes front matter any YAML reader can read, whatever the text', () => {
    expect(frontMatter({ title: 'Say "hi": now\nplease', 'og:title': 'x', pageCount: 2 })).toBe(
      '---\ntitle: "Say \\"hi\\": now\\nplease"\n"og:title": "x"\npageCount: 2\n---\n',
    );
  });

  it('converts one page with front matter and its metadata', () => {
    const result = convertPage(page('a', 'https://docs.test/a'), options);
    expect(result).toEqual({
      format: 'markdown',
      content:
        '---\ndescription: "About a"\ntitle: "Title a"\nurl: "https://docs.test/a"\ncanonicalUrl: "https://docs.test/a"\nextractedAt: "1970-01-01T00:00:00.000Z"\n---\n\nMarkdown of a',
      fallback: false,
      metadata: {
        description: 'About a',
        title: 'Title a',
        url: 'https://docs.test/a',
        canonicalUrl: 'https://docs.test/a',
        extractedAt: '1970-01-01T00:00:00.000Z',
      },
    });
    expect(
      convertPage(page('a', 'https://docs.test/a'), { ...options, format: 'text', includeMetadata: false }),
    ).toEqual({ format: 'text', content: 'Text of a', fallback: false });
  });

  it('converts all pages of a job in URL order, counting fallbacks', () => {
    const pages = [
      page('b', 'https://docs.test/b', { markdownMeta: { confidence: 0.1 } }),
      page('a', 'https://docs.test/a'),
    ];
    const markdown = convertPages(job, pages, options);
    expect(markdown).toMatchObject({ format: 'markdown', pageCount: 2, fallbackCount: 1 });
    expect(markdown.content).toBe(
      '---\ntitle: "https://www.docs.test/"\nbaseUrl: "https://www.docs.test/"\njobId: "job_1"\npageCount: 2\n---\n\n' +
        '# Title a\n\nSource: https://docs.test/a\n\nMarkdown of a\n\n---\n\n# Title b\n\nSource: https://docs.test/b\n\nText of b',
    );
    expect(convertPages(job, pages, { ...options, format: 'text', includeMetadata: false }).content).toBe(
      `Text of a\n\n${'='.repeat(80)}\n\nText of b`,
    );
    const html = convertPages({ ...job, title: 'Docs <1>' }, pages, { ...options, format: 'html' }).content;
    expect(html).toContain('<title>Docs &lt;1&gt;</title>');
    expect(html).toContain('<article data-url="https://docs.test/a">\n<h1>Title a</h1>\n<p>HTML of a</p>\n</article>');
  });
});

describe('archive file names', () => {
  it('are readable and safe', () => {
    expect(fileNameForUrl('https://docs.test/guide/intro?x=1&y=é')).toBe('docs.test_guide_intro_x_1_y_C3_A9');
    expect(fileNameForUrl('https://docs.test/')).toBe('docs.test');
    expect(domainName('https://www.Docs.test/a')).toBe('docs.test');
    const name = uniqueNames();
    expect([name('a', 'md'), name('a', 'md'), name('b', 'md'), name('a', 'md')]).toEqual([
      'a.md',
      'a-2.md',
      'b.md',
      'a-3.md',
    ]);
  });
});

describe('the ZIP archive', () => {
  it('holds a folder per job and a file per page, as base64 in the ABP binary shape', async () => {
    const other: CrawlJob = { ...job, id: 'job_2', baseUrl: 'https://blog.test/' };
    const document = await buildArchive(
      [
        {
          job,
          pages: [
            page('a', 'https://docs.test/a'),
            page('b', 'https://docs.test/b', { markdownMeta: { confidence: 0.1 } }),
          ],
        },
        { job: other, pages: [page('c', 'https://blog.test/c')] },
      ],
      'markdown',
      0.5,
      new Date('2026-11-21T10:00:00Z'),
    );
    expect(document).toMatchObject({
      mimeType: 'application/zip',
      encoding: 'base64',
      filename: 'bosun-2-jobs-2026-11-21.zip',
    });
    const bytes = Buffer.from(document.content, 'base64');
    expect(document.size).toBe(bytes.length);
    const zip = await JSZip.loadAsync(bytes);
    const files = Object.values(zip.files)
      .filter((f) => !f.dir)
      .map((f) => f.name)
      .sort();
    expect(files).toEqual([
      'blog.test-job_2/blog.test_c.md',
      'docs.test-job_1/docs.test_a.md',
      'docs.test-job_1/docs.test_b.md',
    ]);
    expect(await zip.file('docs.test-job_1/docs.test_a.md')?.async('string')).toMatch(
      /^---\n[\s\S]*\ntitle: "Title a"\n[\s\S]*---\n\nMarkdown of a$/,
    );
    expect(await zip.file('docs.test-job_1/docs.test_b.md')?.async('string')).toMatch(/\n\nText of b$/);

    const text = await buildArchive(
      [{ job, pages: [page('a', 'https://docs.test/a')] }],
      'text',
      0.5,
      new Date('2026-11-21T10:00:00Z'),
    );
    expect(text.filename).toBe('bosun-docs.test-2026-11-21.zip');
    const textZip = await JSZip.loadAsync(Buffer.from(text.content, 'base64'));
    expect(await textZip.file('docs.test-job_1/docs.test_a.txt')?.async('string')).toBe('Text of a');
  });
});
