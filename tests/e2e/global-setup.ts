import { existsSync } from 'node:fs';
import * as esbuild from 'esbuild';
import type { TestProject } from 'vitest/node';
import { startSharedFirefox } from './harness/firefox-shared';
import { makeSpeechWav } from './support/speech';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The shared Firefox of each test worker (VITEST_POOL_ID 1, 2, …), by WebDriver BiDi address. */
    firefoxEndpoints: string[];
  }
}

/**
 * The end-to-end suites load the built extensions and bridge (`npm test` builds them), a React test
 * page and a spoken WAV built here, and one Firefox per test worker that files share.
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
    entryPoints: ['tests/fixtures/react-form.ts'],
    outfile: 'tests/fixtures/site/build/react-form.js',
    bundle: true,
    format: 'iife',
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'warning',
  });
  makeSpeechWav();
  const workers = project.config.maxWorkers;
  const firefoxes = await Promise.all(Array.from({ length: workers }, () => startSharedFirefox('dist/firefox')));
  project.provide(
    'firefoxEndpoints',
    firefoxes.map((f) => f.endpoint),
  );
  return async () => {
    await Promise.all(firefoxes.map((f) => f.stop()));
  };
}
