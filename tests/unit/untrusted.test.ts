// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { untrusted, untrustedContent } from '../../background/tools/untrusted';

describe('page content marked as untrusted', () => {
  it('gives back the content it wraps, and plain text as it is', () => {
    const page = 'Price: $10\n| a | b |';
    expect(untrustedContent(untrusted(page))).toBe(page);
    expect(untrustedContent('Closed tab 3.')).toBe('Closed tab 3.');
  });
});
