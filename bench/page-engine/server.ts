// Serves generated pages from memory on 127.0.0.1 (random port): the pages load over real http,
// as the content script sees them, and nothing is written to disk.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface PageServer {
  /** Publishes `html` at `path` (e.g. '/mixed-1000') and returns its full URL. */
  add(path: string, html: string): string;
  remove(path: string): void;
  close(): Promise<void>;
}

export async function startPageServer(): Promise<PageServer> {
  const pages = new Map<string, Buffer>();
  const server = createServer((req, res) => {
    const body = pages.get(req.url ?? '');
    if (!body) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    res.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'content-length': body.length,
      'cache-control': 'no-store',
    });
    res.end(body);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    add(path, html) {
      pages.set(path, Buffer.from(html, 'utf8'));
      return `http://127.0.0.1:${port}${path}`;
    },
    remove(path) {
      pages.delete(path);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
