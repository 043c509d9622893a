import { ContentResponses } from '../../src/protocol/background-to-content';
import { askContent } from './content-client';

/**
 * A task has ended: each page it read lets go of that reading's listing and the elements it holds
 * (a page read again since keeps its newer one). A tab closed or navigated meanwhile has nothing to
 * let go, and failing never fails the task.
 */
export async function forgetReadings(readings: ReadonlyMap<number, string>): Promise<void> {
  await Promise.all(
    [...readings].map(([tabId, snapshotId]) =>
      askContent(tabId, { type: 'FORGET_READING', payload: { snapshotId } }, ContentResponses.ACTION).catch(
        () => undefined,
      ),
    ),
  );
}
