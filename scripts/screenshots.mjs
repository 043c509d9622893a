// @ts-check
/** Builds Bosun, retakes the README's screenshots (docs/sidebar-*.png) and records its animation (docs/task-chromium.gif). */
import { execFileSync } from 'node:child_process';
import { root, runTypeScript } from './run-ts.mjs';

execFileSync(process.execPath, ['build.mjs'], { cwd: root, stdio: 'inherit' });
await runTypeScript('scripts/screenshots/run.ts', 'screenshots', process.argv.slice(2));
