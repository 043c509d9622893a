// @vitest-environment node
// Self-check of the e2e harness: the same assertions against real Chromium
// and real Firefox, using the throwaway extension in ./harness-selfcheck.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchExtension, waitUntil } from './harness/index';
import type { BrowserName, ExtensionSession, PageDriver } from './harness/index';

const selfcheckDir = fileURLToPath(new URL('./harness-selfcheck/', import.meta.url));

/** shared/* plus the browser's manifest.json, in a fresh temp dir. */
function stageExtension(browserName: BrowserName): string {
  const dir = mkdtempSync(join(tmpdir(), `bosun-selfcheck-${browserName}-`));
  cpSync(join(selfcheckDir, 'shared'), dir, { recursive: true });
  cpSync(
    join(selfcheckDir, browserName === 'chromium' ? 'chrome' : 'firefox', 'manifest.json'),
    join(dir, 'manifest.json'),
  );
  return dir;
}

interface Reply {
  bootId: string;
  count: number;
  echo?: unknown;
  status?: number;
  body?: string;
  error?: string;
}
interface SelfcheckGlobal {
  selfcheck: {
    ready?: boolean;
    send(msg: object): Promise<Reply>;
    hostPermission(): Promise<boolean>;
    portOpen(): boolean;
    events: { input: number; trustedClicks: number; keys: string[]; activated: boolean | null };
  };
}
const send = (page: PageDriver, msg: object) =>
  page.evaluate((m) => (globalThis as unknown as SelfcheckGlobal).selfcheck.send(m), msg);
const events = (page: PageDriver) => page.evaluate(() => (globalThis as unknown as SelfcheckGlobal).selfcheck.events);

describe.each(['chromium', 'firefox'] as const)('e2e harness self-check: %s', (browserName) => {
  let session: ExtensionSession;
  let server: Server;
  let serverUrl: string;
  let extensionDir: string;
  let page: PageDriver;

  beforeAll(async () => {
    // No CORS headers on purpose: only host permissions make this fetchable.
    server = createServer((req, res) => {
      res.setHeader('content-type', 'text/html');
      res.end(req.url === '/page' ? '<title>web</title><h1>plain web page</h1>' : 'no-cors-body');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    serverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    extensionDir = stageExtension(browserName);
    const t0 = performance.now();
    session = await launchExtension(browserName, extensionDir);
    console.info(`[harness] ${browserName}: launch + install ${Math.round(performance.now() - t0)} ms`);
  }, 60_000);

  afterAll(async () => {
    const t0 = performance.now();
    await session?.close();
    console.info(`[harness] ${browserName}: close ${Math.round(performance.now() - t0)} ms`);
    server?.close();
    if (extensionDir) rmSync(extensionDir, { recursive: true, force: true });
  });

  it('knows the extension origin and opens an extension page', async () => {
    const scheme = browserName === 'chromium' ? 'chrome-extension' : 'moz-extension';
    expect(session.browserName).toBe(browserName);
    expect(session.extensionOrigin).toMatch(new RegExp(`^${scheme}://[0-9a-z-]+$`));
    const t0 = performance.now();
    page = await session.openExtensionPage('page.html');
    console.info(`[harness] ${browserName}: openExtensionPage ${Math.round(performance.now() - t0)} ms`);
    expect(await page.evaluate(() => location.origin)).toBe(session.extensionOrigin);
    expect(await page.evaluate(() => (globalThis as unknown as SelfcheckGlobal).selfcheck.ready)).toBe(true);
    const reply = await send(page, { type: 'echo', data: { hello: 1 } });
    expect(reply).toMatchObject({ echo: { hello: 1 }, count: 1 });
  });

  it('has <all_urls> granted, so the background fetches a no-CORS 127.0.0.1 server', async () => {
    expect(await page.evaluate(() => (globalThis as unknown as SelfcheckGlobal).selfcheck.hostPermission())).toBe(true);
    const reply = await send(page, { type: 'fetch', url: `${serverUrl}/data` });
    expect(reply).toMatchObject({ status: 200, body: 'no-cors-body' });
  });

  it('drives input: trusted click, fill, press, text', async () => {
    await page.click('#btn');
    const afterClick = await events(page);
    expect(afterClick.trustedClicks).toBe(1);
    expect(afterClick.activated).toBe(true);

    await page.fill('#field', 'first');
    await page.fill('#field', 'héllo wörld');
    expect(await page.evaluate(() => (document.getElementById('field') as HTMLInputElement).value)).toBe('héllo wörld');
    expect((await events(page)).input).toBeGreaterThanOrEqual(2);
    await page.fill('#field', '');
    expect(await page.evaluate(() => (document.getElementById('field') as HTMLInputElement).value)).toBe('');
    expect(await page.text('#out')).toContain('value:héllo wörld');

    await page.press('Enter');
    await page.press('Shift+Enter');
    expect((await events(page)).keys).toEqual(expect.arrayContaining(['Enter', 'Shift+Enter']));
  });

  it('waitFor returns the truthy value and fails with message and last value', async () => {
    await expect(page.waitFor(() => document.title)).resolves.toBe('harness self-check');
    // Time for one probe to answer on a loaded machine: with 300 ms, none did under load 18, and the last value was undefined.
    await expect(page.waitFor(() => 0, undefined, { timeoutMs: 3_000, message: 'never' })).rejects.toThrow(
      /^never: timed out after 3000 ms; last value: 0/,
    );
  });

  it('reloads to a fresh document', async () => {
    await page.evaluate(() => {
      (globalThis as { marker?: number }).marker = 1;
    });
    await page.reload();
    expect(await page.evaluate(() => (globalThis as { marker?: number }).marker)).toBeUndefined();
    expect(await page.evaluate(() => (globalThis as unknown as SelfcheckGlobal).selfcheck.ready)).toBe(true);
  });

  it('saves a screenshot of the given size as a PNG', async () => {
    const path = join(tmpdir(), `bosun-harness-${process.pid}-${Date.now()}.png`);
    await page.screenshot(path, { width: 400, height: 300 });
    const png = await readFile(path);
    await rm(path);
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    // IHDR: width and height, big-endian, at bytes 16 and 20 (the device pixel ratio is 1 here).
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([400, 300]);
  });

  it('opens an ordinary web page', async () => {
    const web = await session.openPage(`${serverUrl}/page`);
    expect(await web.text('h1')).toBe('plain web page');
    await web.close();
  });

  it('stopBackground drops ports and the next connection boots a fresh background', async () => {
    const before = await send(page, { type: 'echo', data: 'a' });
    expect(before.count).toBeGreaterThanOrEqual(1);
    const t0 = performance.now();
    await session.stopBackground();
    console.info(`[harness] ${browserName}: stopBackground ${Math.round(performance.now() - t0)} ms`);
    await page.waitFor(() => !(globalThis as unknown as SelfcheckGlobal).selfcheck.portOpen(), undefined, {
      message: 'port did not disconnect',
    });
    const after = await send(page, { type: 'echo', data: 'b' });
    expect(after).toMatchObject({ echo: 'b', count: 1 });
    expect(after.bootId).not.toBe(before.bootId);
  });

  it('collects background errors, including those during boot', async () => {
    await send(page, { type: 'console-error', text: 'logged' });
    await send(page, { type: 'throw', text: 'thrown' });
    await send(page, { type: 'reject', text: 'rejected' });
    await page.evaluate(() => console.error('page errors are not background errors'));
    const expected = [
      /^selfcheck-boot \(background\.js:\d+\)$/,
      /^selfcheck-error: logged \(background\.js:\d+\)$/,
      /^Uncaught Error: thrown \(background\.js:\d+\)$/,
      /^Uncaught \(in promise\) Error: rejected \(background\.js:\d+\)$/,
    ];
    const all = await waitUntil(
      () => {
        const errors = session.backgroundErrors();
        return expected.every((re) => errors.some((e) => re.test(e))) && errors;
      },
      { message: 'background errors not collected' },
    );
    console.info(`[harness] ${browserName}: backgroundErrors ${JSON.stringify(all)}`);
    // One boot marker per background start: launch + the restart above.
    expect(all.filter((e) => e.startsWith('selfcheck-boot'))).toHaveLength(2);
    expect(all.join('\n')).not.toContain('page errors');
  });

  it('collects console output of the background, extension pages, web pages and content scripts', async () => {
    await send(page, { type: 'console-log', text: 'from the background' });
    await page.evaluate(() => console.info('selfcheck-extension-page'));
    const web = await session.openPage(`${serverUrl}/page`);
    await web.evaluate(() => console.warn('selfcheck-web-page'));
    const expected = [
      'log: selfcheck-log: from the background',
      'info: selfcheck-extension-page',
      'warn: selfcheck-web-page',
      'log: selfcheck-content /page',
    ];
    const all = await waitUntil(
      () => {
        const lines = session.consoleOutput();
        return expected.every((line) => lines.includes(line)) && lines;
      },
      { message: `console output not collected: ${JSON.stringify(session.consoleOutput())}` },
    );
    console.info(`[harness] ${browserName}: consoleOutput ${JSON.stringify(all)}`);
    await web.close();
  });

  it('closes pages', async () => {
    await page.close();
  });
});
