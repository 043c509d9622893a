import { describe, expect, it } from 'vitest';
import type { PermissionLevel } from '../../policy';
import type { ChatMessage } from '../../src/protocol/common';
import { chatTaskOf } from '../../background/schedules/chat-task';
import { msg } from './support/chat-message';

const LEVELS: Record<string, PermissionLevel> = {
  read_page: 'read-only',
  navigate: 'navigate',
  click_element: 'interact',
};
const levelOf = (tool: string) => LEVELS[tool];

/** A task: the person's request, then each call with its successful result on its site. */
function task(request: string, ...calls: [name: string, site: string, content: string][]): ChatMessage[] {
  return [
    msg({ role: 'user', content: request }),
    ...calls.flatMap(([name, site, content], i) => [
      msg({ role: 'assistant', content: '', toolCalls: [{ id: `c${i}`, name, args: {} }] }),
      msg({ role: 'tool', content, toolCallId: `c${i}`, name, outcome: 'success', site }),
    ]),
    msg({ role: 'assistant', content: 'Done.' }),
  ];
}
const page = (url: string) =>
  `<untrusted_page_content>\nPage: Shop\nURL: ${url}\n## Content\nURL: https://evil.example/\n</untrusted_page_content>`;

describe('a chat task kept for a schedule', () => {
  it('starts on the first page the last task read, and may do on each site the most its tools there needed', () => {
    const earlier = task(
      'Read the news',
      ['read_page', 'news.example', page('https://news.example/')],
      ['click_element', 'news.example', 'ok'],
    );
    const kept = chatTaskOf(
      'conv_1',
      [
        ...earlier,
        ...task(
          'Add the lamp',
          ['read_page', 'shop.example', page('https://shop.example/lamp?id=2')],
          ['click_element', 'shop.example', 'ok'],
          ['navigate', 'pay.example', 'now on pay.example'],
          ['read_page', 'pay.example', page('https://pay.example/')],
        ),
      ],
      levelOf,
    );
    expect(kept).toMatchObject({
      conversationId: 'conv_1',
      startUrl: 'https://shop.example/lamp?id=2',
      access: [
        { site: 'shop.example', level: 'interact' },
        { site: 'pay.example', level: 'navigate' },
      ],
    });
  });

  it('refuses a task that acted on nothing, read no page, or used a tool Bosun no longer has', () => {
    expect(chatTaskOf('c', task('Read it', ['read_page', 'a.example', page('https://a.example/')]), levelOf)).toMatch(
      /no finished task/,
    );
    expect(chatTaskOf('c', task('Click it', ['click_element', 'a.example', 'ok']), levelOf)).toMatch(/read no page/);
    expect(
      chatTaskOf(
        'c',
        task('Do it', ['read_page', 'a.example', page('https://a.example/')], ['old_tool', 'a.example', 'ok']),
        levelOf,
      ),
    ).toMatch(/'old_tool'/);
  });
});
