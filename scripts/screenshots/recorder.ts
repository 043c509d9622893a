import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PageDriver } from '../../tests/e2e/harness';
import { decodePng } from './png-decode';
import type { Frame } from './gif-encode';

/** How often the page is photographed while recording; a screenshot itself takes about a tenth of a second. */
const CADENCE_MS = 250;

/**
 * Records what a page shows: a screenshot every CADENCE_MS, kept only when it differs from the one
 * before, each frame shown until the next one changed something. `stop` ends the recording and
 * gives the frames, the last held for `holdMs`; `discard` ends it and keeps nothing.
 */
export async function startRecording(page: PageDriver, size: { width: number; height: number }) {
  const dir = await mkdtemp(join(tmpdir(), 'bosun-recording-'));
  const shots: { png: Buffer; at: number }[] = [];
  let stopped = false;
  const loop = (async () => {
    for (let n = 0; !stopped; n++) {
      const at = Date.now();
      const path = join(dir, `${n}.png`);
      await page.screenshot(path, size);
      const png = await readFile(path);
      if (!shots.at(-1)?.png.equals(png)) shots.push({ png, at });
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, CADENCE_MS - (Date.now() - at))));
    }
  })();
  const finish = async () => {
    stopped = true;
    try {
      await loop;
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  };
  return {
    async stop(holdMs: number): Promise<Frame[]> {
      await finish();
      return shots.map((shot, i) => ({
        image: decodePng(shot.png),
        delayMs: i + 1 < shots.length ? shots[i + 1]!.at - shot.at : holdMs,
      }));
    },
    /** Ends a recording whose task failed: its error is the one to report, not a screenshot's of a closing page. */
    discard: () => finish().catch(() => undefined),
  };
}
