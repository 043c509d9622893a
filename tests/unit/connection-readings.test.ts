import { describe, expect, it } from 'vitest';
import { createConnectionReadings } from '../../background/abp/connection-readings';

describe('the readings of ABP connections', () => {
  it("forgets, when a connection ends, each tab's last reading by that connection, and only those", () => {
    const forgotten: [number, string][][] = [];
    const readings = createConnectionReadings(async (read) => void forgotten.push([...read]));
    readings.remember('page-a', 1, 's1');
    readings.remember('page-a', 1, 's2');
    readings.remember('page-a', 2, 's3');
    readings.remember('agent-b', 1, 's4');
    readings.end('page-a');
    expect(forgotten).toEqual([
      [
        [1, 's2'],
        [2, 's3'],
      ],
    ]);
    // Ended once: a second end, or one of a connection that read nothing, has nothing to let go.
    readings.end('page-a');
    readings.end('never-read');
    expect(forgotten).toHaveLength(1);
    readings.end('agent-b');
    expect(forgotten.at(-1)).toEqual([[1, 's4']]);
  });
});
