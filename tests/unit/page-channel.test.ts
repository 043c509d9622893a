// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { CHANNEL_KEY, HELLO } from '../../src/page-channel';
import { atDocumentStart } from './support/document-start';

const secretOf = () => (document as unknown as Record<string, unknown>)[CHANNEL_KEY];

describe("the private channel's hand-over", () => {
  it('does not happen in a page whose scripts have run (Firefox injects into pages open at install)', async () => {
    const heard: unknown[] = [];
    document.addEventListener(HELLO, (event) => heard.push((event as CustomEvent<unknown>).detail), true);
    await import('../../content/page-channel/index');
    expect(heard).toEqual([]);
    expect(secretOf()).toBeUndefined();
  });

  it('happens at document_start, once: a page that asks afterwards hears nothing', async () => {
    vi.resetModules();
    await atDocumentStart(() => import('../../content/page-world/channel'));
    expect(secretOf()).toMatch(/^bosun[0-9a-z]{8,}$/);
    const heard: unknown[] = [];
    document.addEventListener(HELLO, (event) => heard.push((event as CustomEvent<unknown>).detail), true);
    document.dispatchEvent(new CustomEvent(HELLO, { detail: '' }));
    // Only the page's own ask: neither side answers it.
    expect(heard).toEqual(['']);
  });
});
