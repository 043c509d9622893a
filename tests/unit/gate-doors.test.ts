// Every way Bosun's code opens, reads or acts on a tab, enumerated from the source: each call of a
// tab primitive must be declared below with how the permission gate covers it, so a new call site
// (a new side door) fails this test until someone declares it, and its declaration is checked.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const sources = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
/** The extension's contexts: whatever runs in the browser with Bosun's rights. */
const EXTENSION = ['background', 'content', 'sidebar', 'abp-app', 'offscreen', 'src', 'policy'].flatMap(sources);

/**
 * The primitives that open a site in a tab, load one, read a tab's page or its address list, act
 * in it, or start a crawl. Bosun's own helpers that wrap the browser's are primitives too, so a
 * caller of a helper is enumerated like a caller of the browser's function.
 */
const PRIMITIVES = [
  'tabs.create',
  'tabs.update',
  'tabs.query',
  'tabs.sendMessage',
  'executeScript',
  'captureVisibleTab',
  'navigateTab',
  'loadInTab',
  'inBackgroundTab',
  'openStepTab',
  'openToolTab',
  'openAgentTab',
  'crawlTabs.open',
  'fetchPage',
  'loadPdf',
  'pdfPage',
  'askContent',
  'extractPage',
  'waitForSelectors',
  'crawler.start',
  'crawler.resume',
  'search.query',
] as const;
type Primitive = (typeof PRIMITIVES)[number];

/**
 * How a file's calls are covered:
 * - tool: inside the model's tools, which only the gate runs (checked below: nothing else calls a
 *   tool's run); any number of calls, since tools are added often;
 * - tool-parts: helpers that only files defining tools import (checked below), so their calls too run
 *   inside a tool's run;
 * - gated: the file asks the gate (gate.authorize, requireAccess, sitesRefusal, or a crawl's admit) before the
 *   first call; the calls are counted;
 * - primitive: the file defines the helper; its callers are enumerated by the helper's name;
 * - no-site: opens and reads no site for anyone (why is given); the calls are counted;
 * - allowed: opens only a URL the gate has just allowed for this caller (an allowance its decision
 *   left, used once; why is given); the calls are counted.
 */
type Door =
  | { via: 'tool' | 'tool-parts' }
  | { via: 'gated'; calls: Partial<Record<Primitive, number>> }
  | { via: 'primitive' | 'no-site' | 'allowed'; calls: Partial<Record<Primitive, number>>; why: string };

const DOORS: Record<string, Door> = {
  'background/tools/page-tools.ts': { via: 'tool' },
  'background/tools/page-declared-tools.ts': { via: 'tool' },
  'background/tools/page-action.ts': { via: 'tool-parts' },
  'background/tools/leave-check.ts': { via: 'tool-parts' },
  'background/tools/listing-tools.ts': { via: 'tool' },
  'background/tools/tab-tools.ts': { via: 'tool' },
  'background/tools/hand-over-tool.ts': { via: 'tool' },
  'background/tools/search-tool.ts': { via: 'tool' },
  'background/tools/screenshot-tool.ts': { via: 'tool' },
  'background/tools/crawl-tools.ts': { via: 'tool' },
  'background/abp/capabilities/scrape.ts': {
    via: 'gated',
    calls: { inBackgroundTab: 1, waitForSelectors: 1, extractPage: 1 },
  },
  'background/abp/capabilities/crawl.ts': { via: 'gated', calls: { 'crawler.start': 1, 'crawler.resume': 1 } },
  // The Library view's Resume: the job's start sites go to the gate first (sitesRefusal), as crawl.resume's do.
  'background/library/library-control.ts': { via: 'gated', calls: { 'crawler.resume': 1 } },
  // A tab the person picked as context: its site goes to the gate (a read), and the page read must still be there.
  'background/agent/picked-tabs.ts': { via: 'gated', calls: { extractPage: 1 } },
  'background/workflows/workflow-run.ts': { via: 'gated', calls: { openStepTab: 1 } },
  'background/crawl/crawl-page.ts': {
    via: 'gated',
    calls: { fetchPage: 1, pdfPage: 1, 'crawlTabs.open': 1, loadInTab: 1, waitForSelectors: 1, extractPage: 1 },
  },
  'background/crawl/page-fetch.ts': {
    via: 'primitive',
    calls: { fetchPage: 1 },
    why: "fetchPage: a crawl's page loaded without a tab",
  },
  'background/crawl/pdf-page.ts': {
    via: 'primitive',
    calls: { pdfPage: 1, loadPdf: 1 },
    why: 'pdfPage: a PDF a crawl met, read as read_pdf reads one',
  },
  'background/pdf/pdf-source.ts': {
    via: 'primitive',
    calls: { loadPdf: 1 },
    why: "loadPdf: a PDF fetched with the person's cookies and read",
  },
  'background/tools/pdf-tool.ts': { via: 'tool' },
  'background/content-channel/content-client.ts': {
    via: 'primitive',
    calls: { 'tabs.sendMessage': 3, executeScript: 1 },
    why: 'askContent: the one channel to a content script',
  },
  'background/tabs/page-tabs.ts': {
    via: 'primitive',
    calls: {
      openAgentTab: 1,
      'tabs.update': 1,
      navigateTab: 1,
      askContent: 2,
      extractPage: 1,
      loadInTab: 1,
      waitForSelectors: 1,
    },
    why: 'inBackgroundTab, loadInTab, extractPage, waitForSelectors',
  },
  'background/tabs/navigation.ts': { via: 'primitive', calls: { navigateTab: 1 }, why: 'navigateTab' },
  'background/crawl/crawl-tabs.ts': { via: 'primitive', calls: { openAgentTab: 1 }, why: 'crawlTabs.open' },
  'background/tabs/agent-container.ts': {
    via: 'primitive',
    calls: { 'tabs.create': 3, openAgentTab: 1 },
    why: "openAgentTab: a task's, crawl's or scrape's tab, in the agent's container where one is chosen",
  },
  'background/tabs/tool-tabs.ts': {
    via: 'primitive',
    calls: { openAgentTab: 1, openToolTab: 1 },
    why: 'openToolTab: a tab open_tab or search_web opens for its task',
  },
  'background/workflows/workflow-tabs.ts': {
    via: 'primitive',
    calls: { openAgentTab: 1, openStepTab: 1 },
    why: 'openStepTab',
  },
  'sidebar/components/AttachmentTray.tsx': {
    via: 'no-site',
    calls: { 'tabs.query': 1 },
    why: "lists the window's tabs (title and site) for the person to pick from; reads no page, and a picked tab is read by the background under the gate",
  },
  'background/browser-setup/welcome.ts': {
    via: 'no-site',
    calls: { 'tabs.create': 1 },
    why: "opens Bosun's own welcome page on a first install; no site is loaded or read",
  },
  'background/tabs/search-address.ts': {
    via: 'no-site',
    calls: { 'tabs.create': 1, 'search.query': 1 },
    why: "the browser's search runs in a hidden tab whose page loads a rule blocks; its address goes to the gate",
  },
  'background/trusted/press-check.ts': {
    via: 'no-site',
    calls: { executeScript: 1 },
    why: "asks Bosun's own content script, in the tab whose press the gate has just allowed, what the press would land on; reads nothing of the page for anyone",
  },
  'background/content-channel/page-mask.ts': {
    via: 'no-site',
    calls: { askContent: 2 },
    why: 'shows or hides the mask on a tab whose action the gate has just allowed, or lifts one a stopped background left; reads nothing',
  },
  'background/content-channel/forget-readings.ts': {
    via: 'no-site',
    calls: { askContent: 1 },
    why: 'tells each page an ended task read to let go of that reading; reads nothing',
  },
  'background/tools/outlined-tabs.ts': {
    via: 'no-site',
    calls: { askContent: 1 },
    why: "takes off a question's outline, now or after a background stopped while asking; reads nothing",
  },
  // A scheduled chat task's start page: the gate judges it as the policy is at the run (nobody there to ask).
  'background/schedules/scheduled-chat.ts': { via: 'gated', calls: { openAgentTab: 1 } },
  'background/native-bridge/agent-tabs.ts': {
    via: 'allowed',
    calls: { 'tabs.create': 1, 'tabs.update': 3, captureVisibleTab: 1 },
    why: "an attached agent's own window: a tab opens blank, goes only where the gate just allowed that agent (mayOpen), once, and only the agent's own tabs are shown; captured are its own tabs, and a tab the person shared only while they show it",
  },
  'background/abp/capabilities/page.ts': {
    via: 'no-site',
    calls: { 'tabs.query': 1 },
    why: 'finds the tab showing the URL the caller gave; page.read and page.act then run through gate.run',
  },
  'background/agent/tab-follower.ts': {
    via: 'no-site',
    calls: { 'tabs.query': 1 },
    why: "the id of the active tab in the task's window; no address or page reaches anyone",
  },
  'background/conversations/conversation-history.ts': {
    via: 'no-site',
    calls: { 'tabs.update': 1 },
    why: "brings a conversation's own tab to the front; loads nothing",
  },
  'src/work-tab.ts': {
    via: 'no-site',
    calls: { 'tabs.query': 2 },
    why: 'picks the tab a task binds to; the task reads it only through its tools',
  },
  'sidebar/index.tsx': {
    via: 'no-site',
    calls: { 'tabs.query': 1 },
    why: "the sidebar's own window's active tab id",
  },
  'sidebar/voice/mic-access.ts': {
    via: 'no-site',
    calls: { 'tabs.create': 1 },
    why: "opens Bosun's own microphone page, not a site",
  },
  'content/extract-page.ts': {
    via: 'no-site',
    calls: { extractPage: 1 },
    why: 'the content script reading its own page for the background that asked',
  },
  'content/routes.ts': {
    via: 'no-site',
    calls: { extractPage: 1 },
    why: 'the content script answering EXTRACT_PAGE',
  },
};

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Where each primitive is called (or defined) in a file's text: `name(` not preceded by a word character or dot-less prefix. */
function callsIn(text: string): Map<Primitive, number[]> {
  const found = new Map<Primitive, number[]>();
  for (const name of PRIMITIVES) {
    const positions = [...text.matchAll(new RegExp(`(?<![\\w])${escape(name)}\\(`, 'g'))].map((m) => m.index);
    if (positions.length > 0) found.set(name, positions);
  }
  return found;
}
const GATE_CALL = /\b(gate\.authorize|requireAccess|sitesRefusal|admit)\(/;

describe('every door to a site goes through the permission gate', () => {
  const files = EXTENSION.map((path) => ({ path, text: readFileSync(path, 'utf8') }))
    .map((file) => ({ ...file, calls: callsIn(file.text) }))
    .filter((file) => file.calls.size > 0);

  it('every file that opens, reads or acts on a tab is declared', () => {
    const undeclared = files.map((f) => f.path).filter((path) => !(path in DOORS));
    expect(undeclared, 'a new call of a tab primitive: route it through the gate and declare it in DOORS').toEqual([]);
    const stale = Object.keys(DOORS).filter((path) => !files.some((f) => f.path === path));
    expect(stale, 'declared files that no longer call a primitive').toEqual([]);
  });

  it.each(files.map((f) => [f.path, f] as const))('%s calls exactly what is declared', (path, file) => {
    const door = DOORS[path];
    if (!door || !('calls' in door)) return;
    const counted = Object.fromEntries([...file.calls].map(([name, positions]) => [name, positions.length]));
    expect(counted).toEqual(door.calls);
  });

  it.each(Object.entries(DOORS).filter(([, d]) => d.via === 'gated'))(
    '%s asks the gate before its first door',
    (path) => {
      const text = readFileSync(path, 'utf8');
      const gateAt = text.search(GATE_CALL);
      expect(gateAt, 'no gate call').toBeGreaterThanOrEqual(0);
      const first = Math.min(...[...callsIn(text).values()].flat());
      expect(gateAt).toBeLessThan(first);
    },
  );

  it('tool files define tools, and only the gate runs a tool', () => {
    for (const [path, door] of Object.entries(DOORS)) {
      if (door.via === 'tool') expect(readFileSync(path, 'utf8'), path).toMatch(/\bdefineTool\(/);
      if (door.via !== 'tool-parts') continue;
      const module = new RegExp(`from '[./]*/${escape(path.replace(/^.*\//, '').replace(/\.ts$/, ''))}'`);
      const importers = EXTENSION.filter((file) => module.test(readFileSync(file, 'utf8')));
      expect(importers.length, path).toBeGreaterThan(0);
      for (const file of importers)
        expect(readFileSync(file, 'utf8'), `${file} imports ${path}`).toMatch(/\bdefineTool\(/);
    }
    // A tool's run, called anywhere but in the gate, would be a tool without a decision or a log entry.
    const runners = EXTENSION.filter((path) =>
      /\btool\.run\(|\b\w+Tool\.run\(|\bTOOLS\.get\([^)]*\)\??\.run\(/.test(readFileSync(path, 'utf8')),
    );
    expect(runners).toEqual(['background/permissions/gate.ts']);
    const gateRunners = EXTENSION.filter((path) => /\bgate\.run\(/.test(readFileSync(path, 'utf8')));
    expect(gateRunners.sort()).toEqual([
      'background/abp/capabilities/page.ts',
      'background/agent/run-task.ts',
      // Passes each call on to the gate with nobody to ask.
      'background/permissions/unattended-gate.ts',
      'background/workflows/step-runner.ts',
    ]);
  });

  it("the search that finds the engine's address runs only behind the rule that blocks its tab's pages", () => {
    const text = readFileSync('background/tabs/search-address.ts', 'utf8');
    const blocked = text.indexOf('updateSessionRules({ addRules: [blockRule(');
    expect(blocked).toBeGreaterThan(0);
    expect(blocked).toBeLessThan(text.indexOf('search.query('));
    expect(text).toMatch(
      /action: \{ type: 'block' as const \},\s+condition: \{ tabIds: \[tabId\], resourceTypes: \['main_frame' as const\] \}/,
    );
  });

  it('the crawler puts every site it did not start on to the gate, redirects included', () => {
    const run = readFileSync('background/crawl/crawl-page.ts', 'utf8');
    // Before the page is loaded, and again for where the fetch or the tab landed, before anything is read.
    const admits = [...run.matchAll(/await admit\(/g)].map((m) => m.index);
    expect(admits).toHaveLength(3);
    expect(admits[0]).toBeLessThan(run.indexOf('fetchPage(item.url'));
    expect(admits[1]).toBeGreaterThan(run.indexOf('fetchPage(item.url'));
    expect(admits[1]).toBeLessThan(run.indexOf('pdfPage(fetched.url'));
    expect(admits[1]).toBeLessThan(run.indexOf('reader.read('));
    expect(admits[2]).toBeLessThan(run.indexOf('extractPage(tabId'));
    expect(readFileSync('background/index.ts', 'utf8')).toMatch(/createCrawler\([^)]*crawlSiteCheck\(gate\)\)/);
  });
});
