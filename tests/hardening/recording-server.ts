// A real HTTP server that writes down every request it receives, so a test can tell from
// outside the extension whether anything reached it: the "attacker" host of the hardening
// suites, and the site whose form endpoints and click beacons log what a page did.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LoggedRequest {
  method: string;
  /** Path and query as sent. */
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export interface RecordingServer {
  /** http://HOST:PORT */
  readonly url: string;
  readonly host: string;
  readonly log: readonly LoggedRequest[];
  close(): Promise<void>;
}

/** What to answer a GET: an HTML document, or null for a plain "ok". */
export type PageSource = (path: string) => string | null;

/**
 * Listens on `host` (any address of the loopback range: 127.0.0.2 is a site of its own for the
 * permission policy, which keys sites by host name) and answers every request after logging it.
 */
export async function startRecordingServer(host: string, pages: PageSource = () => null): Promise<RecordingServer> {
  const log: LoggedRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = req.url ?? '/';
      log.push({ method: req.method ?? '', path, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      const page = req.method === 'GET' ? pages(new URL(path, 'http://x').pathname) : null;
      res.writeHead(200, { 'content-type': page === null ? 'text/plain; charset=utf-8' : 'text/html; charset=utf-8' });
      res.end(page ?? 'ok');
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, resolve);
  });
  const url = `http://${host}:${(server.address() as AddressInfo).port}`;
  return {
    url,
    host,
    log,
    close: () =>
      new Promise((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
