import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sidebarRoutes } from '../../background/sidebar-channel/sidebar-routes';
import { SidebarToBackground } from '../../src/protocol/sidebar-to-background';
import { PERMISSION_LEVELS } from '../../policy/vocabulary';
import { TOOLS, toolSpecs } from '../../background/tools/registry';
import { abpRoutes } from '../../background/abp/abp-routes';
import { createCapabilityTable } from '../../background/abp/capability-table';
import { describeCapabilities } from '../../background/abp/dispatch';
import { AbpToBackground } from '../../src/protocol/abp-to-background';

const sources = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
const PRODUCT = ['background', 'content', 'sidebar', 'abp-app', 'offscreen', 'src', 'policy', 'bridge'].flatMap(
  sources,
);

/** The capabilities of the Webscribe ABP contract (specs/webscribe-abp-capabilities.md). */
const ABP_SPEC_CAPABILITIES = [
  'crawl.start',
  'crawl.status',
  'crawl.cancel',
  'crawl.resume',
  'storage.jobs.list',
  'storage.jobs.get',
  'storage.jobs.delete',
  'storage.jobs.update',
  'storage.pages.list',
  'storage.pages.search',
  'convert.toFormat',
  'export.asArchive',
  'scrape.pickContent',
  'diagnostics.getReport',
  'diagnostics.getErrors',
  'diagnostics.clearErrors',
  'extension.getInfo',
];

describe('the repository keeps its own rules', () => {
  it('background/ and bridge/ keep only their entry at the root; the rest lives in folders named for what they hold', () => {
    const loose = (dir: string) => readdirSync(dir).filter((name) => !statSync(join(dir, name)).isDirectory());
    expect(loose('background')).toEqual(['index.ts']);
    expect(loose('bridge')).toEqual(['bosun-bridge.mjs']);
  });

  it('every sidebar message type has a schema and a route', () => {
    const routes = sidebarRoutes({} as never);
    expect(Object.keys(SidebarToBackground).filter((type) => !(type in routes))).toEqual([]);
  });

  it('every ABP message type has a schema and a route', () => {
    const routes = abpRoutes({
      capabilities: new Map(),
      recordFailure: async () => {},
      gate: {} as never,
      updatePolicy: async (change) => change({} as never),
      toolNames: [],
    });
    expect(Object.keys(AbpToBackground).filter((type) => !(type in routes))).toEqual([]);
  });

  it('window.abp offers the 17 capabilities of the spec, each described, with strict params as JSON Schema', () => {
    const listed = describeCapabilities(
      createCapabilityTable({
        errors: {} as never,
        library: {} as never,
        gate: {} as never,
        pages: {} as never,
        crawler: {} as never,
        tabs: {} as never,
        connectionReadings: {} as never,
        agent: {} as never,
      }),
    );
    expect(listed.map((c) => c.name)).toEqual(expect.arrayContaining(ABP_SPEC_CAPABILITIES));
    for (const capability of listed) {
      expect(capability.name).toMatch(/^[a-z]+(\.[a-z]+[A-Za-z]*)+$/);
      expect(capability.description.length).toBeGreaterThan(10);
      // Strict: an agent's misspelt param is reported, not ignored.
      expect(capability.inputSchema).toMatchObject({ type: 'object', additionalProperties: false });
    }
  });

  it('ABP code produces content and never delivers it (no dialogs, downloads, clipboard, notifications or windows)', () => {
    const abpCode = PRODUCT.filter((file) => /^(abp-app|background\/abp)\//.test(file));
    expect(abpCode.length).toBeGreaterThan(5);
    const delivery =
      /navigator\.clipboard|\.downloads\.|\.notifications\.|window\.open\(|windows\.create\(|\b(alert|confirm|prompt|print)\(|navigator\.share|createObjectURL/;
    expect(abpCode.filter((file) => delivery.test(readFileSync(file, 'utf8')))).toEqual([]);
  });

  it('every tool has a permission level, a description and parameters the model can read', () => {
    for (const tool of TOOLS.values()) {
      expect(PERMISSION_LEVELS).toContain(tool.level);
      expect(tool.description.length).toBeGreaterThan(20);
    }
    for (const spec of toolSpecs()) expect(spec.parameters).toMatchObject({ type: 'object' });
  });

  it('no code path runs a tool except the gate', () => {
    // Bosun's tools, that is: the bridge's MCP tools (bridge/server/tool.ts) run in Node, and those that act
    // reach a page through ABP's page.act or ask the gate through their permission() first.
    const callers = PRODUCT.filter(
      (file) =>
        !file.startsWith('bridge/') && /\btool\.run\(|TOOLS\.get\([^)]*\)\??\.run\(/.test(readFileSync(file, 'utf8')),
    );
    expect(callers).toEqual(['background/permissions/gate.ts']);
    // The registry hands tools out only through parseCall, and only the gate calls it.
    const parsers = PRODUCT.filter((file) => /\bparseCall\(/.test(readFileSync(file, 'utf8')));
    expect(parsers.sort()).toEqual(['background/permissions/gate.ts', 'background/tools/registry.ts']);
  });

  it('the bridge speaks only over stdio: no network sockets, no debugging port; the native link over one same-user local socket', () => {
    const bridge = PRODUCT.filter((file) => file.startsWith('bridge/'));
    expect(bridge.length).toBeGreaterThan(5);
    const network = /from 'node:(http|https|http2|dgram|tls)'|remote-debugging-port|connectOverCDP|launchServer/;
    expect(bridge.filter((file) => network.test(readFileSync(file, 'utf8')))).toEqual([]);
    // node:net only where the native host and the attached bridge meet, and only on a socket path: a
    // listen or connect given a port would open the door native messaging exists to keep shut.
    const local = bridge.filter((file) => /from 'node:net'|\.listen\(/.test(readFileSync(file, 'utf8')));
    expect(local.sort()).toEqual(['bridge/attach/host-link.ts', 'bridge/native/host.ts']);
    for (const file of local)
      expect(readFileSync(file, 'utf8').match(/\b(?:listen|connect)\((?!path\b)[^)]*\)/g) ?? [], file).toEqual([]);
  });

  it('only extension contexts reach the browser namespace through the platform module', () => {
    const direct = PRODUCT.filter((file) => /from 'webextension-polyfill'/.test(readFileSync(file, 'utf8')));
    expect(direct).toEqual(['src/platform/browser.ts']);
  });
});
