import type { elementMarkdown, readMarkdown } from '../src/reader/markdown';

/**
 * The reader (Readability, turndown and its GFM rules: most of the page engine's weight) is its
 * own file, reader.js, which the background injects only when a request needs markdown. Both
 * files run in the extension's isolated world of the same document, so the reader hands itself
 * to the engine through a slot on that world's global object, never through the page's.
 */
export interface Reader {
  readMarkdown: typeof readMarkdown;
  elementMarkdown: typeof elementMarkdown;
}

const SLOT = Symbol.for('bosun.reader');
const scope = globalThis as { [SLOT]?: Reader };

/** The reply that asks the background for the reader: a fixed module name, never a file path from the page. */
export const NEEDS_READER = {
  success: false,
  error: 'The page reader is not loaded in this page.',
  needs: 'reader',
} as const;

export function provideReader(reader: Reader): void {
  scope[SLOT] ??= reader;
}

export const loadedReader = (): Reader | null => scope[SLOT] ?? null;
