// What the in-page bundle exposes on `window.__bench`, shared by in-page.ts and the runner.
import type { SnapshotOptions } from '../../content/snapshot/take-snapshot';

/** One timed call, measured inside the page with performance.now(). */
export interface Figure {
  ms: number;
  /** Elements visited (floor), listed (snapshot) or 0. */
  count: number;
  /** Length of the text produced. */
  chars: number;
  truncated: boolean;
}

export interface BenchApi {
  /** Collects garbage (when exposed) and flushes style and layout, so the next call starts clean. */
  settle(): void;
  /**
   * The smallest change a live page makes (one element added and removed), so the next call
   * meets the invalidated browser caches that a real page, changing all the time, leaves.
   */
  touch(): void;
  /** The least any snapshot must do: visit every element, shadow roots and frames included, and read its box. */
  floor(): Figure;
  snapshot(options?: SnapshotOptions): Figure;
  /** A full snapshot that also draws the numbered boxes. */
  highlight(): Figure;
  /** Removes the boxes drawn by highlight(). */
  cleanup(): Figure;
  /** The least any drawing on the page costs: one labelled box added, then layout. */
  writeFloor(): Figure;
  markdown(): Figure;
  /** Positions, in the floor's walk order, of the elements the last snapshot's text shows. */
  shownPositions(): number[];
  /** The floor of a budgeted read: one walk over every element (no snapshot finds them without one), reading the box of those at `positions`. */
  floorOf(positions: number[]): Figure;
}

export interface BenchWindow {
  __bench: BenchApi;
}
