// What the research workflow tests share: three shop sites, what the Research view shows, and scripted plans.
import JSZip from 'jszip';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { BrowserName, LaunchOptions, PageDriver } from '../harness';
import { useConfiguredSidebar } from './configured-sidebar';
import { showView } from './sidebar';
import { startStaticServer, testSiteDir, type StaticServer } from '../../fixtures/static-server';
import type { LlmServer, Step } from '../../fixtures/llm-server';

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

/**
 * What every research test file starts from: Bosun with the scripted model, the three shops, and a
 * configured sidebar showing the Research view (`sidebar`), for the whole file.
 */
export function useResearchView(browserName: BrowserName, launch?: LaunchOptions) {
  const ctx = useConfiguredSidebar(browserName, launch ? { launch } : {});
  const shops = useShops();
  beforeAll(() => showView(ctx.sidebar, 'research'));
  return Object.assign(ctx, { shops });
}

/** The Research view where each test starts with a new script and no shop tab an earlier test left open. */
export function useFreshResearchView(browserName: BrowserName) {
  const ctx = useResearchView(browserName);
  beforeEach(async () => {
    ctx.llm.reset();
    await closeShopTabs(ctx.sidebar, ctx.shops);
  });
  return ctx;
}

/** Closes the shops' tabs: tabs an earlier test's workflow left open would hide whether the next one closed its own. */
export async function closeShopTabs(page: PageDriver, shops: { servers: StaticServer[] }): Promise<void> {
  await page.evaluate(
    async (origins) => {
      const ids = (await browser.tabs.query({}))
        .filter((t) => origins.some((o) => t.url?.startsWith(o)))
        .map((t) => t.id as number);
      if (ids.length > 0) await browser.tabs.remove(ids);
    },
    shops.servers.map((s) => s.url),
  );
}

/** Asks for a plan the model gives as `steps`, lets `edit` change or check it, and approves it. */
export async function planAndApprove(
  page: PageDriver,
  llm: LlmServer,
  intent: string,
  steps: object[],
  edit?: () => Promise<void>,
): Promise<void> {
  llm.script(plan(steps));
  await page.fill('[data-testid="workflow-intent"]', intent);
  await page.click('[data-testid="workflow-plan"]');
  await page.waitFor((n) => document.querySelectorAll('[data-testid="review-step"]').length === n, steps.length, {
    message: 'the plan was not shown for review',
  });
  await edit?.();
  await page.click('[data-testid="workflow-approve"]');
}

/** The report's ZIP as the person saves it: Export, then the link's file, unpacked. */
export async function exportedZip(page: PageDriver): Promise<JSZip> {
  await page.click('[data-testid="workflow-export"]');
  await page.waitFor(() => document.querySelector('[data-testid="workflow-zip-link"]') !== null, undefined, {
    message: 'the ZIP was not prepared',
  });
  const base64 = await page.evaluate(async () => {
    const href = document.querySelector<HTMLAnchorElement>('[data-testid="workflow-zip-link"]')?.href ?? '';
    const bytes = new Uint8Array(await (await fetch(href)).arrayBuffer());
    let binary = '';
    for (const byte of bytes) binary += String.fromCharCode(byte);
    return btoa(binary);
  });
  return JSZip.loadAsync(Buffer.from(base64, 'base64'));
}

/** Copy as markdown, as the person clicks it; the text it put on the clipboard. */
export async function copiedReport(page: PageDriver): Promise<string> {
  await page.evaluate(() => {
    const write = navigator.clipboard.writeText.bind(navigator.clipboard);
    navigator.clipboard.writeText = (text: string) => {
      (window as unknown as { __copied: string }).__copied = text;
      return write(text);
    };
  });
  await page.click('[data-testid="workflow-copy"]');
  await page.waitFor(
    () => document.querySelector('[data-testid="workflow-copy"]')?.textContent === 'Copied',
    undefined,
    { message: 'the report was not copied' },
  );
  return page.evaluate(() => (window as unknown as { __copied: string }).__copied);
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
