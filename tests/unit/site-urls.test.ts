import { describe, expect, it } from 'vitest';
import { shownUrl } from '../../background/tools/site-urls';

describe('an address as the model may see it', () => {
  const url = 'https://bank.example/account/statements?session=abc123&id=7#reset=xyz';

  it.each([
    ['allowed', url],
    ['ask', 'https://bank.example/account/statements'],
    ['refused', 'https://bank.example'],
  ] as const)('%s: %s', (access, shown) => {
    expect(shownUrl(url, access)).toBe(shown);
  });

  it('keeps no credentials, query or fragment of a site that is not allowed', () => {
    const withUser = 'https://user:secret@bank.example:8443/p?q=1#f';
    expect(shownUrl(withUser, 'ask')).toBe('https://bank.example:8443/p');
    expect(shownUrl(withUser, 'refused')).toBe('https://bank.example:8443');
  });

  it('a page of the browser shows its scheme only; something that is not a URL shows nothing', () => {
    expect(shownUrl('about:blank#x', 'refused')).toBe('about:');
    expect(shownUrl('not a url', 'allowed')).toBe('');
  });
});
