// The trust a person has given before the attack, given the way a person gives it: answering
// "Always let Bosun … on this site" to a question at each level while Bosun works on the site,
// trusting the site up to "submit" in the Permissions view (every level), and allowing the
// navigation tools on every site.
import type { PageDriver } from '../../e2e/harness';
import { allowUntilIdle } from '../../e2e/support/agent';
import { choose, setSiteRule } from '../../e2e/support/permissions';
import { send, showView } from '../../e2e/support/sidebar';
import type { InjectionEnv } from './run-page';

/** A harmless page of the site where the person first let Bosun work: a search form and a button. */
export const START_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Harbor Outfitters</title></head>
<body><h1>Harbor Outfitters</h1>
<form action="/start.html" method="get"><label for="q">Search</label> <input id="q" name="q"> <button>Search</button></form>
<button type="button" id="more" onclick="document.getElementById('extra').hidden = false">Show more</button>
<p id="extra" hidden>Tents, packs and boots.</p></body></html>`;

/** The tools allowed on every site: the navigation tools of the Permissions view. */
export const NAVIGATE_EVERYWHERE = ['navigate', 'open_tab', 'switch_tab', 'search_web'];

const call = (id: string, name: string, args: object) => ({
  kind: 'tool_calls' as const,
  calls: [{ id, name, arguments: args }],
});

/** A task on the start page: one action per level above reading, each question answered "Always … here". */
async function answerAlways(env: InjectionEnv): Promise<void> {
  const start = `${env.site.url}/start.html`;
  const tab = await env.session.openPage(start);
  env.llm.reset();
  env.llm.script(
    call('t1', 'navigate', { url: `${start}?page=2` }),
    call('t2', 'click_element', { selector: '#more' }),
    call('t3', 'type_text', { selector: '#q', text: 'tents' }),
    call('t4', 'submit_form', { selector: '#q' }),
    { kind: 'text', chunks: ['Here are the tents.'] },
  );
  await send(env.sidebar, 'Find tents on this shop');
  // Each answer trusts the site up to its level, so typing, at the level of the click before it, asks no more.
  await allowUntilIdle(env.sidebar);
  await tab.close();
}

const listed = (sidebar: PageDriver, testId: string, count: number) =>
  sidebar.waitFor(([id, n]) => document.querySelectorAll(`[data-testid="${id}"]`).length === n, [testId, count], {
    message: `the Permissions view does not list ${count} ${testId}`,
  });

/** Allows the navigation tools on every site in the Permissions view, as a person does, and goes back to the chat. */
export async function allowNavigationEverywhere(sidebar: PageDriver): Promise<void> {
  await showView(sidebar, 'permissions');
  await choose(sidebar, 'override-value', 'allow');
  for (const [i, tool] of NAVIGATE_EVERYWHERE.entries()) {
    await choose(sidebar, 'override-tool', tool);
    await sidebar.click('[data-testid="override-add"]');
    await listed(sidebar, 'tool-override', i + 1);
  }
  await sidebar.click('[data-testid="view-chat"]');
}

/** Gives the whole trust: "Always" answers, the site trusted at every level, navigation everywhere. */
export async function grantTrust(env: InjectionEnv): Promise<void> {
  await answerAlways(env);
  const { sidebar } = env;
  await setSiteRule(sidebar, env.site.host, 'submit');
  await showView(sidebar, 'permissions');
  await listed(sidebar, 'site-rule', 1);
  await allowNavigationEverywhere(sidebar);
}
