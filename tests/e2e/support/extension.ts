import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { launchExtension, type BrowserName, type ExtensionSession, type LaunchOptions } from '../harness';
import { startLlmServer, type LlmServer, type LlmServerOptions } from '../../fixtures/llm-server';

export const DIST = { chromium: join('dist', 'chrome'), firefox: join('dist', 'firefox') } as const;

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
    context.session = await launchExtension(browserName, DIST[browserName], launchOptions);
  });
  // An uncaught error or console.error in the background fails the test that caused it.
  afterEach(() => expect(context.session.backgroundErrors()).toEqual([]));
  afterAll(async () => {
    await context.session?.close();
    await context.llm?.close();
  });
  return context;
}
