// How each requester starts the person's task, and how the suite knows it is still running: the
// chat's composer (trusted input on or off), the research view's approved plan, ABP agent.run from the ABP page, Firefox's
// native "Ask Bosun about this selection". Every question any of them raises is shown in the sidebar.
import type { ExtensionSession, PageDriver } from '../../e2e/harness';
import { contextMenuClick } from '../../e2e/support/context-menu';
import { send, showView } from '../../e2e/support/sidebar';
import type { LlmServer } from '../../fixtures/llm-server';
import type { OwnRequest, Requester } from './paths';

export interface DriverEnv {
  session: ExtensionSession;
  llm: LlmServer;
  sidebar: PageDriver;
  /** abp-app.html, with an initialized session. */
  abp: PageDriver;
}

/** A started task: whether it is still running. */
export type Started = () => Promise<boolean>;

const chatRunning = (sidebar: PageDriver) => () =>
  sidebar.evaluate(() => document.querySelector('[data-testid="send"]') === null);

const switchOn = (sidebar: PageDriver) =>
  sidebar.evaluate(() => document.querySelector<HTMLInputElement>('[data-testid="trusted-input-switch"]')?.checked);

/** Turns trusted input on or off in Settings, as a person does. */
export async function setTrustedInput(sidebar: PageDriver, on: boolean): Promise<void> {
  await showView(sidebar, 'settings');
  if ((await switchOn(sidebar)) !== on) await sidebar.click('[data-testid="trusted-input-switch"]');
  await sidebar.waitFor(
    (want) => document.querySelector<HTMLInputElement>('[data-testid="trusted-input-switch"]')?.checked === want,
    on,
    {
      message: `trusted input was not turned ${on ? 'on' : 'off'}`,
    },
  );
  await showView(sidebar, 'chat');
}

/** The person writes a research intent, the plan comes back as the model wrote it, and they approve it. */
async function runWorkflow(env: DriverEnv, request: OwnRequest): Promise<Started> {
  const { sidebar } = env;
  env.llm.script({ kind: 'text', chunks: ['```json\n', JSON.stringify({ steps: request.plan }), '\n```'] });
  await showView(sidebar, 'research');
  await sidebar.fill('[data-testid="workflow-intent"]', request.words);
  await sidebar.click('[data-testid="workflow-plan"]');
  await sidebar.waitFor(
    (n) => document.querySelectorAll('[data-testid="review-step"]').length === n,
    request.plan?.length ?? 0,
    { message: 'the plan was not shown for review' },
  );
  await sidebar.click('[data-testid="workflow-approve"]');
  return () =>
    sidebar.evaluate(() => {
      const status = document.querySelector('[data-testid="workflow-status"]')?.getAttribute('data-status');
      return status !== 'completed' && status !== 'failed';
    });
}

/** An agent asks through the ABP page for a task in the person's tab. */
async function runAbpTask(env: DriverEnv, request: OwnRequest, url: string): Promise<Started> {
  const tabId = await env.sidebar.evaluate(
    // The newest tab at that address: the one just opened for this path.
    async (address) =>
      Math.max(...(await browser.tabs.query({})).filter((t) => t.url === address).map((t) => t.id ?? -1)),
    url,
  );
  const started = await env.abp.evaluate(({ task, tab }) => window.abp.call('agent.run', { task, tabId: tab }), {
    task: request.words,
    tab: tabId,
  });
  if (!started.success) throw new Error(`agent.run failed: ${JSON.stringify(started.error)}`);
  const runId = String(started.data.runId);
  return () =>
    env.abp.evaluate(async (id) => {
      const reply = await window.abp.call('agent.status', { runId: id });
      return reply.success && reply.data.status === 'running';
    }, runId);
}

/** The person selects the attacker's mail and picks "Ask Bosun about this selection" in Firefox's menu. */
async function askAboutSelection(env: DriverEnv, tab: PageDriver): Promise<Started> {
  await tab.evaluate(() => {
    const range = document.createRange();
    range.selectNodeContents(document.querySelector('#support')!);
    getSelection()!.removeAllRanges();
    getSelection()!.addRange(range);
  });
  await contextMenuClick(env.session, tab, '#support p', 'Ask Bosun about this selection');
  // The task has started once the menu's question shows in the conversation.
  await env.sidebar.waitFor(() => document.querySelector('[data-role="user"]') !== null, undefined, {
    message: "the menu's question did not reach the conversation",
  });
  return chatRunning(env.sidebar);
}

/** Starts the person's request as `requester` does, on `tab` (at `url`). */
export async function start(
  env: DriverEnv,
  requester: Requester,
  request: OwnRequest,
  tab: PageDriver,
  url: string,
): Promise<Started> {
  switch (requester) {
    case 'chat':
    case 'trusted input':
      await send(env.sidebar, request.words);
      return chatRunning(env.sidebar);
    case 'workflow':
      return runWorkflow(env, request);
    case 'abp agent.run':
      return runAbpTask(env, request, url);
    case 'context menu':
      return askAboutSelection(env, tab);
  }
}
