import { describe, expect, it, vi } from 'vitest';
import { createAbpPorts } from '../../background/abp/abp-ports';
import { createContentRouter } from '../../background/content-channel/content-routes';
import { createPortHub, type SidebarPort } from '../../background/sidebar-channel/port-hub';
import { AbpToBackground } from '../../src/protocol/abp-to-background';
import { SidebarToBackground } from '../../src/protocol/sidebar-to-background';
import { exampleOf } from '../hardening/message-mutations';
import { seededRandom } from '../hardening/seeded-random';

/** What a content script can reach: a content script may not speak for the sidebar or the ABP page. */
const ID = 'abcdefghijklmnop';
const ORIGIN = `chrome-extension://${ID}`;
// What the browser stamps on a message or port from this extension's content script in a web page.
const CONTENT_SCRIPT = { id: ID, url: 'https://shop.test/checkout', tab: { id: 7 }, frameId: 0 };

function contentScriptPort(name: string) {
  const listen = vi.fn();
  const port: SidebarPort = {
    name,
    sender: CONTENT_SCRIPT,
    postMessage: vi.fn(),
    disconnect: vi.fn(),
    onMessage: { addListener: listen },
    onDisconnect: { addListener: vi.fn() },
  };
  return { port, listen };
}

describe('a content script', () => {
  it.each(['sidebar', 'abp'])('cannot open the %s port: it is disconnected before any message is heard', (name) => {
    const route = vi.fn();
    const { port, listen } = contentScriptPort(name);
    const options = { extensionId: ID, extensionOrigin: ORIGIN, ready: Promise.resolve(), route, endRun: vi.fn() };
    createPortHub({ ...options, greeting: () => [], disconnected: vi.fn() }).connect(port);
    createAbpPorts(options).connect(port);
    expect(port.disconnect).toHaveBeenCalled();
    expect(listen).not.toHaveBeenCalled();
    expect(port.postMessage).not.toHaveBeenCalled();
  });

  it('gets every sidebar and ABP message refused on the runtime channel, named', async () => {
    const route = createContentRouter({ trustedInput: vi.fn() });
    const random = seededRandom(1);
    const tables = { ...SidebarToBackground, ...AbpToBackground };
    for (const [type, schema] of Object.entries(tables)) {
      const outcome = await route(exampleOf(schema as never, random), 'content-script', {
        tabId: 1,
        frameId: 0,
      });
      expect(outcome).toEqual({ ok: false, error: `Unknown message type "${type}".`, inReplyTo: type });
    }
  });

  it('is told its tab as the browser stamped the message, in the top frame only', async () => {
    const route = createContentRouter({ trustedInput: vi.fn() });
    expect(await route({ type: 'WHICH_TAB' }, 'content-script', { tabId: 7, frameId: 0 })).toEqual({
      ok: true,
      value: { tabId: 7 },
    });
    expect(await route({ type: 'WHICH_TAB' }, 'content-script', { tabId: 7, frameId: 3 })).toEqual({
      ok: false,
      error: 'Only the top frame of a tab asks which tab it is.',
      inReplyTo: 'WHICH_TAB',
    });
    expect(await route({ type: 'WHICH_TAB' }, 'foreign', { tabId: 7, frameId: 0 })).toMatchObject({ ok: false });
  });
});
