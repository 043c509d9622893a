// @ts-check
/**
 * `npm test`: every check: lint (eslint, the dependency rule and the formatter), unit tests, build (which
 * type-checks), the Firefox add-on linter, and the end-to-end tests in real Chromium and Firefox. The build
 * comes first, because the end-to-end suite loads what it builds; then the end-to-end suite runs, and the
 * other checks run beside it at a lower priority: most of an end-to-end file's time is spent waiting on
 * browsers, pages and timers, so the cores have room for them. Their output is printed whole when the
 * end-to-end suite has ended. Every check runs even if another failed (except those that need the build).
 * Before the last line, the ten slowest tests of the run (from the vitest JSON reports), to show where the
 * time goes. Ends with one line, `N passed, N failed`, counting each test and each non-test check.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { setPriority } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const started = Date.now();
const results = join(root, 'test-results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

let passed = 0;
let failed = 0;
/** Every test's and every file's time, from the JSON reports. @type {{ ms: number, name: string }[]} */
const timings = [];
/** @type {{ ms: number, name: string }[]} */
const fileTimings = [];

/** @param {boolean} ok */
function count(ok) {
  if (ok) passed += 1;
  else failed += 1;
  return ok;
}

/**
 * Runs one check. In front, its output goes straight to the terminal; beside the end-to-end suite
 * (`beside`), it is kept, and the check runs at a lower priority than the browsers.
 * @param {string} label @param {string[]} args @param {{ beside?: boolean }} [how]
 * @returns {Promise<{ label: string, ok: boolean, output: string }>}
 */
function run(label, args, { beside = false } = {}) {
  if (!beside) console.log(`\n── ${label} ──`);
  return new Promise((done) => {
    const child = spawn(process.execPath, args, { cwd: root, stdio: beside ? 'pipe' : 'inherit' });
    if (beside && child.pid !== undefined) setPriority(child.pid, 10);
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      if (!beside) console.log(`── ${label}: ${code === 0 ? 'ok' : 'FAILED'} ──`);
      done({ label, ok: code === 0, output });
    });
  });
}

/** Prints a check that ran beside the end-to-end suite, as if it had run alone. @param {{ label: string, ok: boolean, output: string }} check */
function report({ label, ok, output }) {
  console.log(`\n── ${label} ──\n${output.trimEnd()}`);
  console.log(`── ${label}: ${ok ? 'ok' : 'FAILED'} ──`);
}

/**
 * A vitest project: its tests are counted from the JSON report.
 * @param {string} project @param {{ beside?: boolean }} [how]
 */
async function suite(project, how) {
  const file = join(results, `${project}.json`);
  const args = ['node_modules/vitest/vitest.mjs', 'run', '--project', project, '--reporter=default'];
  return { ...(await run(`${project} tests`, [...args, '--reporter=json', `--outputFile.json=${file}`], how)), file };
}

/** Counts a check, or each test of a vitest project from its JSON report. @param {{ ok: boolean, file?: string }} check */
function tally({ ok, file }) {
  if (file === undefined) {
    count(ok);
    return;
  }
  if (!existsSync(file)) {
    failed += 1; // the runner itself crashed before reporting
    return;
  }
  const { numPassedTests, numFailedTests, testResults } = JSON.parse(readFileSync(file, 'utf8'));
  for (const result of testResults ?? []) {
    // A file's time also holds its hooks: the browser launches in beforeAll.
    fileTimings.push({ ms: (result.endTime ?? 0) - (result.startTime ?? 0), name: relative(root, result.name) });
    for (const test of result.assertionResults ?? []) {
      timings.push({ ms: test.duration ?? 0, name: `${relative(root, result.name)} > ${test.fullName}` });
    }
  }
  passed += numPassedTests;
  failed += numFailedTests + (ok || numFailedTests > 0 ? 0 : 1);
}

const built = count((await run('build (type-check, bundle, manifests)', ['build.mjs'])).ok);
const e2e = built ? suite('e2e') : null;
if (!built) failed += 2; // the add-on linter and the end-to-end suite could not run

const beside = { beside: true };
const lint = await Promise.all([
  run('eslint', ['node_modules/eslint/bin/eslint.js', '.'], beside),
  // The second part of `npm run lint`: layers and circles (.dependency-cruiser.mjs says which).
  run(
    'dependency rule (layers, no circles)',
    [
      'node_modules/dependency-cruiser/bin/dependency-cruise.mjs',
      '--config',
      '.dependency-cruiser.mjs',
      ...['policy', 'src', 'background', 'content', 'sidebar', 'abp-app', 'bridge'],
    ],
    beside,
  ),
  // The third: one formatter for every file it knows (.prettierrc.json; `npm run format` applies it).
  run('format (prettier --check)', ['node_modules/prettier/bin/prettier.cjs', '--check', '.'], beside),
]);
const unit = await suite('unit', beside);
const webExt = built
  ? await run(
      'web-ext lint (Firefox add-on linter)',
      [
        ...['node_modules/web-ext/bin/web-ext.js', 'lint', '--source-dir', 'dist/firefox'],
        ...['--self-hosted', '--warnings-as-errors'],
      ],
      beside,
    )
  : null;
const endToEnd = await e2e;

for (const check of [...lint, unit, ...(webExt ? [webExt] : [])]) report(check);
for (const check of [...lint, unit, webExt, endToEnd]) if (check) tally(check);

/** @param {string} title @param {{ ms: number, name: string }[]} list @param {number} count */
function slowest(title, list, count) {
  if (list.length === 0) return;
  console.log(`\n── ${title} ──`);
  for (const { ms, name } of list.sort((a, b) => b.ms - a.ms).slice(0, count)) {
    console.log(`${(ms / 1000).toFixed(1).padStart(7)} s  ${name}`);
  }
}
slowest('ten slowest test files (with their hooks)', fileTimings, 10);
slowest('ten slowest tests', timings, 10);
const minutes = (Date.now() - started) / 60_000;
console.log(`\nAll checks took ${minutes.toFixed(1)} minutes (after setup).`);

const summary = `${passed} passed, ${failed} failed`;
writeFileSync(join(results, 'summary.txt'), `${summary}\n`);
console.log(`\n${summary}`);
process.exit(failed === 0 ? 0 : 1);
