import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import * as v from 'valibot';
import { resolveSite } from '../../policy/site';
import { describeIssues } from '../../src/messaging/router';
import type { SiteGrant } from './abp-client';
import { ENGINES, type EngineName } from '../engines/engine';
import { TOOL_PRESETS, type ToolPreset } from '../tools/tool-set';

export interface BridgeOptions {
  /** The browser the bridge drives, with Bosun's build for it. */
  engine: EngineName;
  /** Chromium's user data directory: logins, cookies and Bosun's own data persist in it. */
  profileDir: string;
  /** The browser closes after this long without a tool call. */
  idleTimeoutMs: number;
  headless: boolean;
  /** The executable of the chosen browser. */
  executablePath: string;
  /** What the developer allowed up front (--allow), for the bridge's session only. */
  allow: SiteGrant[];
  /** The sites whose HttpOnly cookie values browser_cookies may hand on (--allow-httponly), as Bosun names sites. */
  allowHttpOnly: string[];
  /**
   * How long a permission question may wait for an answer in Bosun's sidebar; 0 when nobody can
   * answer (headless), so a call that needs one fails at once with PERMISSION_REQUIRED.
   */
  questionTimeoutMs: number;
  /**
   * --connect: attach to the person's running browser where Bosun lets agents connect, instead of
   * starting one; `engine` then only says which browser, when --browser named one.
   */
  connect: boolean;
  /** Whether --browser was given (attached, the one browser with the link open is used otherwise). */
  browserNamed: boolean;
  /** Which tools are listed (--tools, or $BOSUN_BRIDGE_TOOLS). */
  tools: ToolPreset;
}

const LEVELS = ['read-only', 'navigate', 'interact', 'submit'] as const;

/** Questions wait a little less than an MCP client's default request timeout (60 s). */
const HEADED_QUESTION_TIMEOUT_S = 50;

export const USAGE = `Usage: bosun-bridge [options]

An MCP server on stdio that drives Chromium or Firefox with Bosun loaded.

  bosun-bridge --connect [--browser <name>]
                            attach to the Chromium, Chrome or Firefox you use, where Bosun's Settings
                            let AI agents on this computer use the browser, instead of starting one
  bosun-bridge install      write the native messaging host's manifest for Chromium, Chrome and Firefox
                            (for the current user), which --connect needs; uninstall removes it

Options:
  --browser <name>          chromium (the default) or firefox (Firefox ESR 140 or later, over WebDriver BiDi)
  --profile-dir <dir>       browser profile to use and keep (default: $XDG_DATA_HOME/bosun-bridge/profile,
                            or ~/.local/share/bosun-bridge/profile). One bridge at a time may use a profile.
  --idle-timeout <seconds>  close the browser after this many seconds without a tool call (default 300)
                            (a Firefox bridge defaults to …/bosun-bridge/firefox-profile)
  --headless                run the browser without a window (the default when there is no display)
  --headed                  show the browser window (the default when DISPLAY or WAYLAND_DISPLAY is set)
  --chromium <path>         the Chromium executable (default: $CHROMIUM_PATH or /usr/bin/chromium)
  --firefox <path>          the Firefox executable (default: $FIREFOX_PATH or /usr/bin/firefox-esr)
  --allow <site>[:<level>]  let the agent act on a site without asking, for this bridge's session only, up to
                            a level: read-only, navigate, interact (the default) or submit. Repeatable:
                            --allow localhost:3000 --allow example.com:submit. Recorded in Bosun's
                            policy as grants for this session, which end with it.
  --allow-httponly <site>   let browser_cookies hand on the values of the site's HttpOnly cookies (a session's
                            keys, which the site keeps from its own scripts); without it they are withheld.
                            Repeatable. Reading cookies is still judged by Bosun's policy.
  --question-timeout <s>    how long a call waits for the person to answer Bosun's permission question
                            (default ${HEADED_QUESTION_TIMEOUT_S} when headed, 0 when headless: nobody can answer, so a call that
                            needs a question fails at once with PERMISSION_REQUIRED)
  --tools <preset>          the tools listed: default (reading pages and acting on them as a person would) or
                            full (adds scripts, console, network, emulation, cookies and storage, forward and
                            reload, and Bosun's ABP capabilities: crawling, its stored pages, its agent).
                            Default: $BOSUN_BRIDGE_TOOLS, or default
  --help                    print this text
`;

const Seconds = v.pipe(
  v.string(),
  v.trim(),
  v.regex(/^\d+(\.\d+)?$/, 'must be a number of seconds, such as 300 or 0.5'),
  v.transform(Number),
  v.minValue(0.1, 'must be at least 0.1 seconds'),
  v.maxValue(86_400, 'must be at most 86400 seconds (a day)'),
);
const NonEmpty = v.pipe(v.string(), v.trim(), v.minLength(1, 'must not be empty'));

const Flags = v.object({
  browser: v.optional(v.picklist(ENGINES, 'must be chromium or firefox'), 'chromium'),
  firefox: v.optional(NonEmpty),
  'profile-dir': v.optional(NonEmpty),
  'idle-timeout': v.optional(Seconds, '300'),
  headless: v.optional(v.boolean()),
  headed: v.optional(v.boolean()),
  chromium: v.optional(NonEmpty),
  help: v.optional(v.boolean()),
  connect: v.optional(v.boolean(), false),
  tools: v.optional(v.picklist(TOOL_PRESETS, `must be ${TOOL_PRESETS.join(' or ')}`)),
  allow: v.optional(v.array(NonEmpty), []),
  'allow-httponly': v.optional(v.array(NonEmpty), []),
  'question-timeout': v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(/^\d+(\.\d+)?$/, 'must be a number of seconds, such as 50 or 0'),
      v.transform(Number),
      v.maxValue(600, 'must be at most 600 seconds'),
    ),
  ),
});

/**
 * "example.com", "example.com:submit", "localhost:3000:interact", "https://example.com/x:navigate":
 * a level after the last colon, or interact. The site itself is judged by Bosun as its policy
 * judges sites; one it cannot grant (a browser page, no host) is reported when the session opens.
 */
export function parseAllow(value: string): SiteGrant | string {
  const colon = value.lastIndexOf(':');
  const suffix = colon >= 0 ? value.slice(colon + 1) : '';
  const level = (LEVELS as readonly string[]).includes(suffix) ? (suffix as SiteGrant['level']) : 'interact';
  const site = (level === suffix ? value.slice(0, colon) : value).trim();
  if (site === '' || site.length > 300 || /\s/.test(site))
    return `--allow ${value}: name a site, such as example.com, localhost:3000 or example.com:submit`;
  return { site, level };
}

/** The --allow-httponly sites as Bosun's policy names them, or the error for one that is no site. */
function httpOnlySites(values: string[]): string[] | string {
  const sites: string[] = [];
  for (const value of values) {
    const site = resolveSite(value);
    if (site.kind !== 'site') return `--allow-httponly ${value}: name a web site, such as example.com`;
    sites.push(site.site);
  }
  return sites;
}

/** Attached, the person's policy is all there is: no grants from the command line. */
const NO_GRANTS_ATTACHED =
  '--allow and --allow-httponly are not available with --connect: in your own browser, grants come from you, in Bosun.';

export type ParsedCommand =
  { kind: 'run'; options: BridgeOptions } | { kind: 'help' } | { kind: 'error'; message: string };

/** The profile a bridge uses when none is given: per user, outside any project, so logins outlive a checkout. */
export function defaultProfileDir(env: NodeJS.ProcessEnv, engine: EngineName = 'chromium'): string {
  const data = env.XDG_DATA_HOME?.trim() || join(env.HOME?.trim() || homedir(), '.local', 'share');
  // The two browsers' profiles cannot be shared.
  return join(data, 'bosun-bridge', engine === 'firefox' ? 'firefox-profile' : 'profile');
}

const ARGS = {
  browser: { type: 'string' },
  firefox: { type: 'string' },
  'profile-dir': { type: 'string' },
  'idle-timeout': { type: 'string' },
  headless: { type: 'boolean' },
  headed: { type: 'boolean' },
  chromium: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
  connect: { type: 'boolean' },
  tools: { type: 'string' },
  allow: { type: 'string', multiple: true },
  'allow-httponly': { type: 'string', multiple: true },
  'question-timeout': { type: 'string' },
} as const;

/** Reads the command line (argv without node and the script) and the environment; never exits. */
export function parseCommand(argv: string[], env: NodeJS.ProcessEnv): ParsedCommand {
  let values: Record<string, unknown>;
  try {
    values = parseArgs({ args: argv, strict: true, allowPositionals: false, options: ARGS }).values;
  } catch (error) {
    return { kind: 'error', message: (error as Error).message };
  }
  const preset = values.tools ?? (env.BOSUN_BRIDGE_TOOLS?.trim() || undefined);
  const parsed = v.safeParse(Flags, { ...values, ...(preset === undefined ? {} : { tools: preset }) });
  if (!parsed.success) return { kind: 'error', message: describeIssues(parsed.issues).replace(/^([\w-]+):/, '--$1:') };
  const flags = parsed.output;
  if (flags.help) return { kind: 'help' };
  if (flags.headless && flags.headed)
    return { kind: 'error', message: '--headless and --headed contradict each other: give one.' };
  const hasDisplay = Boolean(env.DISPLAY || env.WAYLAND_DISPLAY);
  const headless = flags.headless ?? (flags.headed ? false : !hasDisplay);
  const allow: SiteGrant[] = [];
  for (const value of flags.allow) {
    const grant = parseAllow(value);
    if (typeof grant === 'string') return { kind: 'error', message: grant };
    allow.push(grant);
  }
  if (flags.connect && (flags.allow.length > 0 || flags['allow-httponly'].length > 0))
    return { kind: 'error', message: NO_GRANTS_ATTACHED };
  const allowHttpOnly = httpOnlySites(flags['allow-httponly']);
  if (typeof allowHttpOnly === 'string') return { kind: 'error', message: allowHttpOnly };
  return {
    kind: 'run',
    options: {
      engine: flags.browser,
      profileDir: resolve(flags['profile-dir'] ?? defaultProfileDir(env, flags.browser)),
      idleTimeoutMs: Math.round(flags['idle-timeout'] * 1000),
      headless,
      connect: flags.connect,
      browserNamed: values.browser !== undefined,
      allow,
      allowHttpOnly,
      tools: flags.tools ?? 'default',
      // Attached, the person is at the browser to answer.
      questionTimeoutMs: Math.round(
        (flags['question-timeout'] ?? (headless && !flags.connect ? 0 : HEADED_QUESTION_TIMEOUT_S)) * 1000,
      ),
      executablePath:
        flags.browser === 'firefox'
          ? (flags.firefox ?? (env.FIREFOX_PATH?.trim() || '/usr/bin/firefox-esr'))
          : (flags.chromium ?? (env.CHROMIUM_PATH?.trim() || '/usr/bin/chromium')),
    },
  };
}
