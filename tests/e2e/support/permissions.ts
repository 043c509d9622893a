// The Permissions view, as a person uses it.
import type { PageDriver } from '../harness';
import type { LlmServer } from '../../fixtures/llm-server';
import { configure, openSidebar, showView } from './sidebar';

/** Picks `value` in the list `testId` of the Permissions view, as a person does. */
export async function choose(sidebar: PageDriver, testId: string, value: string): Promise<void> {
  await sidebar.evaluate(
    ([id, v]) => {
      const select = document.querySelector<HTMLSelectElement>(`[data-testid="${id}"]`);
      if (!select) throw new Error(`no list ${id}`);
      select.value = v as string;
      select.dispatchEvent(new Event('change', { bubbles: true }));
    },
    [testId, value],
  );
}

/**
 * Sets a site's rule in the Permissions view ('read-only' … 'submit', or 'blocked'), or removes it
 * (null), and goes back to the chat.
 */
export async function setSiteRule(sidebar: PageDriver, site: string, rule: string | null): Promise<void> {
  await showView(sidebar, 'permissions');
  if (rule === null) {
    await sidebar.evaluate((s) => {
      const row = [...document.querySelectorAll('[data-testid="site-rule"]')].find((el) => el.textContent?.includes(s));
      row?.querySelector('button')?.click();
    }, site);
    await sidebar.waitFor(
      (s) => ![...document.querySelectorAll('[data-testid="site-rule"]')].some((el) => el.textContent?.includes(s)),
      site,
      { message: 'the site rule was not removed' },
    );
  } else {
    await sidebar.fill('[data-testid="rule-site"]', site);
    await choose(sidebar, 'rule-level', rule);
    await sidebar.click('[data-testid="rule-add"]');
    await sidebar.waitFor(
      (s) => [...document.querySelectorAll('[data-testid="site-rule"]')].some((el) => el.textContent?.includes(s)),
      site,
      { message: 'the site rule was not saved' },
    );
  }
  await sidebar.click('[data-testid="view-chat"]');
}

/** Sets what Bosun does by default at a permission level ('auto-approve', 'ask' or 'deny'), and goes back to the chat. */
export async function setLevelDefault(sidebar: PageDriver, level: string, verdict: string): Promise<void> {
  await showView(sidebar, 'permissions');
  await choose(sidebar, `default-${level}`, verdict);
  await sidebar.waitFor(
    ([id, value]) => document.querySelector<HTMLSelectElement>(`[data-testid="${id}"]`)?.value === value,
    [`default-${level}`, verdict],
  );
  await sidebar.click('[data-testid="view-chat"]');
}

/**
 * Trusts the test site (127.0.0.1) up to the navigate level, as a person who has Bosun crawl it sets
 * it (a crawl is judged at the navigate level; acting on its pages still asks), from a sidebar
 * opened for that alone.
 */
export async function trustTestSiteToNavigate(ctx: {
  session: { openExtensionPage(path: string): Promise<PageDriver> };
  llm: Pick<LlmServer, 'baseUrl'>;
}): Promise<void> {
  const sidebar = await openSidebar(ctx.session);
  // A first run shows Settings alone: the other views open once a model is set.
  await configure(sidebar, ctx.llm);
  await setSiteRule(sidebar, '127.0.0.1', 'navigate');
  await sidebar.close();
}
