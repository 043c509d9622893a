// The tools the bridge lists, before any browser starts.
import { expect, it } from 'vitest';
import { browserPid } from '../support/bridge';
import type { BridgeEnv } from './env';

export function toolList(env: BridgeEnv): void {
  it('lists the browser tools and one tool per ABP capability, with schemas, titles and annotations, before any browser starts', async () => {
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
    expect(names.filter((n) => n.startsWith('abp_'))).toHaveLength(24);
    expect(names).toEqual(
      expect.arrayContaining([
        'abp_crawl_start',
        'abp_crawl_status',
        'abp_storage_pages_list',
        'abp_page_read',
        'abp_page_readListing',
        'abp_page_getContent',
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
