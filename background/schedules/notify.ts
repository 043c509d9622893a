import { browser } from '../../src/platform/browser';

/**
 * A browser notification, where the person allowed them (an optional permission, asked for when
 * they make their first schedule); without it, the run's note in the Research view is all there is.
 */
export async function notifyPerson(title: string, message: string): Promise<void> {
  const allowed = await browser.permissions.contains({ permissions: ['notifications'] }).catch(() => false);
  if (!allowed) return;
  await browser.notifications
    .create({ type: 'basic', iconUrl: browser.runtime.getURL('icons/icon-128.png'), title, message })
    .catch((error: unknown) => console.warn('Bosun: the notification could not be shown:', error));
}
