// A generated site of N pages and the small server that publishes it on 127.0.0.1. Deterministic:
// the same N (and seed) gives the same bytes. Pages form a tree of fan-out FANOUT under
// /site/index.html (page i links to its children FANOUT·i+1 … FANOUT·i+FANOUT, its parent and its
// neighbours), so a crawl from the index reaches every page by links alone; /sitemap.xml lists them
// all too, as a real site's would.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export const FANOUT = 8;
const WORDS = [
  'harbour',
  'crawl',
  'signal',
  'lantern',
  'river',
  'index',
  'market',
  'engine',
  'garden',
  'ledger',
  'pilot',
  'stone',
  'window',
  'copper',
  'orbit',
  'meadow',
  'vessel',
  'quarry',
  'timber',
  'beacon',
];

export interface SiteFile {
  type: string;
  body: Buffer;
}
export interface Site {
  pages: number;
  /** path → file, e.g. '/site/p/12.html', '/sitemap.xml'. */
  files: Map<string, SiteFile>;
  /** Total bytes of the HTML pages. */
  htmlBytes: number;
}

/** Path of page i: the index is page 0. */
export const pagePath = (i: number): string => (i === 0 ? '/site/index.html' : `/site/p/${i}.html`);

function random(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state / 0x1_0000_0000;
  };
}

function page(i: number, count: number, next: () => number): string {
  const sentence = () => {
    const n = 8 + Math.floor(next() * 10);
    const words = Array.from({ length: n }, () => WORDS[Math.floor(next() * WORDS.length)]);
    return `${words.join(' ')}.`.replace(/^./, (c) => c.toUpperCase());
  };
  const links: number[] = [];
  if (i > 0) links.push(0, Math.floor((i - 1) / FANOUT));
  for (let c = FANOUT * i + 1; c <= FANOUT * i + FANOUT && c < count; c++) links.push(c);
  if (i + 1 < count) links.push(i + 1);
  if (i > 1) links.push(i - 1);
  const nav = [...new Set(links)].map((l) => `<li><a href="${pagePath(l)}">Page ${l}</a></li>`).join('');
  const sections = Array.from(
    { length: 3 },
    (_, s) =>
      `<section><h2>Section ${s + 1}</h2>${Array.from({ length: 3 }, () => `<p>${sentence()} ${sentence()} ${sentence()}</p>`).join('')}</section>`,
  ).join('');
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Bench page ${i}</title>` +
    `<meta name="description" content="Generated page ${i} of ${count}"></head><body>` +
    `<header><nav><ul>${nav}</ul></nav></header><main><article><h1>Page ${i}</h1>${sections}</article></main>` +
    `<footer><p>Footer of page ${i}</p></footer></body></html>`
  );
}

export function generateSite(pages: number, seed = 1): Site {
  if (!Number.isInteger(pages) || pages < 1) throw new Error('a site needs at least one page');
  const next = random(seed);
  const files = new Map<string, SiteFile>();
  let htmlBytes = 0;
  for (let i = 0; i < pages; i++) {
    const body = Buffer.from(page(i, pages, next), 'utf8');
    htmlBytes += body.length;
    files.set(pagePath(i), { type: 'text/html; charset=utf-8', body });
  }
  return { pages, files, htmlBytes };
}

/** The sitemap needs the origin, known once the server listens. */
function sitemap(origin: string, pages: number): SiteFile {
  const urls = Array.from({ length: pages }, (_, i) => `<url><loc>${origin}${pagePath(i)}</loc></url>`).join('');
  return {
    type: 'application/xml',
    body: Buffer.from(
      `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls}</urlset>`,
    ),
  };
}

export interface SiteServer {
  origin: string;
  /** URL of the index page. */
  index: string;
  /** Requests answered so far. */
  requests(): number;
  close(): Promise<void>;
}

export async function serveSite(site: Site): Promise<SiteServer> {
  const files = new Map(site.files);
  let count = 0;
  const server = createServer((req, res) => {
    count += 1;
    const file = files.get((req.url ?? '').split('?')[0] ?? '');
    if (!file) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': file.type, 'content-length': file.body.length, 'cache-control': 'no-store' });
    res.end(file.body);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  files.set('/sitemap.xml', sitemap(origin, site.pages));
  return {
    origin,
    index: `${origin}${pagePath(0)}`,
    requests: () => count,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
