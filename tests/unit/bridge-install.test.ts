import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { chromeExtensionId, install, installPlan, uninstall } from '../../bridge/native/install';

const root = process.cwd();
const plan = (platform: NodeJS.Platform, env: NodeJS.ProcessEnv = {}) =>
  installPlan({ packageRoot: root, nodePath: '/usr/bin/node', platform, env: { HOME: '/home/ada', ...env } });
const paths = (platform: NodeJS.Platform, env?: NodeJS.ProcessEnv) =>
  Object.fromEntries(plan(platform, env).manifests.map((m) => [m.browser, m.path]));

describe('bosun-bridge install', () => {
  it("names the host for Bosun only: Chrome's id from the manifest key, Firefox's gecko id", () => {
    const key = (JSON.parse(readFileSync('manifests/chrome.json', 'utf8')) as { key: string }).key;
    const id = chromeExtensionId(key);
    expect(id).toMatch(/^[a-p]{32}$/);
    const [chromium, chrome, firefox] = plan('linux').manifests;
    for (const manifest of [chromium, chrome])
      expect(manifest!.json).toMatchObject({
        name: 'org.bosun_agent.bridge',
        type: 'stdio',
        path: '/home/ada/.local/share/bosun-bridge/bosun-bridge-host',
        allowed_origins: [`chrome-extension://${id}/`],
      });
    expect(firefox!.json).toMatchObject({ allowed_extensions: ['bosun@bosun-agent.org'] });
    expect(plan('linux').launcher.text).toBe(`#!/bin/sh\nexec '/usr/bin/node' '${root}/dist/bridge/host.mjs' "$@"\n`);
  });

  it('writes where each browser looks, on Linux, macOS and Windows (with the reg commands)', () => {
    expect(paths('linux')).toEqual({
      chromium: '/home/ada/.config/chromium/NativeMessagingHosts/org.bosun_agent.bridge.json',
      chrome: '/home/ada/.config/google-chrome/NativeMessagingHosts/org.bosun_agent.bridge.json',
      firefox: '/home/ada/.mozilla/native-messaging-hosts/org.bosun_agent.bridge.json',
    });
    expect(paths('darwin')).toEqual({
      chromium: '/home/ada/Library/Application Support/Chromium/NativeMessagingHosts/org.bosun_agent.bridge.json',
      chrome: '/home/ada/Library/Application Support/Google/Chrome/NativeMessagingHosts/org.bosun_agent.bridge.json',
      firefox: '/home/ada/Library/Application Support/Mozilla/NativeMessagingHosts/org.bosun_agent.bridge.json',
    });
    const windows = plan('win32', { LOCALAPPDATA: 'C:/Users/ada/AppData/Local' });
    const local = 'C:/Users/ada/AppData/Local/bosun-bridge';
    expect(windows.registry).toEqual([
      String.raw`reg add "HKCU\Software\Chromium\NativeMessagingHosts\org.bosun_agent.bridge" /ve /t REG_SZ /d "${local}/chromium/org.bosun_agent.bridge.json" /f`,
      String.raw`reg add "HKCU\Software\Google\Chrome\NativeMessagingHosts\org.bosun_agent.bridge" /ve /t REG_SZ /d "${local}/chrome/org.bosun_agent.bridge.json" /f`,
      String.raw`reg add "HKCU\Software\Mozilla\NativeMessagingHosts\org.bosun_agent.bridge" /ve /t REG_SZ /d "${local}/firefox/org.bosun_agent.bridge.json" /f`,
    ]);
    expect(windows.launcher.text).toContain('%*');
  });

  it('install writes the launcher and each manifest for the user; uninstall removes them all, and twice is harmless', () => {
    const home = mkdtempSync(join(tmpdir(), 'bosun-install-'));
    try {
      const mine = plan('linux', { HOME: home });
      const said: string[] = [];
      install(mine, (line) => said.push(line));
      const written = [mine.launcher.path, ...mine.manifests.map((m) => m.path)];
      for (const path of written) expect(existsSync(path), path).toBe(true);
      expect(statSync(mine.launcher.path).mode & 0o777).toBe(0o755);
      expect(JSON.parse(readFileSync(mine.manifests[2]!.path, 'utf8'))).toEqual(mine.manifests[2]!.json);
      expect(said.join('\n')).toContain('npx bosun-bridge --connect');
      uninstall(mine, (line) => said.push(line));
      for (const path of written) expect(existsSync(path), path).toBe(false);
      const before = said.length;
      uninstall(mine, (line) => said.push(line));
      expect(said.length).toBe(before);
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });
});
