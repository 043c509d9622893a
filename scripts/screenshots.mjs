// @ts-check
/** Builds Bosun and retakes the README's screenshots (docs/sidebar-light.png, docs/sidebar-dark.png). */
import { execFileSync } from 'node:child_process';
import { root, runTypeScript } from './run-ts.mjs';

execFileSync(process.execPath, ['build.mjs'], { cwd: root, stdio: 'inherit' });
await runTypeScript('scripts/screenshots/run.ts', 'screenshots', process.argv.slice(2));
