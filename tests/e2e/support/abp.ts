import { beforeAll } from 'vitest';
import type { ExtensionSession, PageDriver } from '../harness';

export type Envelope =
  | { success: true; data: Record<string, unknown> }
  | { success: false; error: { code: string; message: string; retryable: boolean } };

/**
 * abp-app.html opened for a test file, with `call` (the envelope as the page answers it) and
 * `data` (the data of a success; a failure throws). `initialized` opens the session as an agent
 * would, for files that test capabilities rather than the protocol.
 */
export function useAbpPage(ctx: { session: ExtensionSession }, options: { initialized: boolean }) {
  const abp = {
    page: undefined as unknown as PageDriver,
    call: (capability: unknown, params?: unknown): Promise<Envelope> =>
      abp.page.evaluate(({ capability, params }) => window.abp.call(capability, params), { capability, params }),
    /** Ends the session and opens another: a session's calls share one run, and its denials with it. */
    newSession: () =>
      abp.page.evaluate(async () => {
        await window.abp.shutdown();
        await window.abp.initialize({ agent: { name: 'e2e' }, protocolVersion: '0.1', features: {} });
      }),
    async data(capability: string, params?: unknown): Promise<Record<string, unknown>> {
      const response = await abp.call(capability, params);
      if (!response.success) throw new Error(`${capability} failed: ${JSON.stringify(response.error)}`);
      return response.data;
    },
  };
  beforeAll(async () => {
    abp.page = await ctx.session.openExtensionPage('abp-app.html');
    if (options.initialized)
      await abp.page.evaluate(() =>
        window.abp.initialize({ agent: { name: 'e2e' }, protocolVersion: '0.1', features: {} }),
      );
  });
  return abp;
}
