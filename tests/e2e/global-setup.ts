import { existsSync } from 'node:fs';
import * as esbuild from 'esbuild';
import { makeSpeechWav } from './support/speech';

/** The end-to-end suites load the built extensions and bridge (`npm test` builds them), a React test page and a spoken WAV built here. */
export default async function setup(): Promise<void> {
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
}
