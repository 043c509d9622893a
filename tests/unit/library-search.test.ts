import { describe, expect, it } from 'vitest';
import { countsInWords, crawlCounts } from '../../background/library/crawl-counts';
import { excerpt, matchPage, scorePage, searchTerms } from '../../background/storage/library-search';

const page = (title: string, content: string, url = 'https://docs.test/') => ({ title, content, url });

describe('ranking stored pages for a question', () => {
  it("takes the question's distinct words, in any script, and drops one-letter ones", () => {
    expect(searchTerms('How do I  set up the Übersicht, a PLAN? plan')).toEqual([
      'how',
      'do',
      'set',
      'up',
      'the',
      'übersicht',
      'plan',
    ]);
    expect(searchTerms(' ? ! a ')).toEqual([]);
  });

  it('ranks a page matching more of the words first, then title over address over text', () => {
    const terms = searchTerms('pricing plans');
    const both = scorePage(terms, page('Intro', 'Our pricing has three plans.'));
    const oneOften = scorePage(terms, page('Intro', 'pricing '.repeat(50)));
    expect(both).toBeGreaterThan(oneOften);
    const inTitle = scorePage(terms, page('Pricing', 'nothing here'));
    const inUrl = scorePage(terms, page('Intro', 'nothing here', 'https://docs.test/pricing'));
    const inText = scorePage(terms, page('Intro', 'see pricing'));
    expect(inTitle).toBeGreaterThan(inUrl);
    expect(inUrl).toBeGreaterThan(inText);
    expect(scorePage(terms, page('Intro', 'nothing relevant'))).toBe(0);
  });

  it('cuts the text around the first match, on one line, marking what was cut', () => {
    const text = `${'lorem '.repeat(100)}\n\nthe   PRICING table${' ipsum'.repeat(100)}`;
    const cut = excerpt(text, ['pricing'], 60);
    expect(cut).toMatch(/^….*the PRICING table.*…$/);
    expect(cut.length).toBeLessThanOrEqual(62);
    expect(excerpt('short text', ['absent'])).toBe('short text');
  });

  it('names the page of a stored PDF that the first match is on, by its page markers', () => {
    const pdf = '## Page 1\n\nIntroduction\n\n## Page 2\n\nFindings\n\n## Page 3\n\nThe oxygen level was 7.2 mg/L.';
    expect(matchPage(pdf, searchTerms('oxygen level'))).toBe(3);
    expect(matchPage(pdf, searchTerms('findings oxygen'))).toBe(2);
    expect(matchPage(pdf, searchTerms('absent'))).toBeNull();
  });
});

describe('the counts of a crawl', () => {
  it('tells read from stored, so the model and the Library give the same numbers', () => {
    const counts = crawlCounts({ pagesProcessed: 6, pagesFailed: 0 }, 5);
    expect(counts).toEqual({ read: 6, stored: 5, failed: 0 });
    expect(countsInWords(counts)).toBe('6 pages read, 5 stored (1 was a copy of a stored page)');
    expect(countsInWords({ read: 1, stored: 1, failed: 2 })).toBe('1 page read, 1 stored, 2 failed');
    expect(countsInWords({ read: 4, stored: 2, failed: 0 })).toBe(
      '4 pages read, 2 stored (2 were copies of a stored page)',
    );
  });
});
