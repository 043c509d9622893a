// A site that counts every action an agent causes on it, so a test can tell an action that ran
// twice from one that ran once. Each case gets pages of its own, named by a token.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ActionSite {
  /** http://127.0.0.1:PORT */
  readonly url: string;
  /** The page of case `token`: a button whose click is reported, and a form whose submit loads a page. */
  page(token: string): string;
  /** How many times each action of case `token` reached the server: 'click' and 'submit'. */
  counts(token: string): { click: number; submit: number };
  /** Every action counted more than once, as 'token/action'. */
  duplicates(): string[];
  close(): Promise<void>;
}

const pageHtml = (token: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Case ${token}</title></head>
<body>
  <h1>Case ${token}</h1>
  <button id="act-${token}" type="button" onclick="fetch('/hit/${token}/click', { method: 'POST' }).then(() => { this.textContent = 'Clicked'; })">Count me</button>
  <form id="form-${token}" action="/hit/${token}/submit" method="get">
    <label>Note <input name="note" value="${token}"></label>
    <button id="send-${token}" type="submit">Send</button>
  </form>
</body></html>`;

export async function startActionSite(): Promise<ActionSite> {
  const hits = new Map<string, number>();
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    const page = /^\/case\/([a-z0-9-]+)\.html$/.exec(path);
    const hit = /^\/hit\/([a-z0-9-]+)\/(click|submit)$/.exec(path);
    if (page) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      return res.end(pageHtml(page[1] as string));
    }
    if (hit) {
      const key = `${hit[1]}/${hit[2]}`;
      hits.set(key, (hits.get(key) ?? 0) + 1);
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      return res.end(`<!doctype html><title>Done ${hit[1]}</title><p>Received ${hit[2]}.</p>`);
    }
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('Not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    page: (token) => `${url}/case/${token}.html`,
    counts: (token) => ({ click: hits.get(`${token}/click`) ?? 0, submit: hits.get(`${token}/submit`) ?? 0 }),
    duplicates: () => [...hits].filter(([, n]) => n > 1).map(([key]) => key),
    close: () =>
      new Promise<void>((done, reject) => {
        server.close((error) => (error ? reject(error) : done()));
        server.closeAllConnections();
      }),
  };
}
