// @vitest-environment jsdom
// No tool's internal name reaches what a person reads: the status bar, the Permissions view, the Log, notices, errors.
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { TOOLS } from '../../background/tools/registry';
import { ActionLogView } from '../../sidebar/components/ActionLogView';
import { MessageItem } from '../../sidebar/components/MessageItem';
import { Notice } from '../../sidebar/components/Notice';
import { PermissionsView } from '../../sidebar/components/PermissionsView';
import { StatusBar } from '../../sidebar/components/StatusBar';
import type { ActionLogEntry, Policy } from '../../sidebar/state';
import type { ChatMessage } from '../../src/protocol/common';

afterEach(cleanup);

const NAMES = [...TOOLS.keys()];
/** Each internal name as a word of its own: "drag" in "Dragging" is no leak, "drag" alone is. */
const rawNamesIn = (text: string) => NAMES.filter((name) => new RegExp(`(^|[^a-z_])${name}($|[^a-z_])`).test(text));

const policy: Policy = {
  version: 1,
  defaults: { 'read-only': 'auto-approve', navigate: 'ask', interact: 'ask', submit: 'ask' },
  sites: { 'shop.example': 'interact', 'news.example': 'navigate', 'bank.example': 'blocked' },
  tools: Object.fromEntries(NAMES.map((name, i) => [name, (['allow', 'ask', 'deny'] as const)[i % 3] ?? 'ask'])),
  grants: NAMES.flatMap((tool) => [
    { tool, site: 'shop.example', effect: 'allow' as const, scope: 'persistent' as const },
    { tool, site: 'docs.example', effect: 'deny' as const, scope: 'persistent' as const },
  ]),
  allowFileUrls: false,
};

const call = (name: string, i: number) => ({
  id: `c${i}`,
  name,
  args: { selector: '#buy', url: 'https://shop.example/' },
});

describe('tool names in words', () => {
  it.each(NAMES)('the status bar running %s on a site with every tool allowed', (name) => {
    const messages: ChatMessage[] = [
      { id: 'u', createdAt: '2026-01-01T00:00:00Z', role: 'user', content: 'Buy it', status: 'done' },
      {
        id: 'a',
        createdAt: '2026-01-01T00:00:01Z',
        role: 'assistant',
        content: '',
        status: 'done',
        toolCalls: [call(name, 0)],
      },
    ];
    render(
      <StatusBar
        tab={{ id: 1, url: 'https://shop.example/cart', title: 'Cart' }}
        policy={{ ...policy, sites: {} }}
        messages={messages}
        busy
        price={null}
        nameSite={() => ({ kind: 'site', site: 'shop.example' })}
      />,
    );
    const text = screen.getByTestId('status-bar').textContent ?? '';
    expect(text).toMatch(/allowed: /);
    expect(rawNamesIn(text)).toEqual([]);
  });

  it('the Permissions view with a grant and an override for every tool, and its drop-down', () => {
    render(<PermissionsView policy={policy} onChange={() => undefined} />);
    const view = screen.getByTestId('permissions-view');
    expect(screen.getAllByTestId('grant')).toHaveLength(NAMES.length * 2);
    expect(rawNamesIn(view.textContent ?? '')).toEqual([]);
    const options = [...view.querySelectorAll('#override-tool option')].map((o) => o.textContent ?? '');
    expect(rawNamesIn(options.join('\n'))).toEqual([]);
    // Every plain name is different, so the drop-down never offers two choices that read the same.
    expect(new Set(options).size).toBe(options.length);
  });

  it('the Log with an entry for every tool, every filter and detail open', () => {
    const entries: ActionLogEntry[] = NAMES.map((toolName, i) => ({
      id: `l${i}`,
      timestamp: 1_700_000_000_000 + i,
      toolName,
      parameters: { selector: '#buy' },
      site: 'shop.example',
      permissionLevel: 'interact',
      decision: ['allow-once', 'allow-site', 'deny', 'auto-approved'][i % 4] as string,
      result: i % 2 ? 'success' : 'error',
    }));
    render(<ActionLogView entries={entries} onClear={() => undefined} />);
    for (const details of document.querySelectorAll('details')) fireEvent.click(details.querySelector('summary')!);
    expect(screen.getAllByTestId('log-entry')).toHaveLength(NAMES.length);
    expect(rawNamesIn(document.body.textContent ?? '')).toEqual([]);
  });

  it('a notice and a chat error that name tools', () => {
    const said = `The gate refused ${NAMES.join(', ')}.`;
    render(<Notice text={said} onDismiss={() => undefined} />);
    const error: ChatMessage = {
      id: 'e',
      createdAt: '2026-01-01T00:00:00Z',
      role: 'assistant',
      content: '',
      status: 'error',
      error: said,
    };
    render(<MessageItem message={error} />);
    expect(screen.getByTestId('notice').textContent).toContain('The gate refused reading the page, ');
    expect(rawNamesIn(document.body.textContent ?? '')).toEqual([]);
  });
});
