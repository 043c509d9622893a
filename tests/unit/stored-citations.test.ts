// @vitest-environment jsdom
// An answer's links to pages the Library gave open their stored copies; other links stay as they are.
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../sidebar/markdown';
import { linkStoredPages } from '../../sidebar/stored-citations';

const stored = [{ id: 'page_1', url: 'https://docs.example/guide/', title: 'Guide' }];

describe('linkStoredPages', () => {
  it('points a citation of a stored page at its copy, with its address written with or without a slash or fragment', () => {
    const root = document.createElement('div');
    root.append(
      renderMarkdown('See [Guide](https://docs.example/guide#setup), [elsewhere](https://other.example/guide/).'),
    );
    linkStoredPages(root, stored);
    const [cited, other] = root.querySelectorAll('a');
    expect(cited?.dataset.storedPage).toBe('page_1');
    expect(cited?.getAttribute('href')).toBe('#stored-page_1');
    expect(cited?.hasAttribute('target')).toBe(false);
    expect(other?.dataset.storedPage).toBeUndefined();
    expect(other?.getAttribute('href')).toBe('https://other.example/guide/');
  });

  it('lets no model output mark a link as a stored page itself', () => {
    const root = document.createElement('div');
    root.append(renderMarkdown('<a href="https://evil.example" data-stored-page="page_1">Guide</a>'));
    linkStoredPages(root, []);
    expect(root.querySelector('[data-stored-page]')).toBeNull();
  });
});
