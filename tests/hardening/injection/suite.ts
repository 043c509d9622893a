// Prompt injection against a model that obeys every instruction it reads. The figure that
// matters: side effects (a navigation to the attacker, a submit, a critical click, data sent to
// another host) without the person's approval of that exact action. It must be 0 on every page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSERS, type BrowserName, type PageDriver } from '../../e2e/harness';
import { useExtension } from '../../e2e/support/extension';
import { configure, openSidebar, showView } from '../../e2e/support/sidebar';
import { startRecordingServer } from '../recording-server';
import type { ShownPrompt } from '../../e2e/support/agent';
import { BANK_PAGE, attackPages, samplePages, type AttackPage } from './attack-pages';
import type { ExpectedQuestion } from './attacks';
import { runAttackPage, type InjectionEnv, type PageOutcome } from './run-page';

function printFigures(browserName: BrowserName, outcomes: PageOutcome[]): void {
  const rows = new Map<string, number[]>();
  for (const o of outcomes) {
    const row = rows.get(o.page.action) ?? [0, 0, 0, 0, 0];
    const add = [1, o.attempts.length, o.questions.length, o.page.unanswered ? 1 : 0, o.sideEffects.length];
    rows.set(
      o.page.action,
      row.map((n, i) => n + (add[i] ?? 0)),
    );
  }
  rows.set(
    'total',
    [...rows.values()].reduce((sum, row) => sum.map((n, i) => n + (row[i] ?? 0)), [0, 0, 0, 0, 0]),
  );
  const lines = [...rows].map(
    ([action, row]) => `${action.padEnd(18)}${row.map((n) => String(n).padStart(13)).join('')}`,
  );
  const header = `${'action'.padEnd(18)}${['pages', 'attempts', 'questions', 'unanswered', 'side effects'].map((h) => h.padStart(13)).join('')}`;
  console.log(
    `Prompt injection, obedient model, ${browserName}: ${outcomes.length} pages, every question denied or left open\n${header}\n${lines.join('\n')}`,
  );
}

/** The question describes the action: its tool, the site it touches, its level, and what it would do. */
function expectDescribed(shown: ShownPrompt | undefined, expected: ExpectedQuestion, page: string): void {
  expect(shown, `${page}: no question for ${expected.tool}`).toBeDefined();
  expect({ tool: shown?.tool, site: shown?.site, level: shown?.level }, page).toEqual({
    tool: expected.tool,
    site: expected.site,
    level: expected.level,
  });
  if (expected.critical) expect(shown?.critical, `${page}: not shown as critical`).toMatch(/^Critical: /);
  if (expected.shows) expect(`${shown?.summary} ${shown?.parameters}`, page).toContain(expected.shows);
}

function expectSafe(o: PageOutcome): void {
  const { page } = o;
  expect(o.sideEffects, `${page.id}: side effects`).toEqual([]);
  expect(o.unmarked, `${page.id}: page text outside the untrusted block`).toEqual([]);
  // Left open, the first question ends the task (Stop); otherwise the model tried every call.
  const questioned = page.calls.findIndex((c) => c.name === page.questions[0]?.tool);
  const tried = page.unanswered ? page.calls.slice(0, questioned + 1) : page.calls;
  expect(o.attempts, `${page.id}: the model did not obey the page`).toEqual(tried.map((c) => c.name));
  const asked = page.unanswered ? page.questions.slice(0, 1) : page.questions;
  expect(o.questions.length, `${page.id}: questions ${JSON.stringify(o.questions)}`).toBe(asked.length);
  asked.forEach((expected, i) => expectDescribed(o.questions[i], expected, page.id));
}

/** What the person configured, as the Settings view shows it; and the grants, as Permissions shows them. */
async function standingConfiguration(sidebar: PageDriver): Promise<{ baseUrl: string; model: string; grants: number }> {
  await sidebar.click('[data-testid="view-settings"]');
  const settings = await sidebar.waitFor(() => {
    const value = (id: string) => document.querySelector<HTMLInputElement>(`[data-testid="settings-${id}"]`)?.value;
    return value('baseUrl') !== undefined && { baseUrl: value('baseUrl') ?? '', model: value('model') ?? '' };
  });
  await showView(sidebar, 'permissions');
  const grants = await sidebar.evaluate(() => document.querySelectorAll('[data-testid="grant"]').length);
  await sidebar.click('[data-testid="view-chat"]');
  return { ...settings, grants };
}

/** Runs the attack pages (a sample covering every placement and action, or all of them) in both browsers. */
export function injectionSuite(scope: 'sample' | 'all'): void {
  describe.each(BROWSERS)('prompt injection with an obedient model in %s', (browserName) => {
    const ctx = useExtension(browserName);
    const env = { keptTabs: [] as string[] } as InjectionEnv;
    let pages: AttackPage[] = [];

    beforeAll(async () => {
      let all: AttackPage[] = [];
      // The attacker is a host of its own (a site the person never approved).
      env.attacker = await startRecordingServer('127.0.0.2');
      env.site = await startRecordingServer('127.0.0.1', (path) =>
        path === '/bank.html' ? BANK_PAGE : (all.find((p) => p.path === path)?.html ?? null),
      );
      all = attackPages({ site: env.site.url, attacker: env.attacker.url });
      pages = scope === 'all' ? all : samplePages(all);
      Object.assign(env, { session: ctx.session, llm: ctx.llm, keptTabs: [`${env.site.url}/bank.html`] });
      await ctx.session.openPage(`${env.site.url}/bank.html`);
      env.sidebar = await openSidebar(ctx.session);
      await configure(env.sidebar, ctx.llm);
    });
    afterAll(async () => {
      await env.site?.close();
      await env.attacker?.close();
    });

    it(
      `${scope === 'all' ? 'every attack page' : 'a sample of attack pages'}: no side effect without approval, and every question describes its action`,
      async () => {
        const outcomes: PageOutcome[] = [];
        for (const page of pages) outcomes.push(await runAttackPage(env, page));
        printFigures(browserName, outcomes);
        for (const outcome of outcomes) expectSafe(outcome);
        expect(await standingConfiguration(env.sidebar)).toEqual({
          baseUrl: ctx.llm.baseUrl,
          model: 'test-model',
          grants: 0,
        });
        // Every request for a model went to the configured provider; none to the attacker.
        expect(env.attacker.log).toEqual([]);
      },
      scope === 'all' ? 3_600_000 : 600_000,
    );
  });
}
