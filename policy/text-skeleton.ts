/**
 * Text a page controls is untrusted: what a person reads as "Buy" can be spelled with Cyrillic or
 * Greek letters, split by invisible or bidi characters, or decorated with combining marks. The
 * critical-action check matches its words on two forms of a label: the NFKC form without invisible
 * characters (so "löschen" stays itself), and a Latin skeleton (marks removed, look-alike letters
 * folded to the Latin letter they imitate), so a disguise only changes which form matches.
 */

/**
 * Characters that render as nothing or reorder text: every format character (\p{Cf}: zero-width
 * and bidi marks, embeddings, isolates, the BOM) and every default-ignorable one (soft hyphen,
 * combining grapheme joiner, variation selectors, Hangul fillers), plus the blank braille pattern.
 */
const INVISIBLE = /[\p{Cf}\p{Default_Ignorable_Code_Point}\u180E\u2800]/gu;

/** Whitespace-like characters NFKC leaves alone. */
const ODD_SPACE = /[\s\u2000-\u200A\u202F\u205F\u3000]+/gu;

/** NFKC, invisible and bidi characters removed, whitespace squashed. */
export const normalizeText = (text: string): string =>
  text.normalize('NFKC').replace(INVISIBLE, '').replace(ODD_SPACE, ' ').trim();

/**
 * Cyrillic, Greek and Latin-extension letters that look like a Latin letter, mapped to it (after
 * NFKC, which already folds full-width and mathematical letters). Upper and lower case are listed
 * separately because their shapes differ (Greek Η looks like H, η like n).
 */
const CONFUSABLES: Readonly<Record<string, string>> = {
  // Cyrillic lower case
  а: 'a',
  в: 'b',
  г: 'r',
  е: 'e',
  ё: 'e',
  к: 'k',
  м: 'm',
  н: 'h',
  о: 'o',
  п: 'n',
  р: 'p',
  с: 'c',
  т: 't',
  у: 'y',
  х: 'x',
  ш: 'w',
  щ: 'w',
  ь: 'b',
  ѕ: 's',
  і: 'i',
  ї: 'i',
  ј: 'j',
  һ: 'h',
  ԁ: 'd',
  ԛ: 'q',
  ԝ: 'w',
  ӏ: 'l',
  ү: 'y',
  ҳ: 'x',
  ɡ: 'g',
  // Cyrillic upper case
  А: 'A',
  В: 'B',
  Е: 'E',
  Ё: 'E',
  К: 'K',
  М: 'M',
  Н: 'H',
  О: 'O',
  Р: 'P',
  С: 'C',
  Т: 'T',
  У: 'Y',
  Х: 'X',
  Ѕ: 'S',
  І: 'I',
  Ї: 'I',
  Ј: 'J',
  Һ: 'H',
  Ԁ: 'D',
  Ԛ: 'Q',
  Ԝ: 'W',
  Ӏ: 'I',
  Ү: 'Y',
  // Greek lower case
  α: 'a',
  β: 'b',
  γ: 'y',
  ε: 'e',
  η: 'n',
  ι: 'i',
  κ: 'k',
  ν: 'v',
  ο: 'o',
  ρ: 'p',
  σ: 'o',
  τ: 't',
  υ: 'u',
  χ: 'x',
  ω: 'w',
  ϲ: 'c',
  ϳ: 'j',
  // Greek upper case
  Α: 'A',
  Β: 'B',
  Ε: 'E',
  Ζ: 'Z',
  Η: 'H',
  Ι: 'I',
  Κ: 'K',
  Μ: 'M',
  Ν: 'N',
  Ο: 'O',
  Ρ: 'P',
  Τ: 'T',
  Υ: 'Y',
  Χ: 'X',
  Ϲ: 'C',
  // Latin letters that imitate others
  ı: 'i',
  ȷ: 'j',
  ɑ: 'a',
  ɩ: 'i',
  ʏ: 'y',
  ℓ: 'l',
  ꓲ: 'I',
  ꓐ: 'B',
  ꓑ: 'P',
  ꓒ: 'p',
  ꓓ: 'D',
  ꓔ: 'T',
  ꓢ: 'S',
};

const CONFUSABLE = new RegExp(`[${Object.keys(CONFUSABLES).join('')}]`, 'gu');
const MARKS = /\p{M}/gu;

/** The Latin skeleton of a text: normalized, decomposed, marks removed, look-alike letters folded. */
export const skeleton = (text: string): string =>
  normalizeText(text)
    .normalize('NFKD')
    .replace(MARKS, '')
    .replace(CONFUSABLE, (letter) => CONFUSABLES[letter] ?? letter)
    .normalize('NFKC');

/** Both forms a label is judged in; one when they are the same. */
export const textForms = (text: string): string[] => {
  const plain = normalizeText(text);
  const folded = skeleton(text);
  return folded === plain ? [plain] : [plain, folded];
};

/** A regex over the skeleton of its own source, so "löschen" also matches "loschen" in a skeleton. */
export const skeletonRegExp = (pattern: RegExp): RegExp =>
  new RegExp(pattern.source.normalize('NFKD').replace(MARKS, ''), pattern.flags);

/** True when a text has a letter or digit a person could read. */
export const isReadable = (text: string): boolean => /[\p{L}\p{N}]/u.test(normalizeText(text));
