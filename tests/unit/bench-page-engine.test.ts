// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { generatePage, type PageVariant } from '../../bench/page-engine/generate-page';
import { LABELS, countInteractiveLines } from '../../bench/page-engine/measure';
import { main } from '../../bench/page-engine/run';

/** Elements the browser will build from the markup: every start tag except <template> (a declarative shadow root), frames' srcdoc excluded. */
function countElements(html: string): number {
  const withoutFrames = html.replace(/srcdoc="[^"]*"/g, '');
  return (withoutFrames.match(/<[a-zA-Z][a-zA-Z0-9-]*/g) ?? []).filter((tag) => tag !== '<template').length;
}

const occurrences = (html: string, text: string): number => html.split(text).length - 1;

describe('generatePage', () => {
  const variants: PageVariant[] = ['mixed', 'flat', 'nested'];

  it.each(variants)('%s pages hold the requested number of elements, within 10 percent', (variant) => {
    for (const nodes of [1000, 10_000, 50_000]) {
      const page = generatePage({ nodes, variant, seed: 7 });
      expect(countElements(page.html)).toBe(page.elements);
      expect(Math.abs(page.elements - nodes) / nodes).toBeLessThanOrEqual(0.1);
    }
  });

  it('is deterministic for a seed and varies with it', () => {
    const a = generatePage({ nodes: 5000, seed: 3 });
    expect(generatePage({ nodes: 5000, seed: 3 }).html).toBe(a.html);
    expect(generatePage({ nodes: 5000, seed: 4 }).html).not.toBe(a.html);
  });

  it('mixes in shadow roots, hidden, covered and off-screen parts, custom widgets and a frame', () => {
    const { html, features } = generatePage({ nodes: 10_000, seed: 1 });
    expect(features.shadowRoots).toBeGreaterThan(0);
    expect(occurrences(html, '<template shadowrootmode="open">')).toBe(features.shadowRoots);
    expect(features.hidden).toBeGreaterThan(0);
    expect(
      occurrences(html, 'style="display:none"') +
        occurrences(html, 'style="visibility:hidden"') +
        occurrences(html, ' hidden '),
    ).toBe(features.hidden);
    expect(features.covered).toBeGreaterThan(0);
    expect(occurrences(html, 'class="veil"')).toBe(features.covered);
    expect(occurrences(html, 'class="offscreen"')).toBe(features.offscreen);
    expect(features.iframes).toBeGreaterThan(0);
    expect(occurrences(html, '<iframe ')).toBe(features.iframes);
    for (const part of [
      'role="button"',
      'tabindex="0"',
      '<select',
      '<textarea',
      'type="checkbox"',
      '<table>',
      'class="banner"',
    ]) {
      expect(html).toContain(part);
    }
  });

  it('makes the flat page one long list and the nested page a deep tree of the same controls', () => {
    const flat = generatePage({ nodes: 50_000, variant: 'flat' });
    const nested = generatePage({ nodes: 50_000, variant: 'nested' });
    expect(occurrences(flat.html, '<li>')).toBeGreaterThan(20_000);
    expect(occurrences(flat.html, '<div')).toBe(0);
    expect(occurrences(nested.html, '<li>')).toBe(0);
    expect(nested.features.interactive).toBe(flat.features.interactive);
    expect(nested.html).toContain('<div><div><div><div><div><div><div><div><div><div><div><div><div><div>');
  });
});

describe('countInteractiveLines', () => {
  it('counts lines whose role a person operates, quoted or not', () => {
    const aria = [
      '- banner:',
      '  - link "Home" [ref=e2]:',
      '    - /url: /p/l1',
      '  - \'button "Save: all"\'',
      '  - textbox "Email"',
      '  - combobox:',
      '    - option "One" [selected]',
      '- paragraph: some text',
      '- heading "Cart" [level=2]',
    ].join('\n');
    expect(countInteractiveLines(aria)).toBe(4);
  });
});

describe('the page-engine benchmark', () => {
  it('prints every figure and every target on a small page', { timeout: 60_000 }, async () => {
    const lines: string[] = [];
    const result = await main(['--sizes=1000', '--runs=1', '--pairs=2', '--json', '--no-node-api'], {
      log: (line) => lines.push(line),
    });
    const output = lines.join('\n');

    expect(output).not.toMatch(/NaN|Infinity/);
    for (const label of Object.values(LABELS)) expect(output).toContain(label);
    expect(output).toContain('ariaSnapshot() fixed cost');
    expect(result.pages.map((p) => p.variant)).toEqual(['mixed', 'flat', 'nested']);
    // The highlight line's pair gets its own rounds; the other figures keep --runs.
    const mixed = result.pages[0]?.measures;
    expect([mixed?.highlight?.runs, mixed?.cleanup?.runs, mixed?.full?.runs, mixed?.floor?.runs]).toEqual([2, 2, 2, 1]);
    for (const page of result.pages) {
      for (const summary of Object.values(page.measures)) {
        for (const figure of [summary.median, summary.min, summary.max, summary.first])
          expect(Number.isFinite(figure)).toBe(true);
      }
    }
    const names = result.verdicts.map((v) => v.name);
    const expected = [
      'full snapshot / floor',
      'full snapshot, page changed / floor',
      'ariaSnapshot / full snapshot',
      'flat / nested page, full',
      'flat / nested page, viewport-only',
      'chars per interactive element',
      'markdown read',
      'viewport-only snapshot',
      'highlight overhead',
    ];
    for (const name of expected) expect(names.some((n) => n.startsWith(name))).toBe(true);
    for (const verdict of result.verdicts) {
      expect(Number.isFinite(verdict.value)).toBe(true);
      expect(output).toMatch(new RegExp(`(PASS|MISS)  ${verdict.name.replace(/[()/]/g, '\\$&')} @1k`));
    }
    // --json: the last line is the whole result, machine-readable.
    expect(JSON.parse(lines[lines.length - 1] ?? '')).toEqual(JSON.parse(JSON.stringify(result)));
  });
});
