// Plan first, approve once: a chat task that will act states its plan (propose_plan, scripted
// here), the person approves it once in the sidebar's plan card, and the approved plan is the task's
// scope and grants. Nothing is allowed on the site beforehand (a fresh policy asks before every
// click and keystroke), so any question the task still needs would show. Side effects are counted
// at the site's server.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startRecordingServer, type RecordingServer } from '../hardening/recording-server';
import { contactFormHtml } from '../fixtures/plan-first/contact-form';
import { BROWSERS, type PageDriver } from './harness';
import { answerPrompt, startFresh, waitForPrompt, waitUntilIdle } from './support/agent';
import { actionLogEntries } from './support/action-log';
import { useExtension } from './support/extension';
import { PANEL_WIDTHS, sidewaysOverflow } from './support/layout';
import { configure, openSidebar, send, setSettingsSwitch, showView } from './support/sidebar';
import { answer } from './support/scripted-turns';

const PATH = '/plan/contact.html';
const NAME = 'Ada Lovelace';
const EMAIL = 'ada@example.org';
const calls = (...list: { id: string; name: string; arguments: object }[]) => ({
  kind: 'tool_calls' as const,
  calls: list,
});
const type = (id: string, selector: string, text: string) => ({ id, name: 'type_text', arguments: { selector, text } });
const click = (id: string, selector: string) => ({ id, name: 'click_element', arguments: { selector } });

/** Waits for the plan card and reads it as a person would. */
async function waitForPlan(sidebar: PageDriver) {
  await sidebar.waitFor(() => document.querySelector('[data-testid="plan-card"]') !== null, undefined, {
    message: 'no plan was shown',
  });
  return sidebar.evaluate(() => ({
    title: document.querySelector('#plan-title')?.textContent ?? '',
    steps: [...document.querySelectorAll('[data-testid="plan-step-where"]')].map((el) => el.textContent ?? ''),
    typed: [...document.querySelectorAll('[data-testid="plan-typed"]')].map((el) => el.textContent ?? ''),
    commits: [...document.querySelectorAll('[data-testid="plan-step-commits"]')].map((el) => el.textContent ?? ''),
  }));
}

/** Presses one of the plan card's answers; the card goes. */
async function answerPlan(sidebar: PageDriver, button: 'plan-go' | 'plan-each-step'): Promise<void> {
  await sidebar.click(`[data-testid="${button}"]`);
  await sidebar.waitFor(() => document.querySelector('[data-testid="plan-card"]') === null, undefined, {
    message: 'the plan stayed after the answer',
  });
}

/** Until the task ends: whether a permission question showed at any moment (checked every 50 ms). */
async function askedBeforeIdle(sidebar: PageDriver, timeoutMs = 30_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  let asked = false;
  while (Date.now() < deadline) {
    const now = await sidebar.evaluate(() => ({
      asked: document.querySelector('[data-testid="permission-prompt"]') !== null,
      idle: document.querySelector('[data-testid="send"]') !== null,
    }));
    asked ||= now.asked;
    if (now.idle || now.asked) return asked;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the task did not finish');
}

describe.each(BROWSERS)('plan first, approve once, in %s', (browserName) => {
  const ctx = useExtension(browserName);
  let server: RecordingServer;
  let sidebar: PageDriver;
  let site: string;
  const effects = () => server.log.filter((r) => r.path.startsWith('/effect/'));
  const plan = (...extra: object[]) => ({
    summary: 'Fill in the contact form and save it',
    steps: [
      { does: 'Type your name and e-mail', site, level: 'interact', types: [NAME, EMAIL] },
      { does: 'Press Save', site, level: 'submit' },
      ...extra,
    ],
  });

  beforeAll(async () => {
    server = await startRecordingServer('127.0.0.1', (path) => (path === PATH ? contactFormHtml() : null));
    site = `${server.url}${PATH}`;
    await ctx.session.openPage(site);
    sidebar = await openSidebar(ctx.session);
    await configure(sidebar, ctx.llm);
  });
  afterAll(() => server?.close());
  beforeEach(async () => {
    await startFresh(sidebar);
    ctx.llm.reset();
  });

  it('a form task asks once, for the plan, then fills and submits with no other question', async () => {
    const before = effects().length;
    ctx.llm.script(
      {
        ...calls({ id: 'p1', name: 'propose_plan', arguments: plan() }),
        // The model is offered the plan tool and told to plan first.
        expect: (body) => {
          expect(JSON.stringify(body)).toContain('propose_plan');
        },
      },
      calls(type('t1', '#name', NAME), type('t2', '#email', EMAIL), click('c1', '#save')),
      answer('Saved.'),
    );
    await send(sidebar, `Fill in the contact form with ${NAME}, ${EMAIL} and save it`);
    const shown = await waitForPlan(sidebar);
    expect(shown.title).toBe("Bosun's plan: Fill in the contact form and save it");
    expect(shown.steps).toEqual([`fill forms — on ${site}`, `submit forms — on ${site}`]);
    expect(shown.typed).toEqual([NAME, EMAIL]);
    expect(effects().length).toBe(before);
    // The plan fits the panel at every width it opens at, in Edit too, with the message box still in view.
    await sidebar.click('[data-testid="plan-edit"]');
    for (const width of PANEL_WIDTHS) {
      await sidebar.resize({ width, height: 600 });
      expect(await sidewaysOverflow(sidebar), `${width} px`).toEqual([]);
    }
    await sidebar.resize({ width: 360, height: 600 });
    await answerPlan(sidebar, 'plan-go');
    expect(await askedBeforeIdle(sidebar)).toBe(false);
    const saved = effects().slice(before);
    expect(saved.map((r) => r.path)).toEqual(['/effect/save']);
    expect(new URLSearchParams(saved[0]!.body).get('email')).toBe(EMAIL);
    // The plan is the scope: no scope request was needed for it.
    expect(ctx.llm.scopeRequests).toEqual([]);
    // The Action Log says why nothing asked: the plan approved it.
    const logged = (await actionLogEntries(sidebar)).slice(-4);
    expect(logged.map((e) => [e.toolName, e.decision])).toEqual([
      ['approve_plan', 'approved-plan'],
      ['type_text', 'approved-plan'],
      ['type_text', 'approved-plan'],
      ['click_element', 'approved-plan'],
    ]);
    // The approval is an entry of its own, with the plan's steps and sites.
    const host = new URL(site).host;
    expect(logged[0]).toMatchObject({
      site: host,
      permissionLevel: 'submit',
      details: `chat: Fill in the contact form and save it\n1. Type your name and e-mail (${host}, interact)\n2. Press Save (${host}, submit)`,
    });
    await showView(sidebar, 'log');
    const actions = await sidebar.evaluate(() =>
      [...document.querySelectorAll('[data-testid="log-action"]')].map((el) => el.textContent ?? ''),
    );
    expect(actions).toContain(`Approved the plan: Fill in the contact form and save it (sites: ${host})`);
    await showView(sidebar, 'chat');
    expect(ctx.llm.failures).toEqual([]);
  });

  it('a value outside the approved plan asks, and a deny leaves the server untouched', async () => {
    const before = effects().length;
    ctx.llm.script(
      calls({ id: 'p1', name: 'propose_plan', arguments: plan() }),
      calls(type('t1', '#email', 'mallory@attacker.example')),
      answer('I could not type that.'),
    );
    await send(sidebar, `Fill in the contact form with ${NAME}, ${EMAIL} and save it`);
    await waitForPlan(sidebar);
    await answerPlan(sidebar, 'plan-go');
    const outside = await answerPrompt(sidebar, 'deny');
    expect(outside.beyond).toBe('The approved plan does not type "mallory@attacker.example".');
    await waitUntilIdle(sidebar);
    expect(effects().slice(before)).toEqual([]);
  });

  it('a critical action asks even inside the approved plan', async () => {
    const before = effects().length;
    const deleting = { does: 'Delete the draft', site, level: 'submit', commits: ['delete'] };
    ctx.llm.script(
      calls({ id: 'p1', name: 'propose_plan', arguments: plan(deleting) }),
      calls(click('d1', '#delete-draft')),
      answer('Deleted.'),
    );
    await send(sidebar, 'Delete the draft of the contact form');
    const shown = await waitForPlan(sidebar);
    expect(shown.commits).toEqual(['Commits you to: delete']);
    await answerPlan(sidebar, 'plan-go');
    const critical = await waitForPrompt(sidebar);
    expect(critical.critical).toMatch(/^Critical: /);
    // It is within the plan: the question is asked because it is critical, not because it is outside.
    expect(critical.beyond).toBe('');
    // It looks critical: Deny first and the main button, and no lasting answer offered.
    expect(
      await sidebar.evaluate(() =>
        [...document.querySelectorAll('[data-testid^="decision-"]')].map(
          (b) => `${b.getAttribute('data-testid')}${b.classList.contains('button--primary') ? ' (primary)' : ''}`,
        ),
      ),
    ).toEqual(['decision-deny (primary)', 'decision-allow-once']);
    expect(effects().length).toBe(before);
    await answerPrompt(sidebar, 'allow-once');
    await waitUntilIdle(sidebar);
    expect(
      effects()
        .slice(before)
        .map((r) => r.path),
    ).toEqual(['/effect/delete']);
  });

  it('Edit: the plan as the person changed it is what is approved', async () => {
    const before = effects().length;
    const changed = 'ada@work.example';
    ctx.llm.script(
      calls({ id: 'p1', name: 'propose_plan', arguments: plan() }),
      {
        ...calls(type('t1', '#email', changed), type('t2', '#email', EMAIL)),
        // The model is told the plan as approved, with the person's value in it.
        expect: (body) => {
          expect(JSON.stringify(body)).toContain(changed);
        },
      },
      answer('Typed.'),
    );
    await send(sidebar, `Fill in the contact form with ${NAME}, ${EMAIL}`);
    await waitForPlan(sidebar);
    await sidebar.click('[data-testid="plan-edit"]');
    await sidebar.fill(
      '[data-testid="plan-step"]:first-child [data-testid="plan-typed-input"]:nth-of-type(2)',
      changed,
    );
    await answerPlan(sidebar, 'plan-go');
    // The changed value is typed with no question; the value the model first planned now asks.
    const asked = await answerPrompt(sidebar, 'deny');
    expect(asked.beyond).toBe(`The approved plan does not type "${EMAIL}".`);
    await waitUntilIdle(sidebar);
    const typed = await ctx.session.findPage(site);
    expect(await typed.evaluate(() => document.querySelector<HTMLInputElement>('#email')?.value)).toBe(changed);
    expect(effects().slice(before)).toEqual([]);
    expect(ctx.llm.failures).toEqual([]);
  });

  it('with "Plan first" off in Settings, no plan is offered and each action asks', async () => {
    await setSettingsSwitch(sidebar, 'plan-first', false);
    try {
      ctx.llm.script(
        {
          ...calls(type('t1', '#name', NAME)),
          expect: (body) => {
            expect(JSON.stringify(body)).not.toContain('propose_plan');
          },
        },
        answer('Stopped.'),
      );
      await send(sidebar, `Fill in the contact form with ${NAME}`);
      const asked = await answerPrompt(sidebar, 'deny');
      expect(asked.tool).toBe('type_text');
      await waitUntilIdle(sidebar);
      expect(ctx.llm.failures).toEqual([]);
    } finally {
      await setSettingsSwitch(sidebar, 'plan-first', true);
    }
  });

  it('"Ask me at each step" grants nothing: each action asks as it goes', async () => {
    const before = effects().length;
    ctx.llm.script(
      calls({ id: 'p1', name: 'propose_plan', arguments: plan() }),
      calls(type('t1', '#name', NAME)),
      answer('Stopped.'),
    );
    await send(sidebar, `Fill in the contact form with ${NAME}`);
    await waitForPlan(sidebar);
    await answerPlan(sidebar, 'plan-each-step');
    const asked = await answerPrompt(sidebar, 'deny');
    expect(asked.tool).toBe('type_text');
    await waitUntilIdle(sidebar);
    expect(effects().slice(before)).toEqual([]);
  });

  it('Escape on a plan approves nothing: the card goes, the task goes on and each action asks', async () => {
    const before = effects().length;
    const approvalsBefore = (await actionLogEntries(sidebar)).filter((e) => e.toolName === 'approve_plan').length;
    ctx.llm.script(
      calls({ id: 'p1', name: 'propose_plan', arguments: plan() }),
      calls(type('t1', '#name', NAME)),
      answer('Stopped.'),
    );
    await send(sidebar, `Fill in the contact form with ${NAME}`);
    await waitForPlan(sidebar);
    await sidebar.press('Escape');
    await sidebar.waitFor(() => document.querySelector('[data-testid="plan-card"]') === null, undefined, {
      message: 'Escape left the plan open',
    });
    const asked = await answerPrompt(sidebar, 'deny');
    expect(asked.tool).toBe('type_text');
    await waitUntilIdle(sidebar);
    expect(effects().slice(before)).toEqual([]);
    // Nothing was approved: no approval entry in the Action Log.
    const approvals = async () => (await actionLogEntries(sidebar)).filter((e) => e.toolName === 'approve_plan');
    expect((await approvals()).length).toBe(approvalsBefore);
  });
});
