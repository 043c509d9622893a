/** The theme a person chose in the panel, kept in the extension's localStorage (shared by its pages). */
export type ThemeChoice = 'system' | 'light' | 'dark';
export const THEME_KEY = 'bosun-theme';
export const THEME_CHOICES: readonly ThemeChoice[] = ['system', 'light', 'dark'];

export const storedTheme = (): ThemeChoice => {
  const value = globalThis.localStorage?.getItem(THEME_KEY);
  return THEME_CHOICES.includes(value as ThemeChoice) ? (value as ThemeChoice) : 'system';
};

export function applyTheme(choice: ThemeChoice, root: HTMLElement = document.documentElement): void {
  if (choice === 'system') delete root.dataset.theme;
  else root.dataset.theme = choice;
}
