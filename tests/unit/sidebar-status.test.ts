import { describe, expect, it } from 'vitest';
import { defaultPolicy, resolveSite } from '../../policy';
import type { ChatMessage } from '../../src/protocol/common';
import { activity, conversationTokens, siteStatus as statusWith } from '../../sidebar/status';

/** The status with the site named as the background names it (sidebar/site-names.ts asks it). */
const siteStatus = (url: string, policy: Parameters<typeof statusWith>[1], now?: number) =>
  statusWith(url, policy, resolveSite(url, { allowFileUrls: policy?.allowFileUrls ?? false }), now);

const createdAt = '2026-11-21T09:00:00.000Z';
const at = Date.parse(createdAt);
const msg = (m: Partial<ChatMessage> & Pick<ChatMessage, 'role'>): ChatMessage => ({
  id: Math.random().toString(36),
  createdAt,
  content: '',
  status: 'done',
  ...m,
});

describe('siteStatus', () => {
  const policy = {
    ...defaultPolicy(),
    sites: { 'shop.example': 'interact' as const, 'bad.example': 'blocked' as const },
  };

  it('names the site and what the policy says about it', () => {
    expect(siteStatus('https://www.shop.example/cart', policy)).toEqual({
      site: 'shop.example',
      standing: 'trusted to click and type',
    });
    expect(siteStatus('https://bad.example/', policy)).toEqual({
      site: 'bad.example',
      standing: 'blocked: Bosun never acts here',
    });
    expect(siteStatus('https://news.example/', policy)).toEqual({
      site: 'news.example',
      standing: 'asks before acting',
    });
  });

  it('lists the tools the person allowed on the site, while they last', () => {
    const withGrants = {
      ...policy,
      grants: [
        { tool: 'click_element', site: 'news.example', effect: 'allow' as const, scope: 'persistent' as const },
        {
          tool: 'type_text',
          site: 'news.example',
          effect: 'allow' as const,
          scope: 'session' as const,
          expiresAt: at - 1,
        },
        { tool: 'navigate', site: 'other.example', effect: 'allow' as const, scope: 'persistent' as const },
        // A workflow's approval is for its own steps, not for the chat.
        {
          tool: 'navigate',
          site: 'news.example',
          effect: 'allow' as const,
          scope: 'run' as const,
          runId: 'wfrun_1',
          level: 'navigate' as const,
        },
      ],
    };
    expect(siteStatus('https://news.example/', withGrants, at)?.standing).toBe('allowed: clicking; asks for the rest');
  });

  it('says when Bosun does not act on a page, and shows nothing for a blank one', () => {
    expect(siteStatus('chrome://settings/', policy)).toEqual({
      site: 'chrome',
      standing: 'Bosun does not act on a browser page (chrome:)',
    });
    expect(siteStatus('about:blank', policy)).toBeNull();
    expect(siteStatus('', null)).toBeNull();
  });

  it('does not take a site named like an object property for a rule', () => {
    expect(siteStatus('https://constructor.example/', policy)?.standing).toBe('asks before acting');
  });
});

describe('activity', () => {
  it('counts the steps of the running task and names the tool in flight', () => {
    const messages = [
      msg({ role: 'user', content: 'old' }),
      msg({ role: 'assistant', toolCalls: [{ id: 'x', name: 'read_page', args: {} }] }),
      msg({ role: 'tool', toolCallId: 'x', name: 'read_page' }),
      msg({ role: 'user', content: 'new task' }),
      msg({ role: 'assistant', toolCalls: [{ id: 'a', name: 'read_page', args: {} }] }),
      msg({ role: 'tool', toolCallId: 'a', name: 'read_page' }),
      msg({ role: 'assistant', toolCalls: [{ id: 'b', name: 'click_element', args: { index: 4 } }] }),
    ];
    expect(activity(messages)).toEqual({ step: 2, id: 'b', tool: 'click_element', args: { index: 4 } });
    expect(activity(messages.slice(0, 6))).toEqual({ step: 1, id: null, tool: null, args: {} });
    expect(activity([])).toEqual({ step: 0, id: null, tool: null, args: {} });
  });
});

describe('conversationTokens', () => {
  it('adds up what the provider reported', () => {
    const usage = (totalTokens: number) => ({ inputTokens: 0, outputTokens: 0, totalTokens });
    expect(
      conversationTokens([
        msg({ role: 'assistant', usage: usage(1200) }),
        msg({ role: 'user' }),
        msg({ role: 'assistant', usage: usage(34) }),
      ]),
    ).toBe(1234);
  });
});
