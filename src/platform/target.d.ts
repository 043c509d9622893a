/**
 * Which browser a bundle is built for, replaced by a string literal at build time (esbuild
 * `define` in build.mjs). Code tests it directly, `__TARGET__ === 'chrome'`, so each bundle
 * folds the comparison and drops the other browser's branch.
 */
declare const __TARGET__: 'chrome' | 'firefox';
