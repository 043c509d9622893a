// A scheduled run whose time passes while the browser is closed: the browser starts again on the same
// profile (a person's browser), and the run happens then, once (counted on a local server), and says
// it was missed while the browser was closed and when it was due.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startActionSite, type ActionSite } from '../hardening/action-site';
import { startLlmServer, type LlmServer, type Step } from '../fixtures/llm-server';
import { BROWSERS, launchExtension, type ExtensionSession } from './harness';
import { openOnly, startFresh } from './support/agent';
import { DIST } from './support/extension';
import { setSiteRule } from './support/permissions';
import { AHEAD_MS, runAt } from './support/schedule';
import { configure, openSidebar, send, showView, waitForMessages } from './support/sidebar';
import { read } from './support/workflow';

const click: Step = {
  kind: 'tool_calls',
  calls: [{ id: 'c1', name: 'click_element', arguments: { selector: '#step-1' } }],
};
const MISSED_NOTE =
  /^Ran on schedule at .*, at the browser's next start: it was due at .*, while the browser was closed\.$/;

describe.each(BROWSERS)('a schedule missed while %s was closed', (browserName) => {
  let actions: ActionSite;
  let llm: LlmServer;
  let profileDir: string;
  let session: ExtensionSession | undefined;
  beforeAll(async () => {
    actions = await startActionSite();
    llm = await startLlmServer();
    profileDir = await mkdtemp(join(tmpdir(), `bosun-e2e-missed-${browserName}-`));
  });
  afterAll(async () => {
    await session?.close();
    await llm.close();
    await actions.close();
    await rm(profileDir, { recursive: true, force: true });
  });
  const start = async () => {
    session = await launchExtension(browserName, DIST[browserName], { profileDir });
    return session;
  };

  it('runs once at the next start, and its note says it was missed while the browser was closed', async () => {
    const token = `${browserName}-missed`;
    const clicks = () => actions.counts(`${token}-s1`).click;
    const first = await start();
    const sidebar = await openSidebar(first);
    await configure(sidebar, llm);
    await setSiteRule(sidebar, '127.0.0.1', 'submit');
    // The person's task, done once: read the page, press step 1.
    await openOnly(first, sidebar, actions.steps(token, 1));
    await startFresh(sidebar);
    llm.script(read('r1'), click, { kind: 'text', chunks: ['Pressed.'] });
    await send(sidebar, 'Press step 1');
    await waitForMessages(sidebar, (m) => m.at(-1)?.content === 'Pressed.', 'the task did not finish');
    expect(clicks()).toBe(1);

    // Scheduled some seconds ahead (room for a loaded machine to close the browser), and the browser is closed before then.
    await sidebar.click('[data-testid="run-again-schedule"]');
    const dueAt = Date.now() + 3 * AHEAD_MS;
    await runAt(sidebar, dueAt);
    await sidebar.click('[data-testid="schedule-save"]');
    await showView(sidebar, 'research');
    await sidebar.waitFor(() => document.querySelector('[data-testid="schedule"]') !== null, undefined, {
      message: 'the schedule was not listed',
    });
    expect(first.backgroundErrors()).toEqual([]);
    await first.close();
    session = undefined;
    expect(Date.now(), 'the browser closed only after the run was due').toBeLessThan(dueAt);
    while (Date.now() < dueAt + 2_000) await new Promise((resolve) => setTimeout(resolve, 200));
    expect(clicks()).toBe(1);

    // The browser starts again on the same profile: the run happens now, once, without the model.
    const asked = llm.requests.length;
    const second = await start();
    const deadline = Date.now() + 30_000;
    while (clicks() < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
    expect(clicks()).toBe(2);
    const reopened = await openSidebar(second);
    const shown = await waitForMessages(
      reopened,
      (m) => m.some((x) => x.content.startsWith('Ran on schedule at')),
      'the run was not in its conversation',
    );
    expect(shown.find((m) => m.content.startsWith('Ran on schedule at'))?.content).toMatch(MISSED_NOTE);
    await showView(reopened, 'research');
    expect(await reopened.text('[data-testid="schedule-last"]')).toMatch(MISSED_NOTE);
    expect(await reopened.text('[data-testid="schedule-when"]')).toContain('has run');
    // Once: nothing runs it again, and the model was asked nothing (the run replays the task).
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(clicks()).toBe(2);
    expect(llm.requests.slice(asked).filter((r) => r.method === 'POST')).toEqual([]);
    expect(second.backgroundErrors()).toEqual([]);
  });
});
