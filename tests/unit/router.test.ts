import { describe, expect, it, vi } from 'vitest';
import { refuse } from '../../src/messaging/refusal';
import { createRouter, NOT_HANDLED, type Routes } from '../../src/messaging/router';
import { ContentToBackground } from '../../src/protocol/content-to-background';
import { SidebarToBackground } from '../../src/protocol/sidebar-to-background';

function makeRouter() {
  const chat = vi.fn((message: { payload: { content: string } }) => `got ${message.payload.content}`);
  // Two routes only: a table built where the compiler cannot see it, to prove the router's own check.
  type SidebarRoutes = Routes<typeof SidebarToBackground, undefined, string>;
  const routes: Partial<SidebarRoutes> = {
    CHAT_MESSAGE: { senders: ['extension-page'], handle: chat },
    GET_SETTINGS: { senders: ['extension-page', 'content-script'], handle: () => 'settings' },
  };
  const route = createRouter(SidebarToBackground, routes as SidebarRoutes);
  return { route, chat };
}

describe('createRouter', () => {
  it('validates, then calls the handler with the parsed message', async () => {
    const { route, chat } = makeRouter();
    await expect(
      route({ type: 'CHAT_MESSAGE', payload: { content: '  hi ' } }, 'extension-page', undefined),
    ).resolves.toEqual({ ok: true, value: 'got hi' });
    expect(chat).toHaveBeenCalledWith({ type: 'CHAT_MESSAGE', payload: { content: 'hi' } }, undefined);
  });

  const refusals: [string, unknown, 'extension-page' | 'content-script' | 'foreign', RegExp, string | null][] = [
    ['not an object', 'CHAT_MESSAGE', 'extension-page', /must be an object with a string "type"/, null],
    ['null', null, 'extension-page', /must be an object/, null],
    ['a type that is not a string', { type: 7 }, 'extension-page', /string "type"/, null],
    [
      'an unknown type',
      { type: 'HACK_THE_PLANET' },
      'extension-page',
      /Unknown message type "HACK_THE_PLANET"/,
      'HACK_THE_PLANET',
    ],
    ['a prototype key as type', { type: 'constructor' }, 'extension-page', /Unknown message type/, 'constructor'],
    [
      'a known type without a route',
      { type: 'CLEAR_HISTORY' },
      'extension-page',
      /not handled on this channel/,
      'CLEAR_HISTORY',
    ],
    [
      'a sender that may not send it',
      { type: 'CHAT_MESSAGE', payload: { content: 'hi' } },
      'content-script',
      /may not be sent by a content script/,
      'CHAT_MESSAGE',
    ],
    [
      'a foreign sender',
      { type: 'GET_SETTINGS' },
      'foreign',
      /may not be sent by another extension or a web page/,
      'GET_SETTINGS',
    ],
    [
      'a payload that fails validation',
      { type: 'CHAT_MESSAGE', payload: { content: 5 } },
      'extension-page',
      /Invalid CHAT_MESSAGE: payload.content: Invalid type/,
      'CHAT_MESSAGE',
    ],
    ['a missing payload', { type: 'CHAT_MESSAGE' }, 'extension-page', /Invalid CHAT_MESSAGE: payload/, 'CHAT_MESSAGE'],
  ];
  it.each(refusals)(
    'refuses %s with an error naming the problem, and calls no handler',
    async (_name, raw, sender, error, inReplyTo) => {
      const { route, chat } = makeRouter();
      const outcome = await route(raw, sender, undefined);
      expect(outcome.ok).toBe(false);
      if (outcome.ok) return;
      expect(outcome.error).toMatch(error);
      expect(outcome.inReplyTo).toBe(inReplyTo);
      expect(chat).not.toHaveBeenCalled();
    },
  );

  it('shortens an absurdly long unknown type in its reply', async () => {
    const { route } = makeRouter();
    const outcome = await route({ type: 'X'.repeat(10_000) }, 'extension-page', undefined);
    expect(!outcome.ok && outcome.error.length).toBeLessThan(120);
  });

  it('answers a refusal as an error naming the message it refuses', async () => {
    const route = createRouter(ContentToBackground, {
      PAGE_CONTENT_READY: { senders: ['content-script'], handle: () => refuse('Not now.') },
      TRUSTED_INPUT: NOT_HANDLED,
      WHICH_TAB: NOT_HANDLED,
    });
    const outcome = await route(
      { type: 'PAGE_CONTENT_READY', payload: { title: 't', url: 'u' } },
      'content-script',
      undefined,
    );
    expect(outcome).toEqual({ ok: false, error: 'Not now.', inReplyTo: 'PAGE_CONTENT_READY' });
  });

  it('refuses a type the table declares NOT_HANDLED, whoever sends it', async () => {
    const route = createRouter(ContentToBackground, {
      PAGE_CONTENT_READY: NOT_HANDLED,
      TRUSTED_INPUT: NOT_HANDLED,
      WHICH_TAB: NOT_HANDLED,
    });
    const outcome = await route(
      { type: 'PAGE_CONTENT_READY', payload: { title: 't', url: 'u' } },
      'content-script',
      undefined,
    );
    expect(outcome).toEqual({
      ok: false,
      error: 'PAGE_CONTENT_READY is not handled on this channel.',
      inReplyTo: 'PAGE_CONTENT_READY',
    });
  });

  it('makes a table without a handler for every message type a compile error (tsc is this test)', () => {
    // @ts-expect-error GET_SETTINGS and every other sidebar message lack a route.
    const partial: Routes<typeof SidebarToBackground, undefined, string> = {
      CHAT_MESSAGE: { senders: ['extension-page'], handle: () => 'ok' },
    };
    // @ts-expect-error PAGE_CONTENT_READY must be handled or declared NOT_HANDLED.
    const empty: Routes<typeof ContentToBackground, undefined, string> = {};
    expect([partial, empty]).toHaveLength(2);
  });
});
