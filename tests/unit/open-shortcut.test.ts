import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { openShortcut } from '../../sidebar/welcome-shortcut';
import { BOSUN_ACCESS_KEYS, CHROME_SHORTCUTS, FIREFOX_SHORTCUTS, type Platform } from './support/browser-shortcuts';

type Target = 'chrome' | 'firefox';
const OPEN_COMMAND: Record<Target, string> = { chrome: '_execute_action', firefox: '_execute_sidebar_action' };
const overlay = (target: Target) =>
  JSON.parse(readFileSync(`manifests/${target}.json`, 'utf8')) as {
    commands: Record<string, { suggested_key?: Record<string, string> }>;
  };

const ORDER = ['MacCtrl', 'Ctrl', 'Command', 'Alt', 'Shift'];
/** One spelling per combination: modifiers in a fixed order, the key upper-cased. */
function normalise(combo: string): string {
  const parts = combo.split('+');
  const key = (parts.pop() ?? '').toUpperCase();
  return [...parts.sort((a, b) => ORDER.indexOf(a) - ORDER.indexOf(b)), key].join('+');
}

/**
 * What the manifest's suggestion means on `platform`: a `mac` entry when there is one; otherwise
 * the default, where both browsers read Ctrl as Command on macOS (MacCtrl is Control).
 */
function effective(suggested: Record<string, string>, platform: Platform): string {
  if (platform === 'mac') {
    const mac = suggested.mac ?? (suggested.default ?? '').replace(/\bCtrl\b/, 'Command');
    return normalise(mac);
  }
  return normalise(suggested.windows ?? suggested.linux ?? suggested.default ?? '');
}

const taken = (table: Record<Platform, string[]>, platform: Platform) => new Set(table[platform].map(normalise));

describe('the shortcut that opens Bosun', () => {
  it('is the same in both browsers, and suggested for the command that opens the panel', () => {
    const chrome = overlay('chrome').commands[OPEN_COMMAND.chrome]?.suggested_key;
    const firefox = overlay('firefox').commands[OPEN_COMMAND.firefox]?.suggested_key;
    expect(chrome?.default).toMatch(/^(Ctrl|Alt)\+/);
    expect(firefox).toEqual(chrome);
  });

  for (const target of ['chrome', 'firefox'] as const) {
    for (const platform of ['windows-linux', 'mac'] as const) {
      it(`in ${target} on ${platform}, is none of either browser's documented shortcuts nor Bosun's access keys`, () => {
        const suggested = overlay(target).commands[OPEN_COMMAND[target]]?.suggested_key ?? {};
        const keys = effective(suggested, platform);
        expect(keys).toMatch(/\+[A-Z0-9]$/);
        expect(taken(CHROME_SHORTCUTS, platform).has(keys), `Chrome uses ${keys}`).toBe(false);
        expect(taken(FIREFOX_SHORTCUTS, platform).has(keys), `Firefox uses ${keys}`).toBe(false);
        expect(taken(BOSUN_ACCESS_KEYS[target], platform).has(keys), `Bosun's panel uses ${keys}`).toBe(false);
      });
    }
  }

  it('the check catches a collision: the old Alt+Shift+B is Chrome’s and Firefox’s Bookmarks key', () => {
    expect(taken(CHROME_SHORTCUTS, 'windows-linux').has(effective({ default: 'Alt+Shift+B' }, 'windows-linux'))).toBe(
      true,
    );
    expect(taken(FIREFOX_SHORTCUTS, 'windows-linux').has(normalise('Shift+Alt+b'))).toBe(true);
    expect(taken(FIREFOX_SHORTCUTS, 'mac').has(effective({ default: 'Ctrl+Shift+B' }, 'mac'))).toBe(true);
  });
});

describe('openShortcut', () => {
  const commands = [
    { name: '_execute_action', shortcut: 'Alt+Shift+U', description: '' },
    { name: '_execute_sidebar_action', shortcut: '', description: '' },
  ];
  it('reads the keys the browser has assigned to the command', () => {
    expect(openShortcut(commands, '_execute_action')).toBe('Alt+Shift+U');
  });
  it('is null when no keys are assigned or the command is missing', () => {
    expect(openShortcut(commands, '_execute_sidebar_action')).toBeNull();
    expect(openShortcut([], '_execute_action')).toBeNull();
  });
});
