import { join } from 'node:path';
import { launchExtension, type BrowserName, type PageDriver } from '../../tests/e2e/harness';
import { configure } from '../../tests/e2e/support/sidebar';
import { startLlmServer, type LlmServer } from '../../tests/fixtures/llm-server';
import { startStaticServer } from '../../tests/fixtures/static-server';

/**
 * The test site, from the repository root: these scripts run bundled into node_modules/.cache, where
 * the fixtures' own `testSiteDir` (found from the module's address) names a folder that is not there.
 */
const SITE_DIR = 'tests/fixtures/site';
const DIST: Record<BrowserName, string> = { chromium: 'dist/chrome', firefox: 'dist/firefox' };

/**
 * The built extension in `browserName`, on the test site's product page, with its sidebar connected
 * and set up for the scripted model server; `use` gets the sidebar and the server, then all is closed.
 */
export async function withSidebar<T>(
  browserName: BrowserName,
  root: string,
  use: (sidebar: PageDriver, llm: LlmServer) => Promise<T>,
): Promise<T> {
  const llm = await startLlmServer();
  const site = await startStaticServer(join(root, SITE_DIR));
  const session = await launchExtension(browserName, join(root, DIST[browserName]));
  try {
    await session.openPage(`${site.url}/product.html`);
    const sidebar = await session.openExtensionPage('sidebar.html');
    await sidebar.waitFor(
      () => document.querySelector('[data-testid="connection"]')?.className.includes('connected'),
      undefined,
      { message: 'the sidebar did not connect' },
    );
    await configure(sidebar, llm, '', 'openai');
    return await use(sidebar, llm);
  } finally {
    await session.close();
    await site.close();
    await llm.close();
  }
}
