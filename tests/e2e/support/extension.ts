import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';
import { launchExtension, type BrowserName, type ExtensionSession, type LaunchOptions } from '../harness';
import { canShare, connectFirefox } from '../harness/firefox-shared';
import { startLlmServer, type LlmServer, type LlmServerOptions } from '../../fixtures/llm-server';

export const DIST = { chromium: join('dist', 'chrome'), firefox: join('dist', 'firefox') } as const;

/**
 * This worker's shared Firefox, for a file that needs no profile or quota of its own: the add-on is
 * installed fresh in it, under an origin of its own.
 */
const sharedFirefox = () => inject('firefoxEndpoints')[Number(process.env.VITEST_POOL_ID ?? '1') - 1];

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
    const shared = browserName === 'firefox' && canShare(launchOptions) ? sharedFirefox() : undefined;
    context.session = shared
      ? await connectFirefox(shared, DIST.firefox, launchOptions)
      : await launchExtension(browserName, DIST[browserName], launchOptions);
  });
  // An uncaught error or console.error in the background fails the test that caused it.
  afterEach(() => expect(context.session.backgroundErrors()).toEqual([]));
  afterAll(async () => {
    await context.session?.close();
    await context.llm?.close();
  });
  return context;
}
