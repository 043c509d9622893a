import { existsSync } from 'node:fs';
import * as esbuild from 'esbuild';
import type { TestProject } from 'vitest/node';
import { startSharedChromium, type SharedChromium } from './harness/chromium-shared';
import { startSharedFirefox } from './harness/firefox-shared';
import { makeSpeechWav } from './support/speech';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The shared Firefox of each test worker (VITEST_POOL_ID 1, 2, …), by WebDriver BiDi address. */
    firefoxEndpoints: string[];
    /** The shared Chromium of each test worker: its DevTools address and the installer holding its pipe. */
    sharedChromiums: SharedChromium[];
  }
}

/**
 * The end-to-end suites load the built extensions and bridge (`npm test` builds them), React test
 * pages and a spoken WAV built here, and one Firefox and one Chromium per test worker that files share.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  for (const [target, file] of [
    ['chrome', 'manifest.json'],
    ['firefox', 'manifest.json'],
    ['bridge', 'index.mjs'],
  ]) {
    if (!existsSync(`dist/${target}/${file}`)) {
      throw new Error(`dist/${target} is missing: run "npm run build" (npm test does it for you).`);
    }
  }
  await esbuild.build({
    entryPoints: ['tests/fixtures/react-form.ts', 'tests/fixtures/react-todos.ts'],
    outdir: 'tests/fixtures/site/build',
    bundle: true,
    format: 'iife',
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'warning',
  });
  makeSpeechWav();
  const workers = project.config.maxWorkers;
  const perWorker = Array.from({ length: workers });
  const [firefoxes, chromiums] = await Promise.all([
    Promise.all(perWorker.map(() => startSharedFirefox('dist/firefox'))),
    Promise.all(perWorker.map(() => startSharedChromium())),
  ]);
  project.provide(
    'firefoxEndpoints',
    firefoxes.map((f) => f.endpoint),
  );
  project.provide(
    'sharedChromiums',
    chromiums.map(({ endpoint, installer }) => ({ endpoint, installer })),
  );
  return async () => {
    await Promise.all([...firefoxes, ...chromiums].map((b) => b.stop()));
  };
}
