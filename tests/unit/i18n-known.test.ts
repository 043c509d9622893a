import { expect, it, vi } from 'vitest';
import { t } from '../../src/i18n';
import { browser } from '../../src/platform/browser';

// Each getMessage is an extension API call; the sidebar asks for the same texts on every drawing.
it('asks the browser once for each message and substitutions, and gives the same text after', () => {
  const ask = vi.spyOn(browser.i18n, 'getMessage');
  const first = t('messages_show_earlier', 3);
  expect(first).toBe('Show earlier messages (3 more)');
  expect(t('messages_show_earlier', 3)).toBe(first);
  expect(t('messages_show_earlier', '3')).toBe(first);
  expect(t('messages_show_earlier', 4)).toBe('Show earlier messages (4 more)');
  expect(t('messages_empty')).toBe(t('messages_empty'));
  expect(ask.mock.calls.map(([key, subs]) => [key, subs])).toEqual([
    ['messages_show_earlier', ['3']],
    ['messages_show_earlier', ['4']],
    ['messages_empty', []],
  ]);
});
