/**
 * `bosun-bridge install` and `uninstall`: the native messaging host's manifest for the current user,
 * for Chromium, Chrome and Firefox, where each browser looks for it on Linux, macOS and Windows (on
 * Windows the browsers find it through a registry key, given as the `reg` command to run), and a
 * small launcher that starts the host with this Node.
 */
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { NATIVE_HOST_NAME } from '../../src/protocol/native-bridge';

export type HostBrowser = 'chromium' | 'chrome' | 'firefox';
const BROWSERS: readonly HostBrowser[] = ['chromium', 'chrome', 'firefox'];

/** Chrome's id for an extension with this manifest `key`: the key's SHA-256, its first 32 hex digits written a–p. */
export function chromeExtensionId(key: string): string {
  const hex = createHash('sha256').update(Buffer.from(key, 'base64')).digest('hex').slice(0, 32);
  return [...hex].map((digit) => String.fromCharCode(97 + parseInt(digit, 16))).join('');
}

/** Where each browser reads a user's host manifests (Windows: where the manifest is kept, found through the registry). */
export function manifestDir(browser: HostBrowser, platform: NodeJS.Platform, home: string, env: NodeJS.ProcessEnv) {
  if (platform === 'win32') return join(env.LOCALAPPDATA ?? join(home, 'AppData', 'Local'), 'bosun-bridge', browser);
  if (platform === 'darwin') {
    const support = join(home, 'Library', 'Application Support');
    return {
      chromium: join(support, 'Chromium', 'NativeMessagingHosts'),
      chrome: join(support, 'Google', 'Chrome', 'NativeMessagingHosts'),
      firefox: join(support, 'Mozilla', 'NativeMessagingHosts'),
    }[browser];
  }
  const config = env.XDG_CONFIG_HOME?.trim() || join(home, '.config');
  return {
    chromium: join(config, 'chromium', 'NativeMessagingHosts'),
    chrome: join(config, 'google-chrome', 'NativeMessagingHosts'),
    firefox: join(home, '.mozilla', 'native-messaging-hosts'),
  }[browser];
}

/** The Windows registry key each browser reads the manifest's path from. */
const REGISTRY_KEYS: Record<HostBrowser, string> = {
  chromium: 'HKCU\\Software\\Chromium\\NativeMessagingHosts',
  chrome: 'HKCU\\Software\\Google\\Chrome\\NativeMessagingHosts',
  firefox: 'HKCU\\Software\\Mozilla\\NativeMessagingHosts',
};

export interface InstallPlan {
  launcher: { path: string; text: string };
  manifests: { browser: HostBrowser; path: string; json: Record<string, unknown> }[];
  /** Windows: the commands that register each manifest. */
  registry: string[];
}

/** What install writes, worked out without touching the disk. */
export function installPlan(opts: {
  packageRoot: string;
  nodePath: string;
  platform: NodeJS.Platform;
  env: NodeJS.ProcessEnv;
}): InstallPlan {
  const { packageRoot, nodePath, platform, env } = opts;
  const home = env.HOME?.trim() || homedir();
  const manifest = (name: string) =>
    JSON.parse(readFileSync(join(packageRoot, 'manifests', name), 'utf8')) as Record<string, unknown>;
  const key = manifest('chrome.json').key as string;
  const geckoId = (manifest('firefox.json').browser_specific_settings as { gecko: { id: string } }).gecko.id;
  const host = join(packageRoot, 'dist', 'bridge', 'host.mjs');
  const data =
    platform === 'win32'
      ? join(env.LOCALAPPDATA ?? join(home, 'AppData', 'Local'), 'bosun-bridge')
      : join(env.XDG_DATA_HOME?.trim() || join(home, '.local', 'share'), 'bosun-bridge');
  const launcher =
    platform === 'win32'
      ? { path: join(data, 'bosun-bridge-host.bat'), text: `@echo off\r\n"${nodePath}" "${host}" %*\r\n` }
      : { path: join(data, 'bosun-bridge-host'), text: `#!/bin/sh\nexec '${nodePath}' '${host}' "$@"\n` };
  const description = "Bosun's bridge for AI agents on this computer (bosun-bridge --connect)";
  const manifests = BROWSERS.map((browser) => ({
    browser,
    path: join(manifestDir(browser, platform, home, env), `${NATIVE_HOST_NAME}.json`),
    json: {
      name: NATIVE_HOST_NAME,
      description,
      path: launcher.path,
      type: 'stdio',
      // The browser starts the host for this extension only.
      ...(browser === 'firefox'
        ? { allowed_extensions: [geckoId] }
        : { allowed_origins: [`chrome-extension://${chromeExtensionId(key)}/`] }),
    },
  }));
  const registry =
    platform === 'win32'
      ? manifests.map(
          (m) => `reg add "${REGISTRY_KEYS[m.browser]}\\${NATIVE_HOST_NAME}" /ve /t REG_SZ /d "${m.path}" /f`,
        )
      : [];
  return { launcher, manifests, registry };
}

export function install(plan: InstallPlan, say: (line: string) => void): void {
  mkdirSync(join(plan.launcher.path, '..'), { recursive: true });
  writeFileSync(plan.launcher.path, plan.launcher.text);
  chmodSync(plan.launcher.path, 0o755);
  for (const { path, json } of plan.manifests) {
    mkdirSync(join(path, '..'), { recursive: true });
    writeFileSync(path, `${JSON.stringify(json, null, 2)}\n`);
    say(`wrote ${path}`);
  }
  if (plan.registry.length > 0) say(`Now register the host with Windows:\n${plan.registry.join('\n')}`);
  say(
    'Then, in Bosun\'s Settings, turn on "Let AI agents on this computer use this browser", and give your MCP client the command: npx bosun-bridge --connect',
  );
}

export function uninstall(plan: InstallPlan, say: (line: string) => void): void {
  for (const path of [plan.launcher.path, ...plan.manifests.map((m) => m.path)])
    if (existsSync(path)) {
      rmSync(path);
      say(`removed ${path}`);
    }
  if (plan.registry.length > 0)
    say(
      `On Windows also remove the keys:\n${plan.manifests.map((m) => `reg delete "${REGISTRY_KEYS[m.browser]}\\${NATIVE_HOST_NAME}" /f`).join('\n')}`,
    );
}
