import type { ExtensionSession, PageDriver } from '../harness';

export interface ShownPrompt {
  title: string;
  tool: string;
  site: string;
  level: string;
  summary: string;
  parameters: string;
  critical: string;
  requester: string;
  /** "For your request: …": the words of the task that asks. */
  request: string;
  /** Why the action is beyond what the person asked this task to do; empty when it is not. */
  beyond: string;
  /** The text read on other sites the action would carry, from where, to where; empty when none. */
  dataFlow: string;
}

/** Waits for the permission question and reads it the way a person would. */
export async function waitForPrompt(page: PageDriver, timeoutMs = 15_000): Promise<ShownPrompt> {
  await page
    .waitFor(() => document.querySelector('[data-testid="permission-prompt"]') !== null, undefined, {
      timeoutMs,
      message: 'no permission question appeared',
    })
    .catch(withSidebarState(page));
  return page.evaluate(() => {
    const text = (id: string) => document.querySelector(`[data-testid="${id}"]`)?.textContent ?? '';
    return {
      title: document.querySelector('#prompt-title')?.textContent ?? '',
      tool: text('prompt-tool'),
      site: text('prompt-site'),
      level: text('prompt-level'),
      summary: text('prompt-summary'),
      parameters: text('prompt-parameters'),
      critical: text('prompt-critical'),
      requester: text('prompt-requester'),
      request: text('prompt-request'),
      beyond: text('prompt-beyond-scope'),
      dataFlow: text('prompt-data-flow'),
    };
  });
}

export async function answerPrompt(
  page: PageDriver,
  decision: 'allow-once' | 'allow-task' | 'allow-site' | 'allow-session' | 'deny' | 'deny-all',
): Promise<ShownPrompt> {
  const shown = await waitForPrompt(page);
  const id = await page.evaluate(
    () => document.querySelector<HTMLElement>('[data-testid="permission-prompt"]')?.dataset.id ?? '',
  );
  await page.click(`[data-testid="decision-${decision}"]`).catch(withSidebarState(page));
  // The next question may follow at once: wait for this one to go, not for none to be shown.
  await page.waitFor(
    (answered) => document.querySelector<HTMLElement>('[data-testid="permission-prompt"]')?.dataset.id !== answered,
    id,
    {
      message: 'the question stayed after the answer',
    },
  );
  return shown;
}

/**
 * Answers every question until the task ends: `answer` to a routine one; a critical one offers no
 * lasting answer, so it is allowed once.
 */
export async function allowUntilIdle(sidebar: PageDriver, answer: 'allow-once' | 'allow-site' = 'allow-site') {
  const idle = () => sidebar.evaluate(() => document.querySelector('[data-testid="send"]') !== null);
  while (!(await idle())) {
    const asked = await sidebar.evaluate(() => document.querySelector('[data-testid="permission-prompt"]') !== null);
    const critical = await sidebar.evaluate(() => document.querySelector('[data-testid="prompt-critical"]') !== null);
    if (asked) await answerPrompt(sidebar, critical ? 'allow-once' : answer);
    else await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Rethrows an error with what the sidebar shows: its window, connection and question, and its text. */
function withSidebarState(page: PageDriver): (error: unknown) => Promise<never> {
  return async (error) => {
    throw new Error(`${String(error)}; the sidebar then showed ${await sidebarState(page)}`);
  };
}

function sidebarState(page: PageDriver): Promise<string> {
  return page
    .evaluate(() =>
      JSON.stringify({
        window: `${innerWidth}x${innerHeight}, ${document.visibilityState}, ${location.pathname}`,
        connection: document.querySelector('[data-testid="connection"]')?.className,
        question: document.querySelector<HTMLElement>('[data-testid="permission-prompt"]')?.dataset.id ?? null,
        text: document.body.innerText.slice(0, 600),
      }),
    )
    .catch((error: unknown) => `nothing readable (${String(error)})`);
}

/** Ends whatever the previous test left running, and empties the conversation. */
export async function startFresh(page: PageDriver): Promise<void> {
  if (
    await page.evaluate(
      () => document.querySelector('[data-testid="view-chat"]')?.getAttribute('aria-current') !== 'page',
    )
  ) {
    await page.click('[data-testid="view-chat"]');
  }
  // Pressed in the page, in one step: a task ending meanwhile takes the button away, and a click
  // that waits for it would wait for nothing.
  await page.evaluate(() => document.querySelector<HTMLButtonElement>('[data-testid="stop"]')?.click());
  await waitUntilIdle(page);
  if (
    await page.evaluate(() => !(document.querySelector('[data-testid="clear"]') as HTMLButtonElement | null)?.disabled)
  ) {
    await page.click('[data-testid="clear"]');
  }
  await page.waitFor(() => document.querySelectorAll('[data-testid="message"]').length === 0, undefined, {
    message: 'the conversation was not cleared',
  });
}

/** Waits until the task is over: the Send button is back. */
export async function waitUntilIdle(page: PageDriver, timeoutMs = 30_000): Promise<void> {
  await page.waitFor(() => document.querySelector('[data-testid="send"]') !== null, undefined, {
    timeoutMs,
    message: 'the task did not finish',
  });
}

/** The tool messages shown inline in the conversation: tool name and outcome. */
export function shownTools(page: PageDriver): Promise<{ tool: string; outcome: string }[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('[data-role="tool"]')].map((el) => ({
      tool: el.dataset.tool ?? '',
      outcome: el.dataset.outcome ?? '',
    })),
  );
}

/** A permission question never showed up during `ms`. */
export async function noPromptFor(page: PageDriver, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await page.evaluate(() => document.querySelector('[data-testid="permission-prompt"]') !== null)) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return true;
}

/**
 * Opens `url` in a new tab and closes every other web page, so the task's tab is the only one the
 * agent can be working in; `sidebar` is an extension page that may close tabs.
 */
export async function openOnly(session: ExtensionSession, sidebar: PageDriver, url: string): Promise<PageDriver> {
  const page = await session.openPage(url);
  await sidebar.evaluate(async (keep) => {
    const others = (await browser.tabs.query({})).filter((t) => /^https?:/.test(t.url ?? '') && t.url !== keep);
    await browser.tabs.remove(others.map((t) => t.id as number));
  }, url);
  return page;
}
