import { afterAll, beforeAll } from 'vitest';
import { startActionSite, type ActionSite } from '../../hardening/action-site';
import type { Step } from '../../fixtures/llm-server';
import type { BrowserName } from '../harness';
import { useConfiguredSidebar } from './configured-sidebar';
import { setSiteRule } from './permissions';

/**
 * A configured sidebar and the action site that counts every click on its server, the site trusted up to
 * submitting forms: the clicks of a task (an unattended one too) run without questions, as for a person
 * who lets Bosun work there. `actions` stands for the site from the first hook on.
 */
export function useTrustedActionSite(browserName: BrowserName) {
  let site: ActionSite | undefined;
  const ctx = useConfiguredSidebar(browserName, {
    before: async () => {
      site = await startActionSite();
    },
  });
  beforeAll(() => setSiteRule(ctx.sidebar, '127.0.0.1', 'submit'));
  afterAll(() => site?.close());
  const actions = new Proxy({} as ActionSite, {
    get(_, key: keyof ActionSite) {
      if (!site) throw new Error('the action site is not started yet: use it in a test or a hook');
      const value = site[key];
      return typeof value === 'function' ? value.bind(site) : value;
    },
  });
  return Object.assign(ctx, { actions });
}

/** The model's step that clicks the steps page's button `step` (ActionSite.steps). */
export const clickStep = (id: string, step: number): Step => ({
  kind: 'tool_calls',
  calls: [{ id, name: 'click_element', arguments: { selector: `#step-${step}` } }],
});

/** The scripted model's chat requests, among every request it had. */
export const chatRequests = (requests: readonly { path: string }[]) =>
  requests.filter((r) => r.path.endsWith('/chat/completions'));
