// Memory of the browser's processes, read from Linux's /proc: the browser process is found by its
// --user-data-dir (the profile the benchmark made), then every process descending from it. PSS
// (proportional set size, /proc/<pid>/smaps_rollup) splits shared pages between the processes that
// share them, so the figures of several processes add up without counting shared memory twice.
import { readFileSync, readdirSync } from 'node:fs';

export interface ProcessMemory {
  pid: number;
  kind: string;
  pssKiB: number;
}

function read(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null; // the process has gone
  }
}

/** Chromium's child processes rewrite their title, joining their arguments with spaces. */
function cmdline(pid: number): string[] {
  return (read(`/proc/${pid}/cmdline`) ?? '').split(/[\0 ]/).filter(Boolean);
}

function parentOf(pid: number): number | null {
  const stat = read(`/proc/${pid}/stat`);
  if (!stat) return null;
  // "pid (comm) state ppid …": comm may hold spaces and parentheses, so split after the last ')'.
  const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(rest[1]);
}

function pssKiB(pid: number): number {
  const rollup = read(`/proc/${pid}/smaps_rollup`);
  const match = rollup?.match(/^Pss:\s+(\d+) kB/m);
  return match ? Number(match[1]) : 0;
}

/** 'browser', 'extension' (the renderer running the extension's service worker and pages), 'renderer' (web pages), or Chromium's --type. */
function kindOf(args: string[]): string {
  const type = args.find((a) => a.startsWith('--type='))?.slice('--type='.length);
  if (!type) return 'browser';
  if (type === 'renderer') {
    if (args.includes('--extension-process')) return 'extension';
    // The browser's own UI pages (tab strip and the like in headless too), not a web page.
    return args.includes('--top-chrome-webui') ? 'webui' : 'renderer';
  }
  return type;
}

export function isSupported(): boolean {
  return read('/proc/self/smaps_rollup') !== null;
}

/**
 * The browser process launched on `profile` (Chromium's `--user-data-dir=<profile>`, Firefox's
 * `--profile <profile>`), not one of its children (Chromium's `--type=`, Firefox's `-contentproc`), or null.
 */
export function findBrowserPid(profile: string): number | null {
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    const args = cmdline(pid);
    const onProfile = args.includes(`--user-data-dir=${profile}`) || args.includes(profile);
    if (onProfile && !args.some((a) => a.startsWith('--type=') || a === '-contentproc')) return pid;
  }
  return null;
}

/** Every live process of the browser tree, with its kind and PSS. */
export function sampleTree(browserPid: number): ProcessMemory[] {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    const parent = parentOf(pid);
    if (parent !== null) parents.set(pid, parent);
  }
  const inTree = (pid: number): boolean => {
    for (
      let p: number | undefined = pid, depth = 0;
      p !== undefined && p > 1 && depth < 20;
      p = parents.get(p), depth++
    ) {
      if (p === browserPid) return true;
    }
    return false;
  };
  return [...parents.keys()].filter(inTree).map((pid) => ({ pid, kind: kindOf(cmdline(pid)), pssKiB: pssKiB(pid) }));
}

export interface MemoryPeaks {
  /** Peak PSS of the extension's renderer (service worker + abp-app page), MiB. */
  extension: number;
  /** Peak of the summed PSS of the web-page renderers (the crawl's tabs), MiB. */
  tabs: number;
  /** Peak of the summed PSS of every process of the browser, MiB. */
  total: number;
  /** The same three figures at the first sample, before the crawl started, MiB. */
  before: { extension: number; tabs: number; total: number };
  samples: number;
}

/** Samples the tree every `intervalMs` until stop() is called; stop() resolves to the peaks. */
export function watchMemory(browserPid: number, intervalMs = 250): { stop(): MemoryPeaks } {
  const peaks: MemoryPeaks = {
    extension: 0,
    tabs: 0,
    total: 0,
    before: { extension: 0, tabs: 0, total: 0 },
    samples: 0,
  };
  const sample = () => {
    const tree = sampleTree(browserPid);
    const sum = (kinds: string[] | null) =>
      tree.filter((p) => kinds === null || kinds.includes(p.kind)).reduce((s, p) => s + p.pssKiB, 0) / 1024;
    const now = { extension: sum(['extension']), tabs: sum(['renderer']), total: sum(null) };
    if (peaks.samples === 0) peaks.before = now;
    peaks.extension = Math.max(peaks.extension, now.extension);
    peaks.tabs = Math.max(peaks.tabs, now.tabs);
    peaks.total = Math.max(peaks.total, now.total);
    peaks.samples += 1;
  };
  sample();
  const timer = setInterval(sample, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      sample();
      return peaks;
    },
  };
}
