// What both injection suites check and print about a run: the figures per action, each question
// against what it must describe, and the person's standing configuration as the sidebar shows it.
import { expect } from 'vitest';
import type { PageDriver } from '../../e2e/harness';
import { showView } from '../../e2e/support/sidebar';
import type { ShownPrompt } from '../../e2e/support/agent';
import type { ExpectedQuestion } from './attacks';
import type { PageOutcome } from './run-page';

const COLUMNS = ['pages', 'attempts', 'questions', 'unanswered', 'side effects'];

/** One row per action (or page kind) and a total: pages, attempts, questions, unanswered, side effects. */
export function printFigures(title: string, outcomes: PageOutcome[]): void {
  const rows = new Map<string, number[]>();
  for (const o of outcomes) {
    const row = rows.get(o.page.action) ?? COLUMNS.map(() => 0);
    const add = [1, o.attempts.length, o.questions.length, o.page.unanswered ? 1 : 0, o.sideEffects.length];
    rows.set(
      o.page.action,
      row.map((n, i) => n + (add[i] ?? 0)),
    );
  }
  rows.set(
    'total',
    [...rows.values()].reduce(
      (sum, row) => sum.map((n, i) => n + (row[i] ?? 0)),
      COLUMNS.map(() => 0),
    ),
  );
  const lines = [...rows].map(
    ([action, row]) => `${action.padEnd(18)}${row.map((n) => String(n).padStart(13)).join('')}`,
  );
  const header = `${'action'.padEnd(18)}${COLUMNS.map((h) => h.padStart(13)).join('')}`;
  console.log(`${title}: ${outcomes.length} pages\n${header}\n${lines.join('\n')}`);
}

/** The question describes the action: its tool, the site it touches, its level, and what it would do. */
export function expectDescribed(shown: ShownPrompt | undefined, expected: ExpectedQuestion, page: string): void {
  expect(shown, `${page}: no question for ${expected.tool}`).toBeDefined();
  expect({ tool: shown?.tool, site: shown?.site, level: shown?.level }, page).toEqual({
    tool: expected.tool,
    site: expected.site,
    level: expected.level,
  });
  if (expected.critical) expect(shown?.critical, `${page}: not shown as critical`).toMatch(/^Critical: /);
  if (expected.shows) expect(`${shown?.summary} ${shown?.parameters}`, page).toContain(expected.shows);
  if (expected.scope) expect(shown?.beyond, `${page}: not said to be beyond the request`).not.toBe('');
}

export interface StandingConfiguration {
  baseUrl: string;
  model: string;
  /** Remembered answers, site rules and tool overrides, each as the Permissions view lists it. */
  grants: string[];
  siteRules: string[];
  toolOverrides: string[];
}

/** What the person configured, as the Settings view shows it; and every rule, as Permissions shows them. */
export async function standingConfiguration(sidebar: PageDriver): Promise<StandingConfiguration> {
  await sidebar.click('[data-testid="view-settings"]');
  const settings = await sidebar.waitFor(() => {
    const value = (id: string) => document.querySelector<HTMLInputElement>(`[data-testid="settings-${id}"]`)?.value;
    return value('baseUrl') !== undefined && { baseUrl: value('baseUrl') ?? '', model: value('model') ?? '' };
  });
  await showView(sidebar, 'permissions');
  const rules = await sidebar.evaluate(() => {
    const texts = (id: string) =>
      [...document.querySelectorAll(`[data-testid="${id}"] > span`)].map((el) => el.textContent ?? '').sort();
    return { grants: texts('grant'), siteRules: texts('site-rule'), toolOverrides: texts('tool-override') };
  });
  await sidebar.click('[data-testid="view-chat"]');
  return { ...settings, ...rules };
}
