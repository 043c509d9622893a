// Bundled (IIFE) by run.ts and evaluated in the benchmark page: the product's reader and the baseline, timed
// with performance.now() in the page.
import { readMarkdown } from '../../src/reader/markdown';
import { wholePageMarkdown } from './baseline';

export type MarkdownFigure = { ms: number; chars: number; truncated: boolean };
export type MarkdownMethod = 'budgeted' | 'full' | 'baselineBudgeted' | 'baselineFull';
export type MarkdownBenchWindow = {
  __markdownBench: { run(method: MarkdownMethod, budget: number): MarkdownFigure; settle(): void };
};

function timed(run: () => { markdown: string; truncated: boolean }): MarkdownFigure {
  const start = performance.now();
  const { markdown, truncated } = run();
  return { ms: performance.now() - start, chars: markdown.length, truncated };
}

const methods: Record<MarkdownMethod, (budget: number) => MarkdownFigure> = {
  budgeted: (budget) => timed(() => readMarkdown(document, { maxChars: budget })),
  full: () => timed(() => readMarkdown(document)),
  baselineBudgeted: (budget) => timed(() => wholePageMarkdown(document, budget)),
  baselineFull: () => timed(() => wholePageMarkdown(document)),
};

(window as unknown as MarkdownBenchWindow).__markdownBench = {
  run: (method, budget) => methods[method](budget),
  settle: () => (window as { gc?: () => void }).gc?.(),
};
