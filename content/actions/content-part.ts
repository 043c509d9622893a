/** The most get_page_content gives back in one answer, whatever budget it is asked for. */
export const MAX_CONTENT = 200_000;

/**
 * The part of a page's or element's content that fits one answer: `budget` characters from `from`,
 * with a marker saying how many are left and how to read them (the next `from`), since a text cut
 * without one reads as the whole of it.
 */
export function contentPart(raw: string, from = 0, budget = MAX_CONTENT): string {
  const size = Math.max(1, Math.min(budget, MAX_CONTENT));
  if (from > 0 && from >= raw.length)
    return `[… nothing from character ${from}: the content has ${raw.length} characters]`;
  const part = raw.slice(from, from + size);
  const next = from + part.length;
  const rest = raw.length - next;
  return rest > 0
    ? `${part}\n[… cut at the page budget: ${rest} more characters; read them with get_page_content and from ${next}]`
    : part;
}
