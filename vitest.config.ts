import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import LongestFirst from './tests/e2e/longest-first.js';

export default defineConfig({
  define: { __TARGET__: JSON.stringify('chrome') },
  // The PDF reader chunk is a file of the built extension (src/pdf/reader-chunk.ts); a test that renders
  // in a DOM environment resolves its address to the module the chunk is built from.
  resolve: { alias: { '/pdf-reader.js': fileURLToPath(new URL('./src/pdf/pdf-reader.ts', import.meta.url)) } },
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  test: {
    maxWorkers: 2,
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
          // Worker threads start faster than forked processes: a fifth less time for the unit suite.
          pool: 'threads',
          // The extension's own messages, through browser.i18n.getMessage as an extension page has it;
          // the markdown renderer loaded before a component renders, as the panel has it once idle.
          setupFiles: ['tests/unit/support/i18n.ts', 'tests/unit/support/markdown.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/e2e/global-setup.ts'],
          // Real browsers: four files at a time on 2 cores (a file's time is partly waiting on pages,
          // servers and timers: two at a time kept the cores less than half busy, three left them idle a
          // tenth of the time once files shared modules), generous timeouts for a loaded machine.
          fileParallelism: true,
          // Each file's harness, Playwright and puppeteer loaded once per worker, not once per file.
          isolate: false,
          maxWorkers: 4,
          testTimeout: 90_000,
          hookTimeout: 90_000,
        },
      },
      {
        extends: true,
        test: {
          // The full counts of the hardening suites (`npm run test:long`); `npm test` runs a sample of each.
          name: 'long',
          include: ['tests/long/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/e2e/global-setup.ts'],
          fileParallelism: false,
          testTimeout: 3_600_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
