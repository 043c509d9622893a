// The runs the lifecycle suite cuts: each starts one kind of work in the real sidebar, and after
// the background has been stopped and has come back, reads what the person is shown.
import type { PageDriver } from '../e2e/harness';
import { shownMessages, send, type ShownMessage, showView } from '../e2e/support/sidebar';
import type { LlmServer, Step } from '../fixtures/llm-server';
import type { ActionSite } from './action-site';

export const SCENARIOS = ['chat', 'tool', 'workflow', 'crawl'] as const;
export type Scenario = (typeof SCENARIOS)[number];

export interface CaseContext {
  sidebar: PageDriver;
  llm: LlmServer;
  actions: ActionSite;
  /** A page of the test site (the workflow's shops and the crawl's pages are there). */
  siteUrl(path: string): string;
  /** The web tab the chat works in. */
  workTab: number;
}

/** How long after its start a case may be cut: a little past its natural end, so some stops land when it is done. */
export const SPAN_MS: Record<Scenario, number> = { chat: 2_500, tool: 4_000, workflow: 5_000, crawl: 6_000 };

const call = (id: string, name: string, args: object, delayMs = 0): Step => ({
  kind: 'tool_calls',
  calls: [{ id, name, arguments: args }],
  delayMs,
});
const say = (text: string): Step => ({ kind: 'text', chunks: text.split(/(?<= )/), delayMs: 150 });

/** Loads `url` in the work tab and waits until it has loaded. */
export async function showInWorkTab(ctx: CaseContext, url: string): Promise<void> {
  await ctx.sidebar.evaluate(
    async ({ tabId, url }) => {
      await browser.tabs.update(tabId, { url });
      for (let i = 0; i < 200; i++) {
        const tab = await browser.tabs.get(tabId);
        if (tab.status === 'complete' && tab.url === url) return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`the work tab did not load ${url}`);
    },
    { tabId: ctx.workTab, url },
  );
}

/** Starts the case's run; resolves once it has been taken (the stop is timed from there). */
export async function startCase(ctx: CaseContext, scenario: Scenario, token: string): Promise<void> {
  switch (scenario) {
    case 'chat':
      ctx.llm.script({
        kind: 'text',
        chunks: ['First part. ', 'Second part. ', 'Third part. ', `End of ${token}.`],
        delayMs: 400,
      });
      return send(ctx.sidebar, `Tell me a story ${token}`);
    case 'tool':
      await showInWorkTab(ctx, ctx.actions.page(token));
      ctx.llm.script(
        call(`k-${token}`, 'click_element', { selector: `#act-${token}` }, 300),
        call(`s-${token}`, 'submit_form', { selector: `#send-${token}` }, 300),
        say(`I clicked and sent the form of ${token}.`),
      );
      return send(ctx.sidebar, `Click the button, then send the form ${token}`);
    case 'workflow':
      return startWorkflow(ctx, token);
    case 'crawl':
      ctx.llm.script(
        call(`c-${token}`, 'crawl_site', { url: ctx.siteUrl('crawl/index.html'), pageLimit: 5 }),
        say(`I crawled the site for ${token}.`),
      );
      return send(ctx.sidebar, `Crawl the test site ${token}`);
  }
}

async function startWorkflow(ctx: CaseContext, token: string): Promise<void> {
  const steps = ['a', 'b'].map((shop) => ({
    task: `Read shop ${shop} for ${token}`,
    site: ctx.siteUrl(`research/shop-${shop}.html`),
    permissions: ['read-only'],
  }));
  ctx.llm.script(
    { kind: 'text', chunks: ['```json\n', JSON.stringify({ steps }), '\n```'] },
    call(`ra-${token}`, 'read_page', {}, 300),
    say(`Shop a costs 199 (${token}).`),
    // Another tool for the second shop: both shops are one site to the Action Log, and one call must not look like a repeat of the other.
    call(`rb-${token}`, 'get_page_content', { type: 'text' }, 300),
    say(`Shop b costs 189 (${token}).`),
    // The report's answer, from both findings.
    say(`Shop b is cheaper [2] (${token}).`),
  );
  await ctx.sidebar.click('[data-testid="view-research"]');
  await ctx.sidebar.fill('[data-testid="workflow-intent"]', `Compare two shops ${token}`);
  await ctx.sidebar.click('[data-testid="workflow-plan"]');
  await ctx.sidebar.waitFor(() => document.querySelectorAll('[data-testid="review-step"]').length === 2, undefined, {
    message: 'the plan was not shown for review',
  });
  await ctx.sidebar.click('[data-testid="workflow-approve"]');
}

/** Whether the chat is settled: no answer still shown as being written, and the Send button back. */
const chatSettled = (sidebar: PageDriver) =>
  sidebar.evaluate(
    () =>
      document.querySelector('[data-testid="send"]') !== null &&
      ![...document.querySelectorAll<HTMLElement>('[data-testid="message"]')].some(
        (el) => el.dataset.status === 'streaming',
      ),
  );

/** Polls `check` until it holds or `timeoutMs` passes; false when it never held. */
async function eventually(check: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export interface CaseOutcome {
  /** Messages shown as finished before the stop that are gone after it. */
  lost: ShownMessage[];
  /** Runs still shown as running 30 s after the restart: 'chat', 'workflow' or 'crawl'. */
  stuck: string[];
  /** How the run ended, as shown: 'finished' or 'interrupted'. */
  ending: 'finished' | 'interrupted';
  /** Action Log entries recorded more than once for one tool call. */
  loggedTwice: string[];
}

const SETTLE_MS = 30_000;
const RUNNING_JOB = ['pending', 'in_progress'];

/** Reads the case after the restart: what was kept, what is still running, what ran twice. */
export async function checkCase(ctx: CaseContext, scenario: Scenario, before: ShownMessage[]): Promise<CaseOutcome> {
  const { sidebar } = ctx;
  const stuck: string[] = [];
  let ending: CaseOutcome['ending'] = 'finished';
  if (scenario === 'workflow') {
    const status = () =>
      sidebar.evaluate(
        () => document.querySelector('[data-testid="workflow-status"]')?.getAttribute('data-status') ?? '',
      );
    if (!(await eventually(async () => !['running', 'planning', ''].includes(await status()), SETTLE_MS)))
      stuck.push(`workflow (${await status()})`);
    if ((await status()) === 'interrupted') {
      ending = 'interrupted';
      await sidebar.click('[data-testid="workflow-cancel"]');
      await eventually(async () => (await status()) === 'cancelled', SETTLE_MS);
    }
    await sidebar.click('[data-testid="view-chat"]');
  }
  if (!(await eventually(() => chatSettled(sidebar), SETTLE_MS))) stuck.push('chat');
  const after = await shownMessages(sidebar);
  if (after.some((m) => m.status === 'interrupted')) ending = 'interrupted';
  if (scenario === 'crawl') {
    await sidebar.click('[data-testid="view-library"]');
    const jobs = () =>
      sidebar.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('[data-testid="library-job"]')].map((el) => el.dataset.status ?? ''),
      );
    if (!(await eventually(async () => !(await jobs()).some((s) => RUNNING_JOB.includes(s)), SETTLE_MS)))
      stuck.push(`crawl (${(await jobs()).join(', ')})`);
    if ((await jobs()).includes('interrupted')) ending = 'interrupted';
    await sidebar.click('[data-testid="view-chat"]');
  }
  return { lost: missing(before, after), stuck, ending, loggedTwice: await loggedTwice(sidebar) };
}

/** The finished messages of `before` that `after` no longer shows, in order. */
function missing(before: ShownMessage[], after: ShownMessage[]): ShownMessage[] {
  const lost: ShownMessage[] = [];
  let from = 0;
  for (const message of before.filter((m) => m.status === 'done')) {
    const at = after.findIndex((m, i) => i >= from && m.role === message.role && m.content === message.content);
    if (at === -1) lost.push(message);
    else from = at + 1;
  }
  return lost;
}

/** The Action Log is emptied before each case, so every entry in it is this case's. */
export async function clearLog(sidebar: PageDriver): Promise<void> {
  await openLog(sidebar);
  if (
    await sidebar.evaluate(() => !(document.querySelector('[data-testid="clear-log"]') as HTMLButtonElement).disabled)
  )
    await sidebar.click('[data-testid="clear-log"]');
  await sidebar.waitFor(() => document.querySelector('[data-testid="log-entry"]') === null, undefined, {
    message: 'the Action Log was not cleared',
  });
  await sidebar.click('[data-testid="view-chat"]');
}

async function openLog(sidebar: PageDriver): Promise<void> {
  await showView(sidebar, 'log');
  await sidebar.waitFor(() => document.querySelector('[data-testid="log-view"]') !== null, undefined, {
    message: 'the Action Log did not open',
  });
}

/** Entries of the Action Log that record the same call (tool, site, parameters) more than once. */
async function loggedTwice(sidebar: PageDriver): Promise<string[]> {
  await openLog(sidebar);
  const entries = await sidebar.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('[data-testid="log-entry"]')].map((el) => {
      const head = el.firstElementChild;
      return `${head?.textContent?.replace(head.querySelector('time')?.textContent ?? '', '').trim()} ${el.querySelector('.log-params')?.textContent ?? ''}`;
    }),
  );
  await sidebar.click('[data-testid="view-chat"]');
  return entries.filter((entry, i) => entries.indexOf(entry) !== i);
}
