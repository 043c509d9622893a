// The options page ("Preferences" in Firefox's add-ons manager, "Extension options" in Chrome's)
// is Bosun's own settings, read from and saved to the background like the sidebar's.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BROWSERS } from './harness';
import { DIST, useExtension } from './support/extension';
import type { PageDriver } from './harness';
import { configure, openSidebar, showView } from './support/sidebar';

/** What the background holds: every page that connects is sent the settings and the limits first. */
const held = (page: PageDriver) =>
  page.evaluate(async () => {
    const port = browser.runtime.connect({ name: 'sidebar' });
    const got: Record<string, unknown> = {};
    await new Promise<void>((resolve) => {
      port.onMessage.addListener((message) => {
        const { type, payload } = message as { type: string; payload: unknown };
        if (type === 'SETTINGS' || type === 'LIMITS') got[type] = payload;
        if ('SETTINGS' in got && 'LIMITS' in got) resolve();
      });
      setTimeout(resolve, 3000);
    });
    port.disconnect();
    return got as {
      SETTINGS?: { model: string; voice?: { maxSeconds: number } };
      LIMITS?: { maxSteps: number };
    };
  });

describe.each(BROWSERS)('the options page in %s', (browserName) => {
  const ctx = useExtension(browserName);

  it('is declared in the manifest and opens on the settings the person saved', async () => {
    const manifest = JSON.parse(readFileSync(join(DIST[browserName], 'manifest.json'), 'utf8'));
    expect(manifest.options_ui).toEqual({ page: 'options.html', open_in_tab: true });

    const sidebar = await openSidebar(ctx.session);
    await configure(sidebar, ctx.llm);
    const options = await ctx.session.openExtensionPage(manifest.options_ui.page);
    await options.waitFor(
      () =>
        document.querySelector<HTMLInputElement>('[data-testid="settings-model"]')?.value === 'test-model' &&
        document.querySelector('[data-testid="connection"]')?.className.includes('connected'),
      undefined,
      { message: 'the options page did not show the saved settings' },
    );
    expect(
      await options.evaluate(() => document.querySelector<HTMLInputElement>('[data-testid="settings-baseUrl"]')?.value),
    ).toBe(ctx.llm.baseUrl);
    await options.close();
    await sidebar.close();
  });

  it('has one Save that stores the provider, voice and limits together, and none while a field is wrong', async () => {
    const sidebar = await openSidebar(ctx.session);
    await configure(sidebar, ctx.llm);
    await sidebar.close();
    const options = await ctx.session.openExtensionPage('options.html');
    await options.waitFor(() => document.querySelector('[data-testid="limit-maxSteps"]') !== null, undefined, {
      message: 'the options page did not show the limits',
    });
    expect(await options.evaluate(() => document.querySelectorAll('form button[type="submit"]').length)).toBe(1);
    await options.fill('[data-testid="settings-model"]', 'other-model');
    await options.fill('[data-testid="voice-maxSeconds"]', '90');
    await options.fill('[data-testid="limit-maxSteps"]', '0');
    // Another view and back: the edits are still there, and still unsaved.
    await showView(options, 'log');
    await showView(options, 'settings');
    const field = (id: string) =>
      options.evaluate((s) => {
        const input = document.querySelector<HTMLInputElement>(`[data-testid="${s}"]`);
        const error = input?.getAttribute('aria-describedby');
        return {
          value: input?.value,
          invalid: input?.getAttribute('aria-invalid') === 'true',
          error: error ? document.getElementById(error)?.textContent : null,
        };
      }, id);
    expect((await field('settings-model')).value).toBe('other-model');
    expect((await field('voice-maxSeconds')).value).toBe('90');
    expect(
      await options.evaluate(() => document.querySelector('[data-testid="settings-unsaved"]')?.textContent),
    ).toMatch(/Unsaved changes/);

    await options.click('[data-testid="settings-save"]');
    await options.waitFor(() => document.querySelector('[data-testid="limit-maxSteps-error"]') !== null, undefined, {
      message: 'the wrong limit showed no error',
    });
    expect(await field('limit-maxSteps')).toEqual({
      value: '0',
      invalid: true,
      error: 'Enter a whole number of actions from 1 to 500.',
    });
    const before = await held(options);
    expect(before.SETTINGS?.model).toBe('test-model');
    expect(before.SETTINGS?.voice?.maxSeconds ?? 60).toBe(60);
    expect(before.LIMITS?.maxSteps).toBe(30);

    await options.fill('[data-testid="limit-maxSteps"]', '12');
    expect(await field('limit-maxSteps')).toEqual({ value: '12', invalid: false, error: null });
    await options.click('[data-testid="settings-save"]');
    await options.waitFor(() => document.querySelector('[data-testid="composer-input"]') !== null, undefined, {
      message: 'saving did not go back to the chat',
    });
    const after = await held(options);
    expect([after.SETTINGS?.model, after.SETTINGS?.voice?.maxSeconds, after.LIMITS?.maxSteps]).toEqual([
      'other-model',
      90,
      12,
    ]);
    await options.close();
  });
});
