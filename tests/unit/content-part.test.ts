// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { contentPart, MAX_CONTENT } from '../../content/actions/content-part';

describe('get_page_content cuts at the budget, with a marker that says how to read on', () => {
  const text = 'abcdefghij'.repeat(10); // 100 characters

  it('gives a text within the budget whole, without a marker', () => {
    expect(contentPart(text, 0, 100)).toBe(text);
    expect(contentPart('', 0, 100)).toBe('');
  });

  it('cuts a longer one and names how many are left and where to go on from', () => {
    expect(contentPart(text, 0, 30)).toBe(
      `${text.slice(0, 30)}\n[… cut at the page budget: 70 more characters; read them with get_page_content and from 30]`,
    );
  });

  it('reads on from the marker to the end, where no marker is left', () => {
    expect(contentPart(text, 30, 30)).toMatch(/^(abcdefghij){3}\n\[… .*: 40 more characters; .* from 60\]$/);
    expect(contentPart(text, 90, 30)).toBe(text.slice(90));
  });

  it('says when it starts past the end', () => {
    expect(contentPart(text, 100, 30)).toBe('[… nothing from character 100: the content has 100 characters]');
  });

  it('never gives more than its own bound, whatever the budget asked', () => {
    const huge = 'x'.repeat(MAX_CONTENT + 5);
    expect(contentPart(huge, 0, 10 * MAX_CONTENT)).toMatch(/^x{200000}\n\[… .*: 5 more characters/);
    expect(contentPart(huge)).toMatch(/: 5 more characters/);
  });
});
