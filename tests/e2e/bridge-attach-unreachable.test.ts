// When `bosun-bridge --connect` finds no link to the person's browser, its answer names the cause this
// computer shows, in both browsers, and the one step that solves it: the bridge's host not installed,
// the browser not running, Bosun not installed in it, or its switch off. Each is set up for real (a
// temporary home, the README's install command, the browser binary started as the person would).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSERS, waitUntil } from './harness';
import { EXECUTABLE as CHROMIUM } from './harness/chromium';
import { FIREFOX_EXECUTABLE as FIREFOX } from './harness/firefox';
import { attachedClient, useAttachedBrowser, type Agent } from './support/attached';
import { textOf } from './support/bridge';
import { bosunIds } from '../../bridge/attach/why-unreachable';

const SWITCH = /Let AI agents on this computer use this browser/;

describe.each(BROWSERS)('why bosun-bridge --connect cannot reach %s', { timeout: 120_000 }, (browserName) => {
  let home: string;
  let client: Agent;
  let person: ChildProcess | undefined;
  const env = () => ({ ...process.env, HOME: home, XDG_CONFIG_HOME: '', XDG_DATA_HOME: '' }) as Record<string, string>;
  const refusal = async () => {
    const result = await client.call('browser_tabs', { action: 'list' });
    expect(result.isError).toBe(true);
    return textOf(result);
  };

  beforeAll(async () => {
    // Short: a unix socket's path has a limit of about 100 bytes.
    home = await mkdtemp(join(tmpdir(), 'bb-why-'));
    client = await attachedClient('Claude Code', browserName, env());
  });
  afterAll(async () => {
    await client?.close();
    if (person?.pid && person.exitCode === null) {
      const exited = new Promise((resolve) => person!.once('exit', resolve));
      // The whole group: the browser's child processes outlive its main one and still write into this home.
      process.kill(-person.pid, 'SIGKILL');
      await exited;
    }
    // A child process that had a file open may finish writing a moment after the group is gone.
    await rm(home, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  });

  it('the bridge host not installed: says so, and the install command', async () => {
    const text = await refusal();
    expect(text).toMatch(/bridge host is not installed/);
    expect(text).toMatch(/npx bosun-bridge install/);
  });

  it('the browser not running: says so', async () => {
    const installed = spawnSync(process.execPath, ['bridge/bosun-bridge.mjs', 'install'], { env: env() });
    expect(installed.status, installed.stderr.toString()).toBe(0);
    const text = await refusal();
    expect(text).toMatch(/is not running/);
    expect(text).not.toMatch(/not installed/);
  });

  it('the browser running without Bosun: says Bosun is not installed in it', async () => {
    const profile = browserName === 'chromium' ? join(home, '.config', 'chromium') : join(home, 'firefox-profile');
    await mkdir(profile, { recursive: true });
    person =
      browserName === 'chromium'
        ? spawn(
            CHROMIUM,
            [
              '--headless',
              '--no-sandbox',
              '--disable-gpu',
              '--no-first-run',
              `--user-data-dir=${profile}`,
              'about:blank',
            ],
            { env: env(), stdio: 'ignore', detached: true },
          )
        : spawn(FIREFOX, ['-headless', '-no-remote', '-profile', profile, 'about:blank'], {
            env: env(),
            stdio: 'ignore',
            detached: true,
          });
    const text = await waitUntil(
      async () => {
        const said = await refusal();
        return /not running/.test(said) ? null : said;
      },
      { message: 'the browser was never seen running', timeoutMs: 30_000 },
    );
    expect(text).toMatch(/Bosun is not installed in it/);
    expect(text).toContain(profile);
  });
});

describe.each(BROWSERS)(
  "why bosun-bridge --connect cannot reach %s with Bosun's switch off",
  { timeout: 300_000 },
  (browserName) => {
    const attached = useAttachedBrowser(browserName);

    it('the switch off: says it is off, and how to turn it on', async () => {
      if (browserName === 'chromium') {
        // A person's profile recorded Bosun long ago; a fresh one does so some seconds after the browser starts.
        const id = bosunIds(process.cwd()).chrome;
        const profile = join(attached.home, '.config', 'chromium', 'Default');
        await waitUntil(
          () =>
            existsSync(join(profile, 'Local Extension Settings', id)) ||
            readFileSync(join(profile, 'Preferences'), 'utf8').includes(id),
          { message: 'Chromium did not record Bosun in its profile', timeoutMs: 60_000 },
        );
      }
      const client = await attached.agent('Claude Code');
      const result = await client.call('browser_tabs', { action: 'list' });
      expect(result.isError).toBe(true);
      expect(textOf(result)).toMatch(
        /runs with Bosun, but Bosun's link is not open: its "Let AI agents on this computer use this browser" is off/,
      );
      expect(textOf(result)).toMatch(SWITCH);
    });
  },
);
