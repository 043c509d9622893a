import { existsSync } from 'node:fs';
import * as esbuild from 'esbuild';
import { makeSpeechWav } from './support/speech';

/** The end-to-end suites load the built extensions (`npm test` builds them), a React test page and a spoken WAV built here. */
export default async function setup(): Promise<void> {
  for (const target of ['chrome', 'firefox']) {
    if (!existsSync(`dist/${target}/manifest.json`)) {
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
}
