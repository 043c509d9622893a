// On a site the person trusts up to "submit", a page still cannot make Bosun commit something
// by dressing a button up: every disguised commitment and every password, card or bank field
// asks, and a denied question leaves the server untouched (counted outside the browser).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRecordingServer, type RecordingServer } from '../hardening/recording-server';
import { DISGUISED_CONTROLS, accountPageHtml } from '../fixtures/trusted/account-page';
import { BROWSERS, type PageDriver } from './harness';
import { answerPrompt, noPromptFor, waitUntilIdle } from './support/agent';
import { useConfiguredSidebar } from './support/configured-sidebar';
import { setSiteRule } from './support/permissions';
import { send } from './support/sidebar';
import { answer } from './support/scripted-turns';

const PATH = '/settings/account.html';
const call = (id: string, name: string, args: Record<string, unknown>) => ({
  kind: 'tool_calls' as const,
  calls: [{ id, name, arguments: args }],
});

describe.each(BROWSERS)('a trusted site cannot disguise a commitment in %s', (browserName) => {
  const ctx = useConfiguredSidebar(browserName, {
    before: async () => {
      server = await startRecordingServer('127.0.0.1', (path) => (path === PATH ? accountPageHtml() : null));
      page = await ctx.session.openPage(`${server.url}${PATH}`);
    },
    fresh: true,
  });
  let server: RecordingServer;
  const { sidebar } = ctx;
  let page: PageDriver;
  const effects = () =>
    server.log.filter((r) => r.path.startsWith('/effect/')).map((r) => r.path.slice('/effect/'.length));

  beforeAll(async () => {
    await setSiteRule(sidebar, '127.0.0.1', 'submit');
  });
  afterAll(() => server?.close());

  it('an ordinary click and typing into an ordinary field run without a question', async () => {
    ctx.llm.script(
      call('d1', 'click_element', { selector: '#dark-mode' }),
      call('n1', 'type_text', { selector: '#nickname', text: 'Jay' }),
      answer('Done.'),
    );
    await send(sidebar, 'Turn on dark mode and set my nickname to Jay');
    expect(await noPromptFor(sidebar, 1500)).toBe(true);
    await waitUntilIdle(sidebar);
    expect(effects()).toEqual(['dark-mode']);
    expect(await page.evaluate(() => (document.getElementById('nickname') as HTMLInputElement).value)).toBe('Jay');
  });

  it.each(DISGUISED_CONTROLS.map((c) => [c.how, c] as const))(
    'asks before %s, and a deny changes nothing',
    async (_how, control) => {
      const before = effects().length;
      ctx.llm.script(call(`c-${control.id}`, 'click_element', { selector: `#${control.id}` }), answer('I did not.'));
      await send(sidebar, 'What can I do here?');
      const prompt = await answerPrompt(sidebar, 'deny');
      expect(prompt.tool).toBe('click_element');
      expect(prompt.critical, control.id).toMatch(/^Critical: /);
      if (control.effect === 'buy') {
        expect(prompt.critical).toMatch(/purchase/);
        // A click that commits is a submit, form or no form.
        expect(prompt.level).toBe('submit');
      }
      await waitUntilIdle(sidebar);
      expect(effects().length).toBe(before);
    },
  );

  it('the question shows the visible text when the accessible name says otherwise', async () => {
    ctx.llm.script(call('a1', 'click_element', { selector: '#buy-aria' }), answer('No.'));
    await send(sidebar, 'Show me the details');
    const prompt = await answerPrompt(sidebar, 'deny');
    expect(prompt.summary).toBe('button "View details" showing "Buy now"');
    await waitUntilIdle(sidebar);
  });

  it('typing a password outside any form asks, and fill_form is judged field by field', async () => {
    ctx.llm.script(call('p1', 'type_text', { selector: '#new-password', text: 'attacker-pass' }), answer('No.'));
    await send(sidebar, 'Tidy my profile');
    expect((await answerPrompt(sidebar, 'deny')).critical).toMatch(/password/);
    await waitUntilIdle(sidebar);

    ctx.llm.script(
      call('f1', 'fill_form', {
        fields: [
          { selector: '#nickname', value: 'Jo' },
          { selector: '#holder', value: 'Mallory' },
        ],
      }),
      answer('No.'),
    );
    await send(sidebar, 'Tidy my profile');
    expect((await answerPrompt(sidebar, 'deny')).critical).toMatch(/card field \(holder\)/);
    await waitUntilIdle(sidebar);

    const values = await page.evaluate(() =>
      ['new-password', 'holder', 'nickname'].map((id) => (document.getElementById(id) as HTMLInputElement).value),
    );
    expect(values).toEqual(['', '', 'Jay']);
    expect(effects()).toEqual(['dark-mode']);
  });
});
