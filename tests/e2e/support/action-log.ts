// The Action Log as the background keeps it, asked for over a sidebar port (GET_ACTION_LOG).
import type { ActionLogEntry } from '../../../background/storage/db';
import type { PageDriver } from '../harness';

/** Every entry, oldest first, as an extension page of Bosun's receives them. */
export function actionLogEntries(page: PageDriver): Promise<ActionLogEntry[]> {
  return page.evaluate(async () => {
    const port = browser.runtime.connect({ name: 'sidebar' });
    try {
      return await new Promise<ActionLogEntry[]>((resolve, reject) => {
        setTimeout(() => reject(new Error('the Action Log did not come within 10 s')), 10_000);
        port.onMessage.addListener((m) => {
          const message = m as { type: string; payload: { entries: ActionLogEntry[] } };
          if (message.type === 'ACTION_LOG') resolve(message.payload.entries);
        });
        port.postMessage({ type: 'GET_ACTION_LOG' });
      });
    } finally {
      port.disconnect();
    }
  });
}
