import { join } from 'node:path';
import * as esbuild from 'esbuild';

/**
 * A benchmark's in-page module (`bench/<name>/in-page.ts`) with the product code it wraps, as one
 * script to evaluate in the page, built the way the extension builds its content scripts.
 */
export async function bundleInPage(root: string, name: string): Promise<string> {
  const result = await esbuild.build({
    entryPoints: [join(root, 'bench', name, 'in-page.ts')],
    bundle: true,
    format: 'iife',
    write: false,
    target: ['chrome123', 'firefox128'],
    define: { __TARGET__: '"chrome"' },
    logLevel: 'warning',
  });
  const output = result.outputFiles[0];
  if (!output) throw new Error(`esbuild produced no bundle for bench/${name}/in-page.ts`);
  return output.text;
}
