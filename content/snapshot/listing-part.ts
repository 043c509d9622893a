import { createLabelLookup, type LabelLookup } from './labels';
import { lastListing, line, notCurrent, type Listed, type Listing } from './registry';

/** Room kept for the marker lines, so a part stays within its budget. */
const MARKERS = 160;
/** How many elements before the one asked about a part around it starts with. */
const CONTEXT = 10;
/**
 * How many entries past a part's last the walk finds: a page whose rest is that short gets an
 * exact count ("12 more elements"), for a few more elements measured; past it, the count is of
 * what was found so far. Each entry found is measured and checked for what covers it: a long
 * look ahead was a quarter of a budgeted read's walk on a large page.
 */
const LOOKAHEAD = 25;

/**
 * Lines of a listing from entry `start` (0-based) on, as many whole lines as the budget holds,
 * with markers saying what comes before and after and how to read it: a long page is read in
 * parts, never re-read whole, and its indices stay those of the one snapshot. The listing's walk
 * finds entries as the part needs them, so a part costs what it shows.
 */
export function formatPart(
  listing: Listing,
  start: number,
  maxChars = Infinity,
  labelsOf: LabelLookup = createLabelLookup(),
) {
  const { listed, isNew } = listing;
  const lines: string[] = [];
  if (start > 0) lines.push(`[… elements 1–${start} are in an earlier part of this listing]`);
  let size = 0;
  // One setting up of the walk's surroundings for the whole part, not one per line.
  return listing.within(() => {
    for (let i = start; listing.reach(i + 1); i++) {
      const next = line(i + 1, listed[i] as Listed, isNew[i] === true, labelsOf);
      if (size + next.length + 1 > maxChars - MARKERS) {
        listing.reach(i + LOOKAHEAD);
        const count = listing.complete() ? `${listed.length - i} ` : '';
        lines.push(`[… ${count}more elements not listed: read_listing with from=${i + 1} shows them]`);
        return { text: lines.join('\n'), shown: i };
      }
      lines.push(next);
      size += next.length + 1;
    }
    return { text: lines.join('\n'), shown: listed.length };
  });
}

export interface PartRequest {
  snapshotId: string;
  /** The first index to show. */
  from?: number;
  /** An index to show with the elements around it. */
  around?: number;
  /** Text of a heading: the part starts at the first element after it. */
  heading?: string;
  maxChars?: number;
}

export type Part =
  | {
      success: true;
      text: string;
      from: number;
      to: number;
      /** The entries found so far: every one of the page's when `complete`. */
      count: number;
      complete: boolean;
    }
  | { success: false; error: string };

/** READ_LISTING: another part of the last snapshot's listing, by index or by heading. */
export function readListingPart(p: PartRequest): Part {
  const last = lastListing();
  if (last?.id !== p.snapshotId) {
    const older = 'That listing is from an older reading of the page. Read the page again.';
    return {
      success: false,
      error: notCurrent(p.snapshotId, older, 'The page has not been read yet. Read the page first.'),
    };
  }
  let start = 0;
  if (p.heading !== undefined) {
    const found = afterHeading(last, p.heading);
    if (typeof found === 'string') return { success: false, error: found };
    start = found;
  } else if (p.around !== undefined) start = Math.max(0, p.around - 1 - CONTEXT);
  else if (p.from !== undefined) start = p.from - 1;
  if (!last.reach(start + 1)) {
    // A walk that cannot go on and did not end was let go (registry.ts, release).
    const error = last.complete()
      ? `The listing has ${last.listed.length} elements; there is nothing from ${start + 1} on.`
      : 'That listing expired: read the page again.';
    return { success: false, error };
  }
  const { text, shown } = formatPart(last, start, p.maxChars);
  return { success: true, text, from: start + 1, to: shown, count: last.listed.length, complete: last.complete() };
}

const squash = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim().toLowerCase();

/**
 * The position of the first listed element after the first heading whose text holds the words
 * asked for. A walk that passed the heading answers from what it listed; otherwise a walk from the
 * heading finds it (registry.ts, after), so the part measures its section, not the page before it.
 */
function afterHeading(listing: Listing, wanted: string): number | string {
  const words = squash(wanted);
  const headings = document.querySelectorAll('h1, h2, h3, h4, h5, h6, [role="heading"]');
  const heading = [...headings].find((h) => squash(h.textContent).includes(words));
  if (!heading) return `No heading on the page contains "${wanted}".`;
  const found = listing.after(heading);
  if (found === 'expired') return 'That listing expired: read the page again.';
  return found ?? `Nothing that can be operated comes after the heading "${wanted}".`;
}
