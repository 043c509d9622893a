// The options page ("Preferences" in Firefox's add-ons manager, "Extension options" in Chrome's)
// is Bosun's own settings, read from and saved to the background like the sidebar's.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BROWSERS } from './harness';
import { DIST, useExtension } from './support/extension';
import { configure, openSidebar } from './support/sidebar';

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
});
