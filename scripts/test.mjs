// @ts-check
/**
 * `npm test`: every check, in order: lint (eslint, the dependency rule and the formatter, at once), unit tests, build (which type-checks), the Firefox
 * add-on linter, then the end-to-end tests in real Chromium and Firefox. Each stage runs even
 * if an earlier one failed (except e2e, which needs the build), so one run shows everything.
 * Before it, the ten slowest tests of the run (from the vitest JSON reports), to show where the time goes.
 * Ends with one line, `N passed, N failed`, counting each test and each non-test check.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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

/** @param {string} label @param {string[]} args */
function stage(label, args) {
  console.log(`\n── ${label} ──`);
  const ok = spawnSync(process.execPath, args, { stdio: 'inherit', cwd: root }).status === 0;
  console.log(`── ${label}: ${ok ? 'ok' : 'FAILED'} ──`);
  return ok;
}

/** A check that is not a test suite counts as one test. @param {string} label @param {string[]} args */
function check(label, args) {
  return count(stage(label, args));
}

/** @param {boolean} ok */
function count(ok) {
  if (ok) passed += 1;
  else failed += 1;
  return ok;
}

/**
 * Checks that each use one core, run at once; each one's output is printed whole when all have
 * ended, in the order given, so the log reads as if they had run one after another.
 * @param {[string, string[]][]} checks
 */
async function checksAtOnce(checks) {
  const runs = checks.map(
    ([, args]) =>
      /** @type {Promise<{ ok: boolean, output: string }>} */ (
        new Promise((done) => {
          const child = spawn(process.execPath, args, { cwd: root });
          let output = '';
          child.stdout.on('data', (chunk) => (output += chunk));
          child.stderr.on('data', (chunk) => (output += chunk));
          child.on('close', (code) => done({ ok: code === 0, output }));
        })
      ),
  );
  const ended = await Promise.all(runs);
  ended.forEach(({ ok, output }, i) => {
    const label = checks[i]?.[0];
    console.log(`\n── ${label} ──\n${output.trimEnd()}`);
    console.log(`── ${label}: ${ok ? 'ok' : 'FAILED'} ──`);
    count(ok);
  });
}

/** A vitest project: its tests are counted from the JSON report. @param {string} project */
function suite(project) {
  const report = join(results, `${project}.json`);
  const ok = stage(`${project} tests`, [
    'node_modules/vitest/vitest.mjs',
    'run',
    '--project',
    project,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
  ]);
  if (!existsSync(report)) {
    failed += 1; // the runner itself crashed before reporting
    return;
  }
  const { numPassedTests, numFailedTests, testResults } = JSON.parse(readFileSync(report, 'utf8'));
  for (const file of testResults ?? []) {
    // A file's time also holds its hooks: the browser launches in beforeAll.
    fileTimings.push({ ms: (file.endTime ?? 0) - (file.startTime ?? 0), name: relative(root, file.name) });
    for (const test of file.assertionResults ?? []) {
      timings.push({ ms: test.duration ?? 0, name: `${relative(root, file.name)} > ${test.fullName}` });
    }
  }
  passed += numPassedTests;
  failed += numFailedTests + (ok || numFailedTests > 0 ? 0 : 1);
}

const webExt = 'node_modules/web-ext/bin/web-ext.js';
await checksAtOnce([
  ['eslint', ['node_modules/eslint/bin/eslint.js', '.']],
  // The second part of `npm run lint`: layers and circles (.dependency-cruiser.mjs says which).
  [
    'dependency rule (layers, no circles)',
    [
      'node_modules/dependency-cruiser/bin/dependency-cruise.mjs',
      '--config',
      '.dependency-cruiser.mjs',
      'policy',
      'src',
      'background',
      'content',
      'sidebar',
      'abp-app',
      'bridge',
    ],
  ],
  // The third: one formatter for every file it knows (.prettierrc.json; `npm run format` applies it).
  ['format (prettier --check)', ['node_modules/prettier/bin/prettier.cjs', '--check', '.']],
]);
suite('unit');
if (check('build (type-check, bundle, manifests)', ['build.mjs'])) {
  check('web-ext lint (Firefox add-on linter)', [
    webExt,
    'lint',
    '--source-dir',
    'dist/firefox',
    '--self-hosted',
    '--warnings-as-errors',
  ]);
  suite('e2e');
} else {
  failed += 2; // the add-on linter and the end-to-end suite could not run
}

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
