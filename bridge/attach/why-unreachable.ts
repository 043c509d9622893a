import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, join } from 'node:path';
import { NATIVE_HOST_NAME } from '../../src/protocol/native-bridge';
import { chromeExtensionId, manifestDir, type HostBrowser } from '../native/install';
import type { AttachBrowser } from '../native/socket-path';

/** Why no link to a browser is open, from what this computer shows, furthest along first. */
export type Unreachable =
  | { kind: 'switch-off'; browser: AttachBrowser }
  | { kind: 'bosun-missing'; browser: AttachBrowser; profile: string }
  | { kind: 'browser-not-running'; browser: AttachBrowser }
  | { kind: 'host-missing'; browser: AttachBrowser; manifests: string[] }
  /** Not known here (no /proc to look at the user's browsers): every cause is named. */
  | { kind: 'unknown' };

const RANK: Record<Unreachable['kind'], number> = {
  'switch-off': 4,
  'bosun-missing': 3,
  'browser-not-running': 2,
  'host-missing': 1,
  unknown: 0,
};

/** The host manifests each attached browser may read: Chromium's serve Chrome too. */
const HOST_BROWSERS: Record<AttachBrowser, HostBrowser[]> = {
  chromium: ['chromium', 'chrome'],
  firefox: ['firefox'],
};

const NAMES: Record<AttachBrowser, string> = { chromium: 'Chromium or Chrome', firefox: 'Firefox' };

interface Ids {
  chrome: string;
  gecko: string;
}

/** Bosun's ids in each browser, from the manifests its build is made from. */
export function bosunIds(packageRoot: string): Ids {
  const manifest = (name: string) =>
    JSON.parse(readFileSync(join(packageRoot, 'manifests', name), 'utf8')) as Record<string, unknown>;
  return {
    chrome: chromeExtensionId(manifest('chrome.json').key as string),
    gecko: (manifest('firefox.json').browser_specific_settings as { gecko: { id: string } }).gecko.id,
  };
}

/** A running browser of this user's, started with this HOME (the person's own, not another account's or a test's). */
interface RunningBrowser {
  browser: AttachBrowser;
  args: string[];
}

/** The main processes of the user's browsers, from /proc; null where there is no /proc to read. */
function runningBrowsers(home: string): RunningBrowser[] | null {
  if (process.platform !== 'linux' || !existsSync('/proc/self/environ')) return null;
  const uid = process.getuid?.();
  const found: RunningBrowser[] = [];
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      if (statSync(`/proc/${pid}`).uid !== uid) continue;
      const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
      const program = basename(args[0] ?? '');
      // Helper processes (renderers, content processes) say what they are; the browser itself does not.
      const browser = /^(chromium|chromium-browser|chrome|google-chrome[\w-]*)$/.test(program)
        ? args.some((arg) => arg.startsWith('--type='))
          ? null
          : 'chromium'
        : /^firefox(-esr|-bin)?$/.test(program)
          ? args.includes('-contentproc') || args.includes('-forkserver')
            ? null
            : 'firefox'
          : null;
      if (!browser) continue;
      const environ = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
      const theirs = environ.find((each) => each.startsWith('HOME='))?.slice(5) ?? homedir();
      if (theirs === home) found.push({ browser, args });
    } catch {
      // A process that ended while it was looked at.
    }
  }
  return found;
}

/** The value after `flag` (`--flag=value` or `flag value`). */
function argValue(args: readonly string[], ...flags: string[]): string | undefined {
  for (const [i, arg] of args.entries())
    for (const flag of flags) {
      if (arg.startsWith(`${flag}=`)) return arg.slice(flag.length + 1);
      if (arg === flag) return args[i + 1];
    }
  return undefined;
}

/** Firefox's default profile, as profiles.ini names it. */
function firefoxDefaultProfile(home: string): string | undefined {
  const root = join(home, '.mozilla', 'firefox');
  try {
    const ini = readFileSync(join(root, 'profiles.ini'), 'utf8');
    const install = /^Default=(.+)$/m.exec(ini.slice(ini.indexOf('[Install')))?.[1];
    const path = install ?? /^Path=(.+)$/m.exec(ini)?.[1];
    return path === undefined ? undefined : path.startsWith('/') ? path : join(root, path.trim());
  } catch {
    return undefined;
  }
}

const mentions = (path: string, id: string) => {
  try {
    return readFileSync(path, 'utf8').includes(id);
  } catch {
    return false;
  }
};

/** Whether the browser's profile has Bosun; the profile it looked in. */
function bosunIn(running: RunningBrowser, home: string, env: NodeJS.ProcessEnv, ids: Ids) {
  if (running.browser === 'chromium') {
    const config = env.XDG_CONFIG_HOME?.trim() || join(home, '.config');
    const program = basename(running.args[0] ?? '');
    const profile =
      argValue(running.args, '--user-data-dir') ??
      join(config, program.includes('google') ? 'google-chrome' : 'chromium');
    let dirs: string[] = [];
    try {
      dirs = readdirSync(profile).map((name) => join(profile, name));
    } catch {
      // No profile yet.
    }
    // An extension a profile has keeps its storage and its files under its id; its preferences name it
    // too, once written (Chromium writes them some seconds after a change).
    const has = dirs.some(
      (dir) =>
        ['Local Extension Settings', 'Extensions'].some((sub) => existsSync(join(dir, sub, ids.chrome))) ||
        ['Preferences', 'Secure Preferences'].some((file) => mentions(join(dir, file), ids.chrome)),
    );
    return { profile, has };
  }
  const profile = argValue(running.args, '-profile', '--profile') ?? firefoxDefaultProfile(home) ?? '';
  // An add-on a profile has is in its add-on database, or among the ids it gave a moz-extension:// address.
  const has = ['extensions.json', 'prefs.js', 'user.js'].some((file) => mentions(join(profile, file), ids.gecko));
  return { profile, has };
}

/** Why `browser` has no link open: its host is not installed, it does not run, it lacks Bosun, or Bosun's switch is off. */
function diagnose(browser: AttachBrowser, env: NodeJS.ProcessEnv, ids: Ids): Unreachable {
  const home = env.HOME?.trim() || homedir();
  const manifests = HOST_BROWSERS[browser].map((each) =>
    join(manifestDir(each, process.platform, home, env), `${NATIVE_HOST_NAME}.json`),
  );
  if (!manifests.some((path) => existsSync(path))) return { kind: 'host-missing', browser, manifests };
  const running = runningBrowsers(home)?.filter((each) => each.browser === browser);
  if (running === undefined) return { kind: 'unknown' };
  if (running.length === 0) return { kind: 'browser-not-running', browser };
  const looked = running.map((each) => bosunIn(each, home, env, ids));
  if (!looked.some((each) => each.has)) return { kind: 'bosun-missing', browser, profile: looked[0]!.profile };
  return { kind: 'switch-off', browser };
}

/** Why no browser (the one asked for, or either) has a link open: the browser that got furthest says. */
export function whyUnreachable(asked: AttachBrowser | undefined, env: NodeJS.ProcessEnv, ids: Ids): Unreachable {
  const each = (asked ? [asked] : (['chromium', 'firefox'] as const)).map((browser) => diagnose(browser, env, ids));
  return each.reduce((best, next) => (RANK[next.kind] > RANK[best.kind] ? next : best));
}

/** The problem and the one step that solves it, in words. */
export function unreachableInWords(why: Unreachable, turnOn: string): { problem: string; nextStep: string } {
  switch (why.kind) {
    case 'switch-off':
      return {
        // Told apart by elimination only: a Bosun that is starting again (reloaded, or its background
        // waking) has no link open for a moment either.
        problem: `${NAMES[why.browser]} runs with Bosun, but Bosun's link is not open: its "Let AI agents on this computer use this browser" is off, or Bosun is starting again (reloaded, or waking).`,
        nextStep: turnOn,
      };
    case 'bosun-missing':
      return {
        problem: `${NAMES[why.browser]} runs, but Bosun is not installed in it (profile ${why.profile}).`,
        nextStep: `Install Bosun in ${NAMES[why.browser]} (see Bosun's README, "Install"), then ${turnOn.charAt(0).toLowerCase()}${turnOn.slice(1)}`,
      };
    case 'browser-not-running':
      return {
        problem: `${NAMES[why.browser]} is not running for this user.`,
        nextStep: `Start ${NAMES[why.browser]} with Bosun in it, then call again (its switch "Let AI agents on this computer use this browser" must be on).`,
      };
    case 'host-missing':
      return {
        problem: `Bosun's bridge host is not installed for ${NAMES[why.browser]} (no ${why.manifests.join(' nor ')}).`,
        nextStep:
          'Run "npx bosun-bridge install" once, then restart the browser\'s Bosun link: turn "Let AI agents on this computer use this browser" off and on in Bosun\'s Settings, and call again.',
      };
    case 'unknown':
      return {
        problem:
          "No browser lets agents use it: Bosun's link to the bridge is not open (the browser is not running, Bosun is not installed in it, its switch is off, or the bridge host is not installed).",
        nextStep: turnOn,
      };
  }
}
