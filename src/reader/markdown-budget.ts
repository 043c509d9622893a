// Text-level finishing of the markdown: blank-line collapsing and the size budget. Both are line scans,
// linear in the length of the markdown.

const FENCE_OPEN = /^\s*(`{3,}|~{3,})/;
// Room kept under the budget for the closing fence (if the cut lands in a code block) and the marker line.
const MARKER_ROOM = 64;

/**
 * Collapses runs of blank lines to one and drops trailing spaces (form controls and removed images leave them;
 * a two-space hard break means nothing to a reader of the raw text), except inside fenced code, where every
 * character is content. Trims the whole.
 */
export function tidyMarkdown(markdown: string): string {
  const out: string[] = [];
  const fences = fenceTracker();
  let previousBlank = true; // true at the start drops leading blank lines
  for (const line of markdown.split('\n')) {
    const inCode = fences.inside();
    fences.see(line);
    const blank = !inCode && line.trim() === '';
    if (blank && previousBlank) continue;
    out.push(blank ? '' : inCode ? line : line.trimEnd());
    previousBlank = blank;
  }
  return out.join('\n').trim();
}

/**
 * Cuts `markdown` to at most `maxChars` characters at the last block boundary (blank line) before the budget,
 * or at the last line end when a single block is longer, never inside a line, and appends a marker line
 * saying how much was left out. `complete` false means the markdown is only the start of the page's (a read
 * that stopped at the budget): the marker then says the page goes on instead of counting what follows.
 */
export function truncateMarkdown(
  markdown: string,
  maxChars: number,
  complete = true,
): { markdown: string; truncated: boolean } {
  if (markdown.length <= maxChars && complete) return { markdown, truncated: false };
  const budget = Math.max(0, maxChars - MARKER_ROOM);
  let cut = markdown.lastIndexOf('\n\n', budget);
  if (cut <= 0) cut = markdown.lastIndexOf('\n', budget);
  if (cut < 0) cut = 0;
  let kept = markdown.slice(0, cut).trimEnd();
  const fence = openFence(kept);
  if (fence) kept += `\n${fence}`;
  const marker = complete
    ? `[… truncated: ${markdown.slice(cut).trim().length} more characters]`
    : '[… truncated: the page goes on]';
  return { markdown: kept ? `${kept}\n\n${marker}` : marker, truncated: true };
}

/** The fence that is still open at the end of `markdown`, if a cut landed inside a code block. */
function openFence(markdown: string): string | null {
  const fences = fenceTracker();
  for (const line of markdown.split('\n')) fences.see(line);
  return fences.current();
}

function fenceTracker(): { see(line: string): void; inside(): boolean; current(): string | null } {
  let open: string | null = null;
  return {
    see(line) {
      const marker = FENCE_OPEN.exec(line)?.[1];
      if (!marker) return;
      if (open === null) open = marker;
      // CommonMark: a closing fence uses the same character, at least as many, and nothing after it.
      else if (marker[0] === open[0] && marker.length >= open.length && line.trim() === marker) open = null;
    },
    inside: () => open !== null,
    current: () => open,
  };
}
