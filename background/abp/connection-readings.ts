import { forgetReadings } from '../content-channel/forget-readings';

/**
 * The readings of each ABP connection (the ABP page's port, an attached agent's link), by its run:
 * the last page.read snapshot of each tab its calls read. When the connection ends, those pages let
 * go of the listings and the elements they hold, as they do when a chat task ends, rather than
 * keeping them until their idle time runs out. A page read since by someone else keeps its newer one.
 */
export interface ConnectionReadings {
  remember(runId: string, tabId: number, snapshotId: string): void;
  end(runId: string): void;
}

export function createConnectionReadings(
  forget: (readings: ReadonlyMap<number, string>) => Promise<void> = forgetReadings,
): ConnectionReadings {
  const byRun = new Map<string, Map<number, string>>();
  return {
    remember(runId, tabId, snapshotId) {
      let readings = byRun.get(runId);
      if (!readings) byRun.set(runId, (readings = new Map()));
      readings.set(tabId, snapshotId);
    },
    end(runId) {
      const readings = byRun.get(runId);
      byRun.delete(runId);
      if (readings) void forget(readings);
    },
  };
}
