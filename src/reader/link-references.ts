// A page's navigation repeats the same addresses (a table of contents and the headings it points to,
// a menu at the top and again at the foot): written inline each time, they are most of a big page's
// markdown. Here a link whose address recurs is written `[text][3]`, with `[3]: address` once at the end.

/** An inline link's address as the writer writes it: resolved, without spaces or parentheses (see safe-link.ts). */
const LINK_TARGET = /(\\*)\]\(([^()\s]+)\)/g;
const FENCE = /^```/;

/** The markdown's lines cut into runs of prose and of fenced code, in order. */
function segments(markdown: string): { text: string; code: boolean }[] {
  const out: { text: string; code: boolean }[] = [];
  let code = false;
  let run: string[] = [];
  const end = () => {
    if (run.length > 0) out.push({ text: run.join('\n'), code });
    run = [];
  };
  for (const line of markdown.split('\n')) {
    if (!FENCE.test(line)) {
      run.push(line);
      continue;
    }
    // A fence line belongs to the code it opens or closes.
    if (!code) end();
    run.push(line);
    if (code) end();
    code = !code;
  }
  end();
  return out;
}

/**
 * `markdown` with each address that more than one link uses written once, as a reference definition
 * at the end, where that makes the text shorter (it never makes it longer, so a budget still holds).
 * Code blocks are left as they are: a link there is text the page shows.
 */
export function withLinkReferences(markdown: string): string {
  const parts = segments(markdown);
  const uses = new Map<string, number>();
  for (const part of parts) {
    if (part.code) continue;
    for (const [, escapes, url] of part.text.matchAll(LINK_TARGET))
      if ((escapes as string).length % 2 === 0) uses.set(url as string, (uses.get(url as string) ?? 0) + 1);
  }
  const numbers = new Map<string, number>();
  for (const [url, count] of uses) {
    const label = String(numbers.size + 1);
    // Inline: count × "(url)"; referenced: count × "[n]" and one "\n[n]: url".
    if (count * (url.length + 2) > count * (label.length + 2) + label.length + url.length + 4)
      numbers.set(url, numbers.size + 1);
  }
  if (numbers.size === 0) return markdown;
  const body = parts
    .map((part) =>
      part.code
        ? part.text
        : part.text.replace(LINK_TARGET, (whole, escapes: string, url: string) => {
            const n = escapes.length % 2 === 0 ? numbers.get(url) : undefined;
            return n === undefined ? whole : `${escapes}][${n}]`;
          }),
    )
    .join('\n');
  const definitions = [...numbers].map(([url, n]) => `[${n}]: ${url}`).join('\n');
  return `${body}\n\n${definitions}`;
}
