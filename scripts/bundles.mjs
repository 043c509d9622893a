// @ts-check
/**
 * The extension's script bundles: which sources, and how esbuild builds them. Shared by the build
 * and by the test that checks the third-party notices against what these bundles contain.
 */
import { basename, dirname, join } from 'node:path';
import { vendorPatches } from './vendor-patches.mjs';

/** Script entries: source → output file name in the extension root. */
export const ENTRIES = {
  'background/index.ts': 'background.js',
  'content/index.ts': 'content.js',
  'content/reader/register.ts': 'reader.js',
  'content/page-world/index.ts': 'page-handlers.js',
  'sidebar/index.tsx': 'sidebar.js',
  'sidebar/microphone.ts': 'microphone.js',
  'sidebar/welcome.ts': 'welcome.js',
  'abp-app/index.ts': 'abp-app.js',
};

/**
 * Entries that are ES modules split into chunks: extension pages, which load what they need when
 * they need it (`import()` of a chunk file in the extension). Content scripts cannot be modules.
 */
export const SPLIT = new Set(['sidebar/index.tsx']);

/** Where split entries put their on-demand chunks, under the extension root. */
export const CHUNKS_DIR = 'chunks';

/**
 * esbuild's options for one entry of one browser's extension.
 * @param {string} root the repository @param {'chrome' | 'firefox'} target
 * @param {string} source a key of ENTRIES @param {string} outfile
 * @returns {import('esbuild').BuildOptions & { metafile: true }}
 */
export function extensionBundle(root, target, source, outfile) {
  return {
    absWorkingDir: root,
    entryPoints: [join(root, source)],
    ...(SPLIT.has(source)
      ? {
          outdir: dirname(outfile),
          entryNames: basename(outfile, '.js'),
          chunkNames: `${CHUNKS_DIR}/[name]-[hash]`,
          splitting: true,
          format: /** @type {const} */ ('esm'),
        }
      : { outfile, format: /** @type {const} */ ('iife') }),
    bundle: true,
    // Module paths as the project names them (node_modules/…), not where a symlinked node_modules
    // really lives: the path comments in the output then depend only on the sources, so the source
    // archive rebuilds the same bytes anywhere (scripts/source-archive.mjs).
    preserveSymlinks: true,
    target: ['chrome123', 'firefox142'],
    // Readable output (Firefox add-on review reads the shipped code), but with constants folded
    // so the other browser's branches (`TARGET === 'chrome'`) are dropped from each bundle.
    minifySyntax: true,
    // Licence comments (/*! … */, @license, @preserve) stay with the code they cover, at the end of each bundle.
    legalComments: 'eof',
    // What went into the bundle, for the third-party notices (scripts/notices.mjs).
    metafile: true,
    jsx: 'automatic',
    jsxImportSource: 'preact',
    define: { __TARGET__: JSON.stringify(target) },
    plugins: [vendorPatches],
    logLevel: 'warning',
  };
}
