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
  'content/page-channel/index.ts': 'page-channel.js',
  'content/page-world/index.ts': 'page-handlers.js',
  'sidebar/index.tsx': 'sidebar.js',
  'sidebar/microphone.ts': 'microphone.js',
  'sidebar/welcome.ts': 'welcome.js',
  'abp-app/index.ts': 'abp-app.js',
  // Loaded only when a PDF is read (ES modules: imported by the background or the offscreen document).
  'src/pdf/pdf-reader.ts': 'pdf-reader.js',
  'node_modules/pdfjs-dist/build/pdf.worker.mjs': 'pdf.worker.js',
};

/** Chrome's offscreen document, which parses crawled pages for a service worker that has no DOM; Firefox's background has one. */
const CHROME_ENTRIES = { 'offscreen/index.ts': 'offscreen.js' };

/**
 * The script entries of one browser's extension.
 * @param {'chrome' | 'firefox'} target @returns {Record<string, string>}
 */
export const entriesFor = (target) => (target === 'chrome' ? { ...ENTRIES, ...CHROME_ENTRIES } : ENTRIES);

/**
 * Entries that are ES modules split into chunks: extension pages, which load what they need when
 * they need it (`import()` of a chunk file in the extension). Content scripts cannot be modules.
 */
export const SPLIT = new Set(['sidebar/index.tsx']);

/** Entries that are single ES modules, imported on demand: the PDF reader and pdf.js's module worker. */
const MODULES = new Set(['src/pdf/pdf-reader.ts', 'node_modules/pdfjs-dist/build/pdf.worker.mjs']);

/** Where split entries put their on-demand chunks, under the extension root. */
export const CHUNKS_DIR = 'chunks';

/**
 * The reader's own modules (src/reader) do nothing when loaded. Declared so, a bundle that imports
 * the reader without calling it leaves it out, with the CommonJS package it pulls in (Readability),
 * which esbuild cannot prove inert by itself: Chrome's background, whose offscreen
 * document reads crawled pages, then ships no copy of it.
 * @type {import('esbuild').Plugin}
 */
const inertReader = {
  name: 'inert-reader',
  setup(build) {
    build.onResolve({ filter: /^\.\.?\// }, async ({ path, importer, resolveDir, kind, pluginData }) => {
      if (pluginData === inertReader) return undefined;
      const resolved = await build.resolve(path, { importer, resolveDir, kind, pluginData: inertReader });
      if (resolved.errors.length > 0 || !/[\\/]src[\\/]reader[\\/]/.test(resolved.path)) return undefined;
      return { path: resolved.path, sideEffects: false };
    });
  },
};

/**
 * esbuild's options for one entry of one browser's extension.
 * @param {string} root the repository @param {'chrome' | 'firefox'} target
 * @param {string} source a key of entriesFor(target) @param {string} outfile
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
      : { outfile, format: MODULES.has(source) ? /** @type {const} */ ('esm') : /** @type {const} */ ('iife') }),
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
    // The PDF reader chunk, imported by its address in the built extension (src/pdf/reader-chunk.ts).
    external: ['/pdf-reader.js'],
    plugins: [vendorPatches, inertReader],
    logLevel: 'warning',
  };
}
