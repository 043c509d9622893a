import { signal } from '@preact/signals';
import { applyTheme, storedTheme, THEME_CHOICES, THEME_KEY, type ThemeChoice } from './theme-choice';

export { applyTheme, type ThemeChoice };

/** A display preference of this page only, so it lives in the page's localStorage, not with the background. */
export const theme = signal<ThemeChoice>(storedTheme());

export function cycleTheme(): void {
  const next = THEME_CHOICES[(THEME_CHOICES.indexOf(theme.value) + 1) % THEME_CHOICES.length] ?? 'system';
  theme.value = next;
  globalThis.localStorage?.setItem(THEME_KEY, next);
  applyTheme(next);
}
