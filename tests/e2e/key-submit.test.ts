// A key that submits a form is judged as the submit it is. The site is trusted for interacting,
// not for submitting, so only a press_key judged at "submit" raises the question.
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BROWSERS, type PageDriver } from './harness';
import { answerPrompt, noPromptFor, openOnly, waitForPrompt, waitUntilIdle } from './support/agent';
import { useConfiguredSidebar } from './support/configured-sidebar';
import { setSiteRule } from './support/permissions';
import { answer, call } from './support/scripted-turns';
import { send, showView } from './support/sidebar';

type Body = { messages: { role: string; content: unknown }[] };

function keySubmitCases(browserName: 'chromium' | 'firefox', options: { trusted?: boolean } = {}) {
  const ctx = useConfiguredSidebar(browserName, {
    launch: options.trusted ? { grantOptional: ['debugger'] } : {},
    fresh: true,
  });
  const { site, sidebar } = ctx;

  let form: PageDriver;
  const result = () => form.evaluate(() => document.getElementById('result')?.textContent ?? '');
  const lastToolResult = () =>
    (ctx.llm.requests.at(-1)?.body as Body).messages.filter((m) => m.role === 'tool').at(-1)?.content;

  beforeAll(async () => {
    // The site is trusted up to interacting: clicks and keys run, submitting asks.
    await setSiteRule(sidebar, '127.0.0.1', 'interact');
    if (options.trusted) {
      await showView(sidebar, 'settings');
      await sidebar.click('[data-testid="trusted-input-switch"]');
      await sidebar.waitFor(
        () => document.querySelector<HTMLInputElement>('[data-testid="trusted-input-switch"]')?.checked,
        undefined,
        { message: 'trusted input was not turned on' },
      );
      await showView(sidebar, 'chat');
    }
  });
  beforeEach(async () => {
    form = await openOnly(ctx.session, sidebar, site.url('form.html'));
    await form.fill('#name', 'Ada');
  });

  it('asks at the submit level for Enter in a form field, and a deny leaves the form unsent', async () => {
    ctx.llm.script(
      call('press_key', { selector: '#name', key: 'Tab' }),
      call('press_key', { selector: '#name', key: 'Enter' }),
      answer('I did not send it.'),
    );
    await send(sidebar, 'Fill in the contact form');
    // Tab moves focus: an interaction, allowed without a question.
    const prompt = await answerPrompt(sidebar, 'deny');
    expect(prompt).toMatchObject({ tool: 'press_key', level: 'submit', summary: 'press Enter on textbox "Name"' });
    await waitUntilIdle(sidebar);
    expect(lastToolResult()).toMatch(/^Denied by the user\./);
    expect(await result()).toBe('');
  });

  it('judges the focused field when press_key names no element', async () => {
    ctx.llm.script(
      call('click_element', { selector: '#name' }),
      call('press_key', { key: 'Enter' }),
      answer('I did not send it.'),
    );
    await send(sidebar, 'Fill in the contact form');
    const prompt = await answerPrompt(sidebar, 'deny');
    expect(prompt).toMatchObject({ tool: 'press_key', level: 'submit', summary: 'press Enter on textbox "Name"' });
    await waitUntilIdle(sidebar);
    expect(await result()).toBe('');
  });

  it('follows the focus into a frame: Enter in its form field is judged at submit', async () => {
    const framed = await openOnly(ctx.session, sidebar, site.url('framed-form.html'));
    await framed.waitFor(() => {
      const inner = document.querySelector<HTMLIFrameElement>('#contact')?.contentDocument;
      const name = inner?.getElementById('name') as HTMLInputElement | null | undefined;
      if (inner?.readyState !== 'complete' || !name) return false;
      name.value = 'Ada';
      name.focus();
      return inner.activeElement === name;
    });
    ctx.llm.script(call('press_key', { key: 'Enter' }), answer('I did not send it.'));
    await send(sidebar, 'Send the contact form');
    const prompt = await answerPrompt(sidebar, 'deny');
    expect(prompt).toMatchObject({ tool: 'press_key', level: 'submit', summary: 'press Enter on textbox "Name"' });
    await waitUntilIdle(sidebar);
    const sent = await framed.evaluate(
      () =>
        document.querySelector<HTMLIFrameElement>('#contact')?.contentDocument?.getElementById('result')?.textContent,
    );
    expect(sent).toBe('');
  });

  it('lets Enter in the text area (a new line) run as an interaction, without a question', async () => {
    ctx.llm.script(call('press_key', { selector: '#message', key: 'Enter' }), answer('A new line.'));
    await send(sidebar, 'Start a new line in the message');
    expect(await noPromptFor(sidebar, 1500)).toBe(true);
    await waitUntilIdle(sidebar);
    expect(await result()).toBe('');
  });

  it('submits the form once the person allows the Enter, as a browser would', async () => {
    ctx.llm.script(call('press_key', { selector: '#name', key: 'Enter' }), answer('Sent.'));
    await send(sidebar, 'Send the contact form');
    const prompt = await waitForPrompt(sidebar);
    expect(prompt.level).toBe('submit');
    await answerPrompt(sidebar, 'allow-once');
    await waitUntilIdle(sidebar);
    await form.waitFor(() => document.getElementById('result')?.textContent === 'Thanks, Ada', undefined, {
      message: 'the allowed Enter did not submit the form',
    });
  });
}

describe.each(BROWSERS)('a key that submits, with script events, in %s', (browserName) => {
  keySubmitCases(browserName);
});

describe('a key that submits, with trusted input, in chromium', () => {
  keySubmitCases('chromium', { trusted: true });
});
