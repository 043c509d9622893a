import { describe, expect, it } from 'vitest';
import { BROWSERS } from './harness';
import { useAbpPage } from './support/abp';
import { answerPrompt, noPromptFor } from './support/agent';
import { useConfiguredSidebar } from './support/configured-sidebar';
import { indexByLabel } from './support/listing';

/** An agent drives keys, drags and several options through ABP page.act, each through the permission gate. */
describe.each(BROWSERS)('ABP page.act with keys and the pointer in %s', (browserName) => {
  const ctx = useConfiguredSidebar(browserName);
  const { site, sidebar } = ctx;
  const { call, data } = useAbpPage(ctx, { initialized: true });

  /** One page.act call, allowed once when the person is asked; returns the result and the level asked at. */
  async function act(tabId: number, action: string, args: object) {
    const pending = call('page.act', { tabId, action, args });
    const prompt = await answerPrompt(sidebar, 'allow-once');
    return { reply: await pending, prompt };
  }

  it('presses keys on a slider, drags a sortable item, chooses several options, and refuses bad args', async () => {
    const page = await ctx.session.openPage(site.url('widgets/keyboard.html'));
    let read = await data('page.read', { url: site.url('widgets/keyboard.html') });
    const tabId = read.tabId as number;
    const slider = indexByLabel(read.content as string, 'slider', 'Volume');
    const pressed = await act(tabId, 'press_key', { index: slider, key: 'End' });
    expect(pressed.prompt).toMatchObject({
      tool: 'press_key',
      level: 'interact',
      summary: 'press End on slider "Volume"',
    });
    expect(pressed.reply).toMatchObject({
      success: true,
      data: {
        action: 'press_key',
        result: expect.stringMatching(/Pressed End on \[\d+\] slider "Volume".*it now shows =100/),
      },
    });
    expect(await page.evaluate(() => document.getElementById('volume-out')?.textContent)).toBe('100');

    const badKey = await call('page.act', { tabId, action: 'press_key', args: { key: '' } });
    expect(badKey).toMatchObject({
      success: false,
      error: { code: 'INVALID_PARAMS', message: expect.stringMatching(/press_key/) },
    });
    expect(await call('page.act', { tabId, action: 'press_key', args: { key: 'Hyper+Q' } })).toMatchObject({
      success: false,
      error: { code: 'INVALID_PARAMS', message: expect.stringMatching(/Unknown modifier "Hyper" in "Hyper\+Q"/) },
    });
    const bothTargets = await call('page.act', { tabId, action: 'drag', args: { index: 1, to: 2, dx: 5 } });
    expect(bothTargets).toMatchObject({
      success: false,
      error: { code: 'INVALID_PARAMS', message: expect.stringMatching(/give either to, toSelector or dx\/dy/) },
    });
    expect(await noPromptFor(sidebar, 300)).toBe(true);
    await page.close();

    const pointer = await ctx.session.openPage(site.url('widgets/pointer.html'));
    read = await data('page.read', { url: site.url('widgets/pointer.html') });
    const content = read.content as string;
    const dragged = await act(read.tabId as number, 'drag', {
      index: indexByLabel(content, 'clickable', 'Book flights'),
      to: indexByLabel(content, 'clickable', 'Write report'),
    });
    expect(dragged.prompt.summary).toBe('drag li "Book flights" onto li "Write report"');
    expect(dragged.reply).toMatchObject({ success: true, data: { action: 'drag' } });
    expect(await pointer.evaluate(() => document.getElementById('order')?.textContent)).toBe(
      'Book flights > Write report > Call the bank > Water plants',
    );
    await pointer.close();

    const choices = await ctx.session.openPage(site.url('widgets/choices.html'));
    read = await data('page.read', { url: site.url('widgets/choices.html') });
    const chosen = await act(read.tabId as number, 'select_option', {
      index: indexByLabel(read.content as string, 'select', 'Toppings'),
      options: ['Ham', 'Olives'],
    });
    expect(chosen.prompt.summary).toMatch(/^select "Toppings".*: choose "Ham", "Olives"$/);
    expect(chosen.reply).toMatchObject({ success: true });
    expect(await choices.evaluate(() => document.getElementById('log')?.textContent)).toBe('toppings: olives, ham');
    await choices.close();
  });

  it('a new-tab link the page turns into an in-page preview answers at once, by selector and tab address', async () => {
    const url = site.url('widgets/quick-view.html');
    const page = await ctx.session.openPage(url);
    await data('page.read', { url });
    const pending = call('page.act', { url, action: 'click_element', args: { selector: 'a.quick-view' } });
    await answerPrompt(sidebar, 'allow-once');
    const answered = Date.now();
    expect(await pending).toMatchObject({
      success: true,
      data: { result: expect.stringMatching(/Clicked .*; the page handled it and opened no new tab/) },
    });
    // No wait for a tab that never opens (a followed link waits up to 3 s for its tab).
    expect(Date.now() - answered).toBeLessThan(3_000);
    expect(await page.evaluate(() => document.getElementById('preview-name')?.textContent)).toBe('Trail Runner 2');
    await page.close();
  });
});
