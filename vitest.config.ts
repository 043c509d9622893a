import { defineConfig } from 'vitest/config';

export default defineConfig({
  define: { __TARGET__: JSON.stringify('chrome') },
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
          // The extension's own messages, through browser.i18n.getMessage as an extension page has it.
          setupFiles: ['tests/unit/support/i18n.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/e2e/global-setup.ts'],
          // Real browsers on a 2-core machine: one file at a time, generous timeouts.
          fileParallelism: false,
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
