// The tools the bridge lists, before any browser starts: the default preset, and the full set (the
// shared bridge of tests/e2e/bridge.test.ts runs with --tools full).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { browserPid, startBridge } from '../support/bridge';
import type { BridgeEnv } from './env';

export function toolList(env: BridgeEnv): void {
  it('by default lists the tools for reading pages and acting on them, and no script, network, site-data or ABP tool', async () => {
    const profileDir = await mkdtemp(join(tmpdir(), 'bosun-bridge-e2e-'));
    const bridge = await startBridge(['--browser', env.chromium ? 'chromium' : 'firefox', '--profile-dir', profileDir]);
    try {
      const { tools } = await bridge.client.listTools();
      expect(browserPid(bridge.pid)).toBeUndefined();
      expect(tools.map((t) => t.name)).toEqual([
        'browser_navigate',
        'browser_screenshot',
        'browser_snapshot',
        'browser_click',
        'browser_type',
        'browser_fill_form',
        'browser_submit_form',
        'browser_select_option',
        'browser_get_page_content',
        'browser_press_key',
        'browser_hover',
        'browser_drag',
        'browser_read_listing',
        'browser_back',
        'browser_wait_for',
        'browser_tabs',
        'browser_handle_dialog',
        'browser_upload',
      ]);
      // A tool outside the preset is no tool of this bridge: the protocol's invalid-params error names tools/list.
      await expect(bridge.client.callTool({ name: 'browser_eval', arguments: { expression: '1' } })).rejects.toThrow(
        /There is no tool named browser_eval/,
      );
    } finally {
      await bridge.close();
      await rm(profileDir, { recursive: true, force: true });
    }
  });

  it('with --tools full lists every browser tool and one tool per ABP capability no browser tool serves, with schemas, titles and annotations, before any browser starts', async () => {
    const { tools } = await env.bridge.client.listTools();
    // The list is known at build time: no browser was started to answer it.
    expect(browserPid(env.bridge.pid)).toBeUndefined();
    const names = tools.map((t) => t.name);
    expect(names.slice(0, 22)).toEqual([
      'browser_navigate',
      'browser_service_workers',
      'browser_network_sources',
      'browser_set_offline',
      'browser_console',
      'browser_eval',
      'browser_screenshot',
      // Generated from the chat tools' declarations, in the catalogue's order.
      'browser_snapshot',
      'browser_click',
      'browser_type',
      'browser_fill_form',
      'browser_submit_form',
      'browser_select_option',
      'browser_get_page_content',
      'browser_press_key',
      'browser_hover',
      'browser_drag',
      'browser_read_listing',
      'browser_back',
      'browser_forward',
      'browser_reload',
      'browser_wait_for',
    ]);
    expect(names.filter((n) => n.startsWith('abp_'))).toHaveLength(21);
    // One tool per job: page.read, page.readListing and page.getContent are browser_snapshot, browser_read_listing
    // and browser_get_page_content; page.act stays for the page engine's actions that have no browser_* tool.
    expect(names).not.toEqual(expect.arrayContaining(['abp_page_read']));
    expect(names).not.toEqual(expect.arrayContaining(['abp_page_readListing']));
    expect(names).not.toEqual(expect.arrayContaining(['abp_page_getContent']));
    expect(names).toEqual(
      expect.arrayContaining([
        'abp_crawl_start',
        'abp_crawl_status',
        'abp_storage_pages_list',
        'abp_page_act',
        'browser_read_listing',
        'browser_get_page_content',
        'abp_agent_run',
        'abp_extension_getInfo',
      ]),
    );
    for (const tool of tools) {
      expect(tool.name).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
      expect(tool.inputSchema.type).toBe('object');
      expect(tool.title).toMatch(/\w/);
      expect(tool.annotations).toEqual({
        title: tool.title,
        readOnlyHint: expect.any(Boolean),
        destructiveHint: expect.any(Boolean),
        openWorldHint: expect.any(Boolean),
        ...(tool.annotations?.idempotentHint === undefined ? {} : { idempotentHint: expect.any(Boolean) }),
      });
    }
    const byName = (name: string) => tools.find((t) => t.name === name);
    expect(byName('browser_click')?.annotations).toMatchObject({
      readOnlyHint: false,
      destructiveHint: true,
      openWorldHint: true,
    });
    expect(byName('browser_console')?.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false });
    // Answering a dialog acts on the page; reading a request does not; emulating changes only the tab.
    expect(byName('browser_handle_dialog')?.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
    expect(byName('browser_network_request')?.annotations).toMatchObject({ readOnlyHint: true });
    expect(byName('browser_emulate')?.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: false });
    expect(byName('abp_storage_jobs_delete')?.annotations).toMatchObject({
      readOnlyHint: false,
      destructiveHint: true,
    });
    expect(byName('abp_storage_pages_search')?.annotations).toMatchObject({ readOnlyHint: true });
    // Structured results have their schema; the official client checks each result against it.
    expect(byName('browser_navigate')?.outputSchema).toMatchObject({
      type: 'object',
      required: ['url', 'status', 'title', 'ready', 'fromServiceWorker'],
    });
    expect(tools.filter((t) => t.name.startsWith('browser_')).every((t) => t.outputSchema?.type === 'object')).toBe(
      true,
    );
    const crawl = byName('abp_crawl_start');
    expect(crawl?.description).toMatch(/crawl\.start/);
    expect(crawl?.inputSchema).toMatchObject({ required: ['urls'], additionalProperties: false });
  });
}
