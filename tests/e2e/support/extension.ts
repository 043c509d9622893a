import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';
import { launchExtension, type BrowserName, type ExtensionSession, type LaunchOptions } from '../harness';
import { canShareChromium, connectChromium } from '../harness/chromium-shared';
import { canShareFirefox, connectFirefox } from '../harness/firefox-shared';
import { startLlmServer, type LlmServer, type LlmServerOptions } from '../../fixtures/llm-server';

export const DIST = { chromium: join('dist', 'chrome'), firefox: join('dist', 'firefox') } as const;

/** This worker's shared browsers (VITEST_POOL_ID 1, 2, …): see global-setup.ts. */
const worker = () => Number(process.env.VITEST_POOL_ID ?? '1') - 1;

/**
 * A session in this worker's shared browser when the file needs no profile or launch of its own:
 * the extension is installed fresh in it, under an origin of its own. Otherwise a browser of its own.
 */
function openSession(browserName: BrowserName, options: LaunchOptions): Promise<ExtensionSession> {
  if (browserName === 'chromium' && canShareChromium(options))
    return connectChromium(inject('sharedChromiums')[worker()]!, DIST.chromium, options);
  if (browserName === 'firefox' && canShareFirefox(options))
    return connectFirefox(inject('firefoxEndpoints')[worker()]!, DIST.firefox, options);
  return launchExtension(browserName, DIST[browserName], options);
}

/**
 * One browser with the built extension and one scripted LLM server for a whole test file:
 * launching a browser costs seconds, so tests in a file share it and reset what they use.
 */
export function useExtension(
  browserName: BrowserName,
  llmOptions: LlmServerOptions = {},
  launchOptions: LaunchOptions = {},
) {
  const context = {} as { session: ExtensionSession; llm: LlmServer };
  beforeAll(async () => {
    context.llm = await startLlmServer(llmOptions);
    context.session = await openSession(browserName, launchOptions);
  });
  // An uncaught error or console.error in the background fails the test that caused it.
  afterEach(() => expect(context.session.backgroundErrors()).toEqual([]));
  afterAll(async () => {
    await context.session?.close();
    await context.llm?.close();
  });
  return context;
}
