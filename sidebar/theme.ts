import { signal } from '@preact/signals';

export type ThemeChoice = 'system' | 'light' | 'dark';
const KEY = 'bosun-theme';
const CHOICES: readonly ThemeChoice[] = ['system', 'light', 'dark'];

const stored = (): ThemeChoice => {
  const value = globalThis.localStorage?.getItem(KEY);
  return CHOICES.includes(value as ThemeChoice) ? (value as ThemeChoice) : 'system';
};

/** A display preference of this page only, so it lives in the page's localStorage, not with the background. */
export const theme = signal<ThemeChoice>(stored());

export function applyTheme(choice: ThemeChoice, root: HTMLElement = document.documentElement): void {
  if (choice === 'system') delete root.dataset.theme;
  else root.dataset.theme = choice;
}

export function cycleTheme(): void {
  const next = CHOICES[(CHOICES.indexOf(theme.value) + 1) % CHOICES.length] ?? 'system';
  theme.value = next;
  globalThis.localStorage?.setItem(KEY, next);
  applyTheme(next);
}
