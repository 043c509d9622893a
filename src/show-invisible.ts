/**
 * Characters that change how text reads without being seen. Unicode names them: the default
 * ignorable code points (zero-width space and joiners, LRM/RLM, the bidi embeddings, overrides and
 * isolates U+202A–202E and U+2066–2069 of "Trojan Source", CVE-2021-42574, word joiner, soft
 * hyphen, blank fillers, variation selectors, the tag characters U+E0000–E0FFF that can smuggle an
 * invisible copy of ASCII text) and the format characters (Cf: also the interlinear-annotation
 * controls). Line and paragraph separators break a line where the text seems to go on. The emoji
 * presentation selector U+FE0F stays: it only picks how an emoji is drawn.
 */
const HIDDEN = /(?!\uFE0F)\p{Default_Ignorable_Code_Point}|\p{Cf}|[\u2028\u2029]/gu;

/** `<U+202E>`: the code point in the notation people look up, upper-case hex, at least four digits. */
const notation = (ch: string): string => `<U+${(ch.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}>`;

/**
 * Text as it should be shown where a person decides or checks what Bosun did (permission
 * questions, the Action Log, tool results): every invisible or direction-changing character
 * becomes its visible code point, so "pay‮moc.knab" cannot read as another address. Pure, total
 * (any string in, a string out) and idempotent: its output contains none of the characters it
 * escapes.
 */
export function showInvisible(text: string): string {
  return text.replace(HIDDEN, notation);
}

/** `showInvisible` over a value's JSON, for arguments shown as data. */
export function showInvisibleJson(value: unknown, indent?: number): string {
  return showInvisible(JSON.stringify(value, null, indent) ?? '');
}
