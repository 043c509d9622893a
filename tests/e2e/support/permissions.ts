// The Permissions view, as a person uses it.
import type { PageDriver } from '../harness';
import { showView } from './sidebar';

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
    await sidebar.evaluate((value) => {
      const select = document.querySelector<HTMLSelectElement>('[data-testid="rule-level"]');
      if (!select) throw new Error('no level list');
      select.value = value;
      select.dispatchEvent(new Event('change', { bubbles: true }));
    }, rule);
    await sidebar.click('[data-testid="rule-add"]');
    await sidebar.waitFor(
      (s) => [...document.querySelectorAll('[data-testid="site-rule"]')].some((el) => el.textContent?.includes(s)),
      site,
      { message: 'the site rule was not saved' },
    );
  }
  await sidebar.click('[data-testid="view-chat"]');
}
