import { browser } from '../../src/platform/browser';

const KEY = 'browserSessionStart';

/**
 * When this browser session began, as Bosun can tell: the first start of its background since the
 * browser opened (the browser empties `storage.session` when it closes), `now` being this background's
 * start; later starts in the same session (a stopped background woken again) read it back. The
 * runtime.onStartup listener (index.ts) makes that first start the browser's own.
 */
export async function browserSessionStart(now: number): Promise<number> {
  const kept = (await browser.storage.session.get(KEY))[KEY];
  if (typeof kept === 'number') return kept;
  await browser.storage.session.set({ [KEY]: now });
  return now;
}
