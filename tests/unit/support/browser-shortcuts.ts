/**
 * The browsers' own keyboard shortcuts that use a modifier an extension command may use (Ctrl, Alt,
 * and on macOS Command, Option and Control), as their makers document them. Written in the
 * manifest's notation: `Ctrl`, `Alt`, `Shift`; on macOS `Command` (⌘), `Alt` (Option, ⌥) and
 * `MacCtrl` (Control, ⌃). Keys that only a plain key or F-key reaches are left out: no command
 * can take them.
 *
 * Sources (read for Firefox ESR 153 / Chrome 156; keep in step when the pages change):
 *   Firefox: https://support.mozilla.org/en-US/kb/keyboard-shortcuts-perform-firefox-tasks-quickly
 *            (Windows, Linux and macOS tabs of that page), plus the menu bar's access keys of the
 *            en-US build (File, Edit, View, History, Bookmarks, Tools, Help): on Windows and Linux
 *            Alt+letter opens that menu, and Alt+Shift+B was seen to open Bookmarks rather than an
 *            extension's command, so both forms are listed. Checked against the key table Firefox ESR
 *            itself ships (browser.xhtml in browser/omni.ja): it binds no Alt+Shift combination, and its
 *            Alt combinations are the arrows, Home and the digits listed here.
 *   Chrome:  https://support.google.com/chrome/answer/157179 (Windows, Linux and Mac tabs).
 */
export type Platform = 'windows-linux' | 'mac';

const range = (prefix: string, from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => `${prefix}${from + i}`);
const menuKeys = (letters: string) => [...letters].flatMap((letter) => [`Alt+${letter}`, `Alt+Shift+${letter}`]);

// prettier-ignore
export const FIREFOX_SHORTCUTS: Record<Platform, string[]> = {
  'windows-linux': [
    // Navigation
    'Alt+Left', 'Alt+Right', 'Alt+Home', 'Ctrl+O', 'Ctrl+R', 'Ctrl+Shift+R', 'Ctrl+F5',
    // Current page
    'Ctrl+P', 'Ctrl+S', 'Ctrl+=', 'Ctrl+-', 'Ctrl+0', 'Ctrl+U', 'Ctrl+I', 'Ctrl+Alt+R', 'Ctrl+Up', 'Ctrl+Down',
    // Editing
    'Ctrl+C', 'Ctrl+X', 'Ctrl+V', 'Ctrl+Shift+V', 'Ctrl+Z', 'Ctrl+Y', 'Ctrl+Shift+Z', 'Ctrl+A',
    'Ctrl+Backspace', 'Ctrl+Delete', 'Ctrl+Shift+X',
    // Search
    'Ctrl+F', 'Ctrl+G', 'Ctrl+Shift+G', 'Ctrl+K', 'Ctrl+E', 'Ctrl+J', 'Alt+Up', 'Alt+Down',
    // Windows and tabs
    'Ctrl+W', 'Ctrl+F4', 'Ctrl+Shift+W', 'Alt+F4', 'Ctrl+Tab', 'Ctrl+Shift+Tab', 'Ctrl+Q', 'Ctrl+Shift+Q',
    'Ctrl+PageUp', 'Ctrl+PageDown', 'Ctrl+Shift+PageUp', 'Ctrl+Shift+PageDown', 'Ctrl+Shift+Home',
    'Ctrl+Shift+End', 'Ctrl+M', 'Ctrl+T', 'Ctrl+N', 'Ctrl+Shift+P', 'Alt+Enter', 'Ctrl+Shift+T', 'Ctrl+Shift+N',
    ...range('Ctrl+', 1, 9), ...range('Alt+', 1, 9), 'Ctrl+Enter', 'Ctrl+Shift+Enter', 'Ctrl+Shift+]',
    // History, bookmarks, sidebar
    'Ctrl+H', 'Ctrl+Shift+H', 'Ctrl+Shift+Delete', 'Ctrl+D', 'Ctrl+Shift+D', 'Ctrl+B', 'Ctrl+Shift+O',
    'Ctrl+Shift+B', 'Ctrl+Alt+Z', 'Ctrl+Alt+X',
    // Tools
    'Ctrl+Shift+Y', 'Ctrl+Shift+A', 'Ctrl+Shift+I', 'Ctrl+Shift+K', 'Ctrl+Shift+C', 'Ctrl+Shift+E',
    'Ctrl+Shift+M', 'Ctrl+Shift+J', 'Ctrl+Shift+S', 'Ctrl+Alt+Shift+I', 'Ctrl+Alt+Shift+R',
    // The menu bar's access keys: File, Edit, View, History, Bookmarks, Tools, Help
    ...menuKeys('FEVSBTH'),
  ],
  mac: [
    'Command+[', 'Command+]', 'Command+Left', 'Command+Right', 'Command+O', 'Command+R', 'Command+Shift+R',
    'Command+P', 'Command+S', 'Command+=', 'Command+-', 'Command+0', 'Command+U', 'Command+I', 'Alt+Command+R',
    'Command+Up', 'Command+Down',
    'Command+C', 'Command+X', 'Command+V', 'Alt+Command+Shift+V', 'Command+Z', 'Command+Shift+Z', 'Command+A',
    'Command+Shift+X',
    'Command+F', 'Command+G', 'Command+Shift+G', 'Command+K', 'Command+E', 'Alt+Up', 'Alt+Down',
    'Command+W', 'Command+Shift+W', 'Command+Q', 'MacCtrl+Tab', 'MacCtrl+Shift+Tab', 'Alt+Command+Left',
    'Alt+Command+Right', 'Command+Shift+Left', 'Command+Shift+Right', 'MacCtrl+M', 'Command+M', 'Command+H',
    'Command+T', 'Command+N', 'Command+Shift+P', 'Alt+Enter', 'Command+Shift+T', 'Command+Shift+N',
    ...range('Command+', 1, 9), 'Command+Enter', 'Command+Shift+Enter', 'Alt+Command+Shift+]',
    'Command+Shift+H', 'Command+Y', 'Command+Shift+Delete', 'Command+D', 'Command+Shift+D', 'Command+B',
    'Command+Shift+O', 'Command+Shift+B', 'MacCtrl+Alt+Z', 'MacCtrl+Alt+X',
    'Command+J', 'Command+Shift+Y', 'Command+Shift+A', 'Alt+Command+I', 'Alt+Command+K', 'Alt+Command+C',
    'Alt+Command+E', 'Alt+Command+M', 'Alt+Command+Z', 'Command+Shift+J', 'Command+Shift+S',
    'Alt+Command+Shift+I', 'Alt+Command+Shift+R', 'Command+,',
  ],
};

// prettier-ignore
export const CHROME_SHORTCUTS: Record<Platform, string[]> = {
  'windows-linux': [
    // Tabs and windows
    'Ctrl+N', 'Ctrl+Shift+N', 'Ctrl+T', 'Ctrl+Shift+T', 'Ctrl+Tab', 'Ctrl+PageDown', 'Ctrl+Shift+Tab',
    'Ctrl+PageUp', ...range('Ctrl+', 1, 9), 'Alt+Home', 'Alt+Left', 'Alt+Right', 'Ctrl+W', 'Ctrl+F4',
    'Ctrl+Shift+W', 'Alt+F4', 'Alt+Space', 'Ctrl+Shift+Q', 'Ctrl+Shift+PageUp', 'Ctrl+Shift+PageDown',
    'Ctrl+Shift+A',
    // Chrome features
    'Alt+F', 'Alt+E', 'Ctrl+Shift+B', 'Ctrl+Shift+O', 'Ctrl+H', 'Ctrl+J', 'Alt+Shift+T', 'Ctrl+Shift+J',
    'Ctrl+Shift+I', 'Ctrl+Shift+C', 'Ctrl+Shift+Delete', 'Ctrl+Shift+M', 'Alt+Shift+I', 'Alt+Shift+A',
    'Alt+Shift+B',
    // Address bar
    'Ctrl+Enter', 'Alt+Enter', 'Ctrl+Shift+Enter', 'Ctrl+L', 'Alt+D', 'Ctrl+K', 'Ctrl+E', 'Ctrl+F5',
    // Web page
    'Ctrl+P', 'Ctrl+S', 'Ctrl+R', 'Ctrl+Shift+R', 'Ctrl+F', 'Ctrl+G', 'Ctrl+Shift+G', 'Ctrl+U', 'Ctrl+D',
    'Ctrl+Shift+D', 'Ctrl+=', 'Ctrl+-', 'Ctrl+0', 'Ctrl+O', 'Ctrl+Home', 'Ctrl+End',
    // Editing
    'Ctrl+C', 'Ctrl+X', 'Ctrl+V', 'Ctrl+Shift+V', 'Ctrl+Z', 'Ctrl+Y', 'Ctrl+Shift+Z', 'Ctrl+A',
    'Ctrl+Backspace', 'Ctrl+Delete',
  ],
  mac: [
    'Command+N', 'Command+Shift+N', 'Command+T', 'Command+Shift+T', 'Alt+Command+Right', 'Alt+Command+Left',
    'MacCtrl+Tab', 'MacCtrl+Shift+Tab', ...range('Command+', 1, 9), 'Command+[', 'Command+]', 'Command+Left',
    'Command+Right', 'Command+W', 'Command+Shift+W', 'Command+M', 'Command+H', 'Alt+Command+H', 'Command+Q',
    'Command+Shift+A',
    'Command+Shift+B', 'Alt+Command+B', 'Command+,', 'Command+Y', 'Command+Shift+J', 'Alt+Command+L',
    'Command+F', 'Command+G', 'Command+Shift+G', 'Command+E', 'Alt+Command+F', 'Alt+Command+I',
    'Alt+Command+J', 'Alt+Command+U', 'Alt+Command+C', 'Command+Shift+Delete', 'Command+Shift+M',
    'Command+Shift+F', 'MacCtrl+Command+F', 'MacCtrl+F2', 'Command+Shift+I',
    'Command+Enter', 'Command+L', 'Command+P', 'Command+Shift+P', 'Command+S', 'Command+Shift+R', 'Command+R',
    'Command+D', 'Command+Shift+D', 'Command+=', 'Command+-', 'Command+0', 'Command+Up', 'Command+Down',
    'Command+O', 'Command+C', 'Command+X', 'Command+V', 'Alt+Command+Shift+V', 'Command+Z', 'Command+Shift+Z',
    'Command+A',
  ],
};

/**
 * Bosun's own access keys in its panel (the permission question's Allow once and Deny): Alt+key in
 * Chrome, Alt+Shift+key in Firefox (and Control+Option+key on macOS in both).
 */
export const BOSUN_ACCESS_KEYS: Record<'chrome' | 'firefox', Record<Platform, string[]>> = {
  chrome: { 'windows-linux': ['Alt+A', 'Alt+D'], mac: ['MacCtrl+Alt+A', 'MacCtrl+Alt+D'] },
  firefox: { 'windows-linux': ['Alt+Shift+A', 'Alt+Shift+D'], mac: ['MacCtrl+Alt+A', 'MacCtrl+Alt+D'] },
};
