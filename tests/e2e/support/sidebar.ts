import type { PageDriver } from '../harness';
import type { LlmServer } from '../../fixtures/llm-server';

export interface ShownMessage {
  role: string;
  status: string;
  content: string;
  error: string;
}

/** What the sidebar shows, read from the DOM the way a person sees it. */
export function shownMessages(page: PageDriver): Promise<ShownMessage[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('[data-testid="message"]')].map((el) => ({
      role: el.dataset.role ?? '',
      status: el.dataset.status ?? '',
      content: el.querySelector('.message-content')?.textContent ?? '',
      error: el.querySelector('[data-testid="message-error"]')?.textContent ?? '',
    })),
  );
}

/** Waits until the sidebar shows messages that satisfy `check`; fails with what it showed last. */
export async function waitForMessages(
  page: PageDriver,
  check: (messages: ShownMessage[]) => boolean,
  message: string,
  timeoutMs = 15_000,
): Promise<ShownMessage[]> {
  const deadline = Date.now() + timeoutMs;
  let last: ShownMessage[] = [];
  while (Date.now() < deadline) {
    last = await shownMessages(page);
    if (check(last)) return last;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${message}; the sidebar showed ${JSON.stringify(last)}`);
}

/** Opens the sidebar page and waits until it is connected to the background. */
export async function openSidebar(session: {
  openExtensionPage(path: string): Promise<PageDriver>;
}): Promise<PageDriver> {
  const page = await session.openExtensionPage('sidebar.html');
  await page.waitFor(
    () => document.querySelector('[data-testid="connection"]')?.className.includes('connected'),
    undefined,
    {
      message: 'the sidebar did not connect to the background',
    },
  );
  return page;
}

/** Fills the settings form the way a person does and saves it (the scripted server's test model unless `model` says). */
export async function configure(
  page: PageDriver,
  llm: Pick<LlmServer, 'baseUrl'>,
  apiKey = '',
  provider = 'custom',
  model = 'test-model',
): Promise<void> {
  const onSettings = await page.evaluate(() => document.querySelector('[data-testid="settings-form"]') !== null);
  if (!onSettings) await page.click('[data-testid="view-settings"]');
  // Settings load as a chunk of their own: the form may arrive a moment after the click.
  await page.waitFor(() => document.querySelector('[data-testid="settings-provider"]') !== null, undefined, {
    message: 'the settings form did not show',
  });
  await page.evaluate((value) => {
    const select = document.querySelector<HTMLSelectElement>('[data-testid="settings-provider"]');
    if (select) {
      select.value = value;
      select.dispatchEvent(new Event('change', { bubbles: true }));
    }
  }, provider);
  await page.fill('[data-testid="settings-baseUrl"]', llm.baseUrl);
  await page.fill('[data-testid="settings-model"]', model);
  await page.fill('[data-testid="settings-apiKey"]', apiKey);
  await page.click('[data-testid="settings-save"]');
  await page.waitFor(() => document.querySelector('[data-testid="composer-input"]') !== null, undefined, {
    message: 'saving the settings did not return to the chat',
  });
}

/**
 * Sends a message as a person does, once Send is there (Stop shows while a task runs, and Enter then
 * only says so), and waits until the background has taken it (it shows in the conversation).
 */
export async function send(page: PageDriver, text: string): Promise<void> {
  await page.waitFor(() => document.querySelector('[data-testid="send"]') !== null, undefined, {
    timeoutMs: 30_000,
    message: `the last task did not end, so "${text}" could not be sent`,
  });
  const before = await page.evaluate(() => document.querySelectorAll('[data-role="user"]').length);
  await page.fill('[data-testid="composer-input"]', text);
  await page.press('Enter');
  await page.waitFor((count) => document.querySelectorAll('[data-role="user"]').length > count, before, {
    message: `the message "${text}" was not taken`,
  });
}

/**
 * Shows a view the way a person reaches it: a tab of the bar, the gear (Settings), or an entry of the
 * More menu, which is opened first. Resolves once the view is the current one and its content is shown
 * (a view loaded on first use shows "Loading…" until its code has arrived); a view that failed to load fails.
 */
export async function showView(page: PageDriver, view: string): Promise<void> {
  const inMenu = await page.evaluate(
    (v) =>
      document
        .querySelector(`[data-testid="view-${v}"]`)
        ?.closest('[data-testid="views-more-list"]')
        ?.hasAttribute('hidden') === true,
    view,
  );
  if (inMenu) await page.click('[data-testid="views-more"]');
  await page.click(`[data-testid="view-${view}"]`);
  await page.waitFor(
    (v) =>
      document.querySelector(`[data-testid="view-${v}"]`)?.getAttribute('aria-current') === 'page' &&
      document.querySelector('[data-testid="view-loading"]') === null,
    view,
    {
      message: `the ${view} view was not shown`,
    },
  );
  const failed = await page.evaluate(() => document.querySelector('[data-testid="view-load-failed"]')?.textContent);
  if (failed) throw new Error(`the ${view} view did not load: ${failed}`);
}

/** Changes Settings → Limits the way a person does, and waits until the background holds the new values. */
export async function setLimits(
  sidebar: PageDriver,
  limits: Partial<Record<'maxSteps' | 'maxTokens' | 'promptTimeoutSeconds', number>>,
): Promise<void> {
  await showView(sidebar, 'settings');
  for (const [key, value] of Object.entries(limits)) await sidebar.fill(`[data-testid="limit-${key}"]`, String(value));
  await sidebar.click('[data-testid="settings-save"]');
  // Every sidebar gets the background's LIMITS on connect: a new one shows what was saved.
  await sidebar.waitFor(
    async (expected) => {
      const port = browser.runtime.connect({ name: 'sidebar' });
      const shown = await new Promise<Record<string, unknown> | null>((resolve) => {
        port.onMessage.addListener((message) => {
          const { type, payload } = message as { type: string; payload: Record<string, unknown> };
          if (type === 'LIMITS') resolve(payload);
        });
        setTimeout(() => resolve(null), 2000);
      });
      port.disconnect();
      return shown !== null && Object.entries(expected).every(([key, value]) => shown[key] === value);
    },
    limits,
    { message: 'the limits were not saved' },
  );
  await showView(sidebar, 'chat');
}

/** Turns a Settings switch on or off the way a person does (the switch, then Save); the chat shows again. */
export async function setSettingsSwitch(
  sidebar: PageDriver,
  name: 'plan-first' | 'agents',
  on: boolean,
): Promise<void> {
  await showView(sidebar, 'settings');
  const checked = await sidebar.evaluate(
    (id) => document.querySelector<HTMLInputElement>(`[data-testid="${id}"]`)?.checked,
    `${name}-switch`,
  );
  if (checked !== on) await sidebar.click(`[data-testid="${name}-switch"]`);
  await sidebar.click('[data-testid="settings-save"]');
  await sidebar.waitFor(() => document.querySelector('[data-testid="composer-input"]') !== null, undefined, {
    message: `saving the ${name} switch did not return to the chat`,
  });
}

/** Opens a History item's one menu (rename, export, delete) the way a person does, unless it is open already. */
export async function openHistoryMenu(page: PageDriver, item: string): Promise<void> {
  const open = await page.evaluate(
    (s) => document.querySelector<HTMLDetailsElement>(`${s} [data-testid="history-menu"]`)?.open === true,
    item,
  );
  if (!open) await page.click(`${item} [data-testid="history-menu"] > summary`);
}
