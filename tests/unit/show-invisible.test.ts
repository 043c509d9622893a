import { describe, expect, it } from 'vitest';
import { showInvisible, showInvisibleJson } from '../../src/show-invisible';

const hex = (cp: number) => cp.toString(16).toUpperCase().padStart(4, '0');
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** Every character the issue names, and the other invisible ones a page or a model can use. */
const HIDDEN = [
  ...range(0x202a, 0x202e), // bidi embeddings and overrides
  ...range(0x2066, 0x2069), // bidi isolates
  ...range(0x200b, 0x200f), // zero-width space, joiners, LRM, RLM
  0x061c, // Arabic letter mark
  ...range(0x2060, 0x2064), // word joiner, invisible operators
  0x00ad, // soft hyphen
  0xfeff, // byte-order mark
  0x034f, // combining grapheme joiner
  0x115f,
  0x1160,
  0x3164,
  0xffa0, // Hangul fillers
  0x17b4,
  0x17b5, // Khmer inherent vowels
  0x180e, // Mongolian vowel separator
  0x2028,
  0x2029, // line and paragraph separators
  0xe0001,
  0xe0041,
  0xe007f, // tag characters (ASCII smuggling)
];

describe('showInvisible', () => {
  it.each(HIDDEN.map((cp) => [hex(cp), cp]))('shows U+%s as its code point', (_name, cp) => {
    const ch = String.fromCodePoint(cp);
    expect(showInvisible(`a${ch}b`)).toBe(`a<U+${hex(cp)}>b`);
  });

  it('turns a reversed address back into what it is', () => {
    const spoof = 'https://bank.example\u202E@attacker.example/moc.knab';
    expect(showInvisible(spoof)).toBe('https://bank.example<U+202E>@attacker.example/moc.knab');
  });

  it('escapes tag-character smuggling one code point at a time', () => {
    const smuggled = [...'Buy'].map((c) => String.fromCodePoint(0xe0000 + c.charCodeAt(0))).join('');
    expect(showInvisible(`ok${smuggled}`)).toBe('ok<U+E0042><U+E0075><U+E0079>');
  });

  it('leaves ordinary text of every script, emoji and whitespace alone', () => {
    const text = 'Héllo Привет שלום مرحبا 你好 ❤️ 👍🏽 tab\there\nnew line';
    expect(showInvisible(text)).toBe(text);
  });

  it('is idempotent and total', () => {
    const all = HIDDEN.map((cp) => String.fromCodePoint(cp)).join('x');
    const once = showInvisible(all);
    expect(showInvisible(once)).toBe(once);
    for (const cp of HIDDEN) expect(once).not.toContain(String.fromCodePoint(cp));
    expect(showInvisible('')).toBe('');
    // A lone surrogate is not one of them and passes unchanged.
    expect(showInvisible('\uD800')).toBe('\uD800');
  });

  it('escapes inside JSON, which keeps these characters as they are', () => {
    expect(JSON.stringify({ url: 'a\u202Eb' })).toContain('\u202E');
    expect(showInvisibleJson({ url: 'a\u202Eb' })).toBe('{"url":"a<U+202E>b"}');
    expect(showInvisibleJson(undefined)).toBe('');
  });
});
