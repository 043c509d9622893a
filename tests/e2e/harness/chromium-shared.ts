// Chromium takes seconds to start: as with Firefox (firefox-shared.ts), one process per test worker
// runs for the whole run, and each test file installs its own copy of the extension in it, under an
// id of its own (so with storage of its own), then uninstalls it and closes the tabs it opened.
//
// Extensions.loadUnpacked answers only on the pipe the browser was started with
// (--remote-debugging-pipe), so the process that starts the browser keeps the pipe and installs for
// the files through a small HTTP endpoint, while files drive the browser over its DevTools port.
// The browser is started directly, not by Playwright: Playwright would attach to every tab the
// files open and hold each new one until it let it run.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { chromium } from 'playwright-core';
import { attach, CHROMIUM_ARGS, EXECUTABLE } from './chromium';
import type { ExtensionSession, LaunchOptions } from './types';
import { waitUntil } from './wait';

/**
 * What Playwright's own launch passes (its chromiumSwitches and headless switches, Playwright 1.65),
 * so a file sees the same browser whether it shares one or launches its own.
 */
const PLAYWRIGHT_SWITCHES = [
  '--disable-field-trial-config',
  '--disable-background-timer-throttling',
  '--disable-backgrounding-occluded-windows',
  '--disable-back-forward-cache',
  '--disable-breakpad',
  '--disable-component-extensions-with-background-pages',
  '--no-default-browser-check',
  '--disable-default-apps',
  '--disable-dev-shm-usage',
  '--disable-features=AvoidUnnecessaryBeforeUnloadCheckSync,DestroyProfileOnBrowserClose,HttpsUpgrades,' +
    'HttpsFirstBalancedModeAutoEnable,LensOverlay,MediaRouter,PaintHolding,ThirdPartyStoragePartitioning,' +
    'AvoidCorsURLLoaderRestartOnRedirect,OptimizationHints,NetworkTimeServiceQuerying,AimEnabled,PreconnectToSearch',
  '--enable-features=CDPScreenshotNewSurface,SkipListAccountsWithoutGaiaCookies',
  '--allow-pre-commit-input',
  '--disable-hang-monitor',
  '--disable-ipc-flooding-protection',
  '--disable-popup-blocking',
  '--disable-prompt-on-repost',
  '--disable-renderer-backgrounding',
  '--force-color-profile=srgb',
  '--metrics-recording-only',
  '--password-store=basic',
  '--use-mock-keychain',
  '--no-service-autorun',
  '--disable-search-engine-choice-screen',
  '--unsafely-disable-devtools-self-xss-warnings',
  '--enable-unsafe-swiftshader',
  '--headless',
  '--hide-scrollbars',
  '--mute-audio',
  '--blink-settings=primaryHoverType=2,availableHoverTypes=2,primaryPointerType=4,availablePointerTypes=4',
];

/** The DevTools protocol over the browser's pipe: JSON messages, each ended by a NUL byte. */
class PipeSession {
  private nextId = 1;
  private readonly pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  private buffered = '';

  constructor(
    private readonly toBrowser: Writable,
    fromBrowser: Readable,
  ) {
    fromBrowser.setEncoding('utf8');
    fromBrowser.on('data', (chunk: string) => {
      const parts = (this.buffered + chunk).split('\0');
      this.buffered = parts.pop() ?? '';
      for (const part of parts) this.receive(JSON.parse(part) as { id?: number; result?: unknown; error?: unknown });
    });
    // Writes after the browser is gone fail through the pending calls, not as an unhandled error.
    toBrowser.on('error', () => {});
  }

  send(method: string, params: object): Promise<unknown> {
    const id = this.nextId++;
    const reply = new Promise((resolve, reject) => this.pending.set(id, { resolve, reject }));
    this.toBrowser.write(`${JSON.stringify({ id, method, params })}\0`);
    return reply;
  }

  private receive(message: { id?: number; result?: unknown; error?: unknown }) {
    const call = message.id === undefined ? undefined : this.pending.get(message.id);
    if (!call) return; // events: nobody subscribes on the pipe
    this.pending.delete(message.id as number);
    if (message.error) call.reject(new Error(`chromium: ${JSON.stringify(message.error)}`));
    else call.resolve(message.result);
  }
}

/** The shared browser's two addresses: its DevTools endpoint and the installer that holds its pipe. */
export interface SharedChromium {
  endpoint: string;
  installer: string;
}

/** Starts a Chromium that outlives the files using it, and the installer that serves them. */
export async function startSharedChromium(): Promise<SharedChromium & { stop(): Promise<void> }> {
  const profile = await mkdtemp(join(tmpdir(), 'bosun-e2e-chromium-'));
  const child = spawn(
    EXECUTABLE,
    [
      ...PLAYWRIGHT_SWITCHES,
      ...CHROMIUM_ARGS,
      `--user-data-dir=${profile}`,
      '--remote-debugging-pipe',
      '--remote-debugging-port=0',
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'] },
  );
  const pipe = new PipeSession(child.stdio[3] as Writable, child.stdio[4] as Readable);
  const server = createServer((request, response) => {
    void serveInstall(pipe, request).then(
      (body) => response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body)),
      (error: unknown) => response.writeHead(500).end(String(error)),
    );
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const stop = async () => {
    server.close();
    await stopProcess(child);
    await rm(profile, { recursive: true, force: true });
  };
  try {
    const port = await waitUntil(() => readFile(join(profile, 'DevToolsActivePort'), 'utf8').catch(() => ''), {
      message: 'chromium: the shared browser did not open its DevTools port',
      timeoutMs: 30_000,
    });
    return {
      endpoint: `http://127.0.0.1:${port.split('\n')[0]}`,
      installer: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function stopProcess(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill();
  await once(child, 'exit');
}

/** POST /install {path} → {id}; POST /uninstall {id} → {}. */
async function serveInstall(pipe: PipeSession, request: IncomingMessage): Promise<object> {
  let text = '';
  for await (const chunk of request) text += String(chunk);
  const body = JSON.parse(text) as { path?: string; id?: string };
  if (request.url === '/install' && body.path)
    return (await pipe.send('Extensions.loadUnpacked', { path: body.path })) as object;
  if (request.url === '/uninstall' && body.id)
    return (await pipe.send('Extensions.uninstall', { id: body.id })) as object;
  throw new Error(`installer: no such request ${request.url} ${text}`);
}

async function post(installer: string, path: string, body: object): Promise<Record<string, string>> {
  const response = await fetch(installer + path, { method: 'POST', body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`${path} failed: ${await response.text()}`);
  return (await response.json()) as Record<string, string>;
}

/** What a file may ask of the shared Chromium: everything but a profile or switches of its own, which only a launch gives. */
export type SharedChromiumOptions = Pick<
  LaunchOptions,
  'storageQuotaBytes' | 'openBeforeInstall' | 'keepFirstRunPage' | 'grantOptional'
>;

export const canShareChromium = (options: LaunchOptions): options is SharedChromiumOptions =>
  options.profileDir === undefined && options.chromiumArgs === undefined && options.virtualDisplay === undefined;

/**
 * A session over the shared Chromium: a fresh install of a copy of the extension, as a new browser
 * would have. The copy has no manifest key, so its id comes from its directory and is new.
 */
export async function connectChromium(
  shared: SharedChromium,
  extensionDir: string,
  options: SharedChromiumOptions = {},
): Promise<ExtensionSession> {
  const copy = await mkdtemp(join(tmpdir(), 'bosun-e2e-extension-'));
  await cp(resolve(extensionDir), copy, { recursive: true });
  const manifestPath = join(copy, 'manifest.json');
  const { key: _key, ...manifest } = JSON.parse(await readFile(manifestPath, 'utf8')) as Record<string, unknown>;
  // Granted as installed: Chrome then holds it, and permissions.request for it resolves true without a prompt.
  const granted = options.grantOptional ?? [];
  if (granted.length > 0) {
    manifest.permissions = [...((manifest.permissions as string[] | undefined) ?? []), ...granted];
    manifest.optional_permissions = ((manifest.optional_permissions as string[] | undefined) ?? []).filter(
      (p) => !granted.includes(p as (typeof granted)[number]),
    );
  }
  await writeFile(manifestPath, JSON.stringify(manifest));

  const browser = await chromium.connectOverCDP(shared.endpoint);
  const context = browser.contexts()[0]!;
  const before = new Set(context.pages());
  let id: string | undefined;
  const release = async () => {
    for (const page of context.pages()) if (!before.has(page)) await page.close().catch(() => {});
    if (id) await post(shared.installer, '/uninstall', { id }).catch(() => {});
    await browser.close();
    await rm(copy, { recursive: true, force: true });
  };
  try {
    if (options.openBeforeInstall)
      await (await context.newPage()).goto(options.openBeforeInstall, { waitUntil: 'load' });
    return await attach(context, copy, {
      install: async (path) => (id = (await post(shared.installer, '/install', { path })).id!),
      close: release,
      quotaSize: options.storageQuotaBytes,
      closeFirstRun: !options.keepFirstRunPage,
    });
  } catch (error) {
    await release().catch(() => {});
    throw error;
  }
}
