// A site that counts every action an agent causes on it, so a test can tell an action that ran
// twice from one that ran once. Each case gets pages of its own, named by a token.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ActionSite {
  /** http://127.0.0.1:PORT */
  readonly url: string;
  /** The page of case `token`: a button whose click is reported, and a form whose submit loads a page. */
  page(token: string): string;
  /**
   * A page of `count` buttons, #step-1 … #step-N, for one task of several actions. Each click
   * reaches the server as action 'click' of case `${token}-sI` before the click handler returns
   * (a synchronous request), so a held answer (`hold`) keeps the click running in the page.
   */
  steps(token: string, count: number): string;
  /**
   * The next hits of case `token` are counted at once and answered only on `release()`; `waiting()`
   * is how many wait. `${token}-page` holds the loads of case `token`'s steps page itself.
   */
  hold(token: string): { release(): void; waiting(): number };
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

const stepsHtml = (token: string, count: number) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Steps ${token}</title></head>
<body>
  <h1>Steps ${token}</h1>
  ${Array.from({ length: count }, (_, i) => `<button id="step-${i + 1}" type="button" onclick="const r = new XMLHttpRequest(); r.open('POST', '/hit/${token}-s${i + 1}/click', false); r.send(); this.textContent = 'Done ${i + 1}'">Step ${i + 1}</button>`).join('\n  ')}
</body></html>`;

export async function startActionSite(): Promise<ActionSite> {
  const hits = new Map<string, number>();
  const held = new Map<string, (() => void)[]>();
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    const steps = /^\/steps\/([a-z0-9-]+)\/(\d+)\.html$/.exec(path);
    if (steps) {
      const answer = () => {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
        res.end(stepsHtml(steps[1] as string, Number(steps[2])));
      };
      const waiting = held.get(`${steps[1]}-page`);
      return waiting ? void waiting.push(answer) : answer();
    }
    const page = /^\/case\/([a-z0-9-]+)\.html$/.exec(path);
    const hit = /^\/hit\/([a-z0-9-]+)\/(click|submit)$/.exec(path);
    if (page) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      return res.end(pageHtml(page[1] as string));
    }
    if (hit) {
      const key = `${hit[1]}/${hit[2]}`;
      hits.set(key, (hits.get(key) ?? 0) + 1);
      const answer = () => {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
        res.end(`<!doctype html><title>Done ${hit[1]}</title><p>Received ${hit[2]}.</p>`);
      };
      const waiting = held.get(hit[1] as string);
      return waiting ? void waiting.push(answer) : answer();
    }
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('Not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    page: (token) => `${url}/case/${token}.html`,
    steps: (token, count) => `${url}/steps/${token}/${count}.html`,
    hold: (token) => {
      held.set(token, []);
      return {
        release: () => {
          for (const answer of held.get(token) ?? []) answer();
          held.delete(token);
        },
        waiting: () => held.get(token)?.length ?? 0,
      };
    },
    counts: (token) => ({ click: hits.get(`${token}/click`) ?? 0, submit: hits.get(`${token}/submit`) ?? 0 }),
    duplicates: () => [...hits].filter(([, n]) => n > 1).map(([key]) => key),
    close: () =>
      new Promise<void>((done, reject) => {
        server.close((error) => (error ? reject(error) : done()));
        server.closeAllConnections();
      }),
  };
}
