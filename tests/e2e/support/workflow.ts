// What the research workflow tests share: three shop sites, what the Research view shows, and scripted plans.
import { afterAll, beforeAll } from 'vitest';
import type { PageDriver } from '../harness';
import { startStaticServer, testSiteDir, type StaticServer } from '../../fixtures/static-server';
import type { Step } from '../../fixtures/llm-server';

/** Three shops, each its own site to the policy: 127.0.0.1, 127.0.0.2 and 127.0.0.3. */
export function useShops() {
  const shops = {} as {
    servers: StaticServer[];
    a(path: string): string;
    b(path: string): string;
    c(path: string): string;
  };
  beforeAll(async () => {
    shops.servers = await Promise.all(
      ['127.0.0.1', '127.0.0.2', '127.0.0.3'].map((host) => startStaticServer(testSiteDir, host)),
    );
    const [a, b, c] = shops.servers.map((s) => (path: string) => `${s.url}/research/${path}`);
    Object.assign(shops, { a, b, c });
  });
  afterAll(() => Promise.all(shops.servers?.map((s) => s.close()) ?? []));
  return shops;
}

export interface ShownWorkflow {
  status: string;
  steps: string[];
  results: string[];
  errors: string[];
}

export const shownWorkflow = (page: PageDriver) =>
  page.evaluate((): ShownWorkflow => {
    const all = (id: string) =>
      [...document.querySelectorAll(`[data-testid="workflow-step"]`)].map(
        (el) => el.querySelector(`[data-testid="${id}"]`)?.textContent ?? '',
      );
    return {
      status: document.querySelector('[data-testid="workflow-status"]')?.getAttribute('data-status') ?? '',
      steps: [...document.querySelectorAll('[data-testid="workflow-step"]')].map(
        (el) => el.getAttribute('data-status') ?? '',
      ),
      results: all('workflow-step-result'),
      errors: all('workflow-step-error'),
    };
  });

export async function waitForWorkflow(
  page: PageDriver,
  check: (shown: ShownWorkflow) => boolean,
  message: string,
  timeoutMs = 30_000,
): Promise<ShownWorkflow> {
  const deadline = Date.now() + timeoutMs;
  let last = await shownWorkflow(page);
  while (!check(last)) {
    if (Date.now() > deadline) throw new Error(`${message}; the Research view showed ${JSON.stringify(last)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    last = await shownWorkflow(page);
  }
  return last;
}

export const openTabUrls = (page: PageDriver) =>
  page.evaluate(async () => (await browser.tabs.query({})).map((t) => t.url ?? ''));

export const plan = (steps: object[]): Step => ({
  kind: 'text',
  chunks: ['```json\n', JSON.stringify({ steps }), '\n```'],
});
export const read = (id: string): Step => ({ kind: 'tool_calls', calls: [{ id, name: 'read_page', arguments: {} }] });
/** A request check: the model is shown `text` (an earlier step's finding). */
export const sees = (text: string) => (body: unknown) =>
  JSON.stringify(body).includes(text) ? null : `the request lacks "${text}"`;
export const answer = (text: string, mustSee?: string): Step => ({
  kind: 'text',
  chunks: [text],
  ...(mustSee ? { expect: sees(mustSee) } : {}),
});
