// @vitest-environment node
// The all-run's summary (bench/all): each sub-benchmark's result becomes target lines, and the lines one table.
import { describe, expect, it } from 'vitest';
import { STEPS, parseArgs } from '../../bench/all/run';
import { errorLine, formatSummary, pageEngineLines } from '../../bench/all/summary';
import { targetLines as markdownLines } from '../../bench/markdown/run';
import { bundleTargets, type BuildSizes } from '../../bench/bundles/run';
import type { Verdict } from '../../bench/page-engine/targets';
import { generatedTargets, pagesTarget } from '../../bench/recall/run';

const verdict = (name: string, size: number, pass: boolean): Verdict => ({
  name,
  size,
  value: 1,
  shown: '1.36×',
  target: '≤ 2×',
  baseline: 'floor 488 ms',
  pass,
});

describe('the all-run summary', () => {
  it("takes the page engine's verdicts with their baselines, PASS or MISS as judged there", () => {
    const lines = pageEngineLines({
      verdicts: [verdict('full snapshot / floor', 50_000, true), verdict('viewport-only snapshot', 1000, false)],
    });
    expect(lines).toEqual([
      {
        bench: 'page-engine',
        figure: 'full snapshot / floor @50k',
        value: '1.36×',
        target: '≤ 2×',
        baseline: 'floor 488 ms',
        verdict: 'PASS',
      },
      expect.objectContaining({ figure: 'viewport-only snapshot @1k', verdict: 'MISS' }),
    ]);
  });

  it('states recall and precision on the generated page against 98% and 95%', () => {
    const [recall, precision] = generatedTargets({ controls: 100, listed: 98, entries: 104 });
    expect(recall).toMatchObject({ value: '98.0% (98 of 100)', target: '≥ 98%', verdict: 'PASS' });
    expect(precision).toMatchObject({ value: '94.2% (98 of 104)', target: '≥ 95%', verdict: 'MISS' });
    expect(generatedTargets({ controls: 100, listed: 97, entries: 97 }).map((l) => l.verdict)).toEqual([
      'MISS',
      'PASS',
    ]);
    expect(pagesTarget([{ path: 'a.html', named: 200, listed: 190, missing: [] }])).toMatchObject({
      value: '95.0% (190 of 200)',
      baseline: 'ariaSnapshot 200',
      verdict: 'PASS',
    });
  });

  it("judges markdown's budgeted read and full conversion, each next to the baseline reader's", () => {
    const figures = (...ms: number[]) => ms.map((m) => ({ ms: m, chars: 1, truncated: false }));
    const rows = [
      {
        page: 'generated 50k',
        bytes: 5_000_000,
        figures: {
          budgeted: figures(30, 10, 20),
          baselineBudgeted: figures(400),
          full: figures(500, 250),
          baselineFull: figures(1000),
        },
      },
    ];
    expect(markdownLines(rows)).toEqual([
      expect.objectContaining({
        figure: 'budgeted read, generated 50k',
        value: '20.0 ms',
        baseline: '400 ms',
        verdict: 'PASS',
      }),
      expect.objectContaining({ value: '13.3 MB/s', target: '≥ 10 MB/s', baseline: '5.0 MB/s', verdict: 'PASS' }),
    ]);
  });

  it('puts both builds of a bundle on one line, and misses over budget or a library bundled twice', () => {
    const build = (name: 'chrome' | 'firefox', gzip: number, duplicates: BuildSizes['duplicates']): BuildSizes => ({
      build: name,
      rows: [{ name: 'content.js', gzip, budget: 42_000 }],
      onDemand: [],
      duplicates,
    });
    const [content, once] = bundleTargets([
      build('chrome', 41_500, []),
      build('firefox', 42_100, [{ bundle: 'sidebar.js', pkg: 'preact', dirs: ['a', 'b'] }]),
    ]);
    expect(content).toMatchObject({
      figure: 'content.js, gzipped (chrome / firefox)',
      value: '41.5 KB / 42.1 KB',
      target: '≤ 42.0 KB',
      verdict: 'MISS',
    });
    expect(once).toMatchObject({ value: 'twice: firefox sidebar.js: preact', verdict: 'MISS' });
  });

  it("judges each build's size by that build's own budget, and not a bundle a build does not have", () => {
    const sizes = (build: 'chrome' | 'firefox', rows: BuildSizes['rows']): BuildSizes => ({
      build,
      rows,
      onDemand: [],
      duplicates: [],
    });
    const lines = (firefoxBackground: number) =>
      bundleTargets([
        sizes('chrome', [
          { name: 'background.js', gzip: 204_500, budget: 205_000 },
          { name: 'offscreen.js', gzip: 42_400, budget: 47_000 },
        ]),
        sizes('firefox', [{ name: 'background.js', gzip: firefoxBackground, budget: 236_000 }]),
      ]);
    const [background, offscreen] = lines(234_100);
    expect(background).toMatchObject({
      value: '204.5 KB / 234.1 KB',
      target: '≤ 205.0 KB / 236.0 KB',
      verdict: 'PASS',
    });
    expect(offscreen).toMatchObject({ value: '42.4 KB / n/a', target: '≤ 47.0 KB / —', verdict: 'PASS' });
    expect(lines(236_100)[0]).toMatchObject({ verdict: 'MISS' });
  });

  it('prints one row per line with its verdict, then the counts', () => {
    const lines = [
      ...pageEngineLines({ verdicts: [verdict('full snapshot / floor', 50_000, true)] }),
      errorLine('crawl', new Error('dist/chrome is missing\nmore')),
    ];
    const table = formatSummary(lines).split('\n');
    expect(table[0]).toMatch(/bench\s+figure\s+measured\s+target\s+baseline \(same run\)$/);
    expect(table[1]).toMatch(/^PASS\s+page-engine\s+full snapshot \/ floor @50k\s+1\.36×\s+≤ 2×\s+floor 488 ms$/);
    expect(table[2]).toMatch(/^ERROR\s+crawl\s+the benchmark failed\s+dist\/chrome is missing\s+—\s+—$/);
    expect(table.at(-1)).toBe('1 PASS, 0 MISS, 0 INFO, 1 ERROR');
  });

  it('runs the recall right after the page engine, and takes a subset by name', () => {
    expect(STEPS.map((s) => s.name).slice(0, 2)).toEqual(['page-engine', 'recall']);
    expect(parseArgs(['--only=bundles,recall', '--no-build'])).toEqual({ only: ['bundles', 'recall'], build: false });
    expect(() => parseArgs(['--only=bundle'])).toThrow(/--only takes names from/);
    expect(() => parseArgs(['--fast'])).toThrow(/unknown argument --fast/);
  });
});
