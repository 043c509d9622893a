import { spawnSync } from 'node:child_process';
import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import JSZip from 'jszip';
import { beforeAll, describe, expect, it } from 'vitest';

const version = JSON.parse(readFileSync('package.json', 'utf8')).version as string;
const open = async (path: string) => JSZip.loadAsync(readFileSync(path));
const manifestOf = async (zip: JSZip) => JSON.parse((await zip.file('manifest.json')?.async('string')) ?? '{}');

describe('npm run package', () => {
  // One run writes all three archives, which both tests read.
  beforeAll(() => {
    const run = spawnSync(process.execPath, ['scripts/package.mjs'], { encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
  });

  it('produces a Firefox add-on archive and a Chrome Web Store archive from the build', async () => {
    const firefox = await open(`artifacts/bosun-firefox-${version}.zip`);
    expect(await manifestOf(firefox)).toMatchObject({
      version,
      background: { scripts: ['background.js'] },
      sidebar_action: { default_panel: 'sidebar.html' },
    });
    const chrome = await open(`artifacts/bosun-chrome-${version}.zip`);
    const chromeManifest = await manifestOf(chrome);
    expect(chromeManifest).toMatchObject({
      version,
      background: { service_worker: 'background.js' },
      side_panel: { default_path: 'sidebar.html' },
    });
    expect(chromeManifest).not.toHaveProperty('key');
    for (const zip of [firefox, chrome]) {
      expect(Object.keys(zip.files)).toEqual(
        expect.arrayContaining(['background.js', 'sidebar.html', 'sidebar.js', 'sidebar.css', 'icons/icon-128.png']),
      );
    }
    // The licence and the notices the build generated travel in both archives (licences.test.ts checks their content).
    for (const [zip, target] of [
      [firefox, 'firefox'],
      [chrome, 'chrome'],
    ] as const) {
      for (const file of ['LICENSE', 'THIRD-PARTY-NOTICES.txt']) {
        const packed = await zip.file(file)?.async('string');
        expect(packed, `${file} in the ${target} archive`).toBe(readFileSync(`dist/${target}/${file}`, 'utf8'));
      }
    }
  });

  it(
    'writes a source archive whose build instructions rebuild the shipped files byte for byte',
    { timeout: 600_000 },
    async () => {
      const source = await open(`artifacts/bosun-source-${version}.zip`);
      const instructions = (await source.file('SOURCE-BUILD.md')?.async('string')) ?? '';
      expect(instructions).toContain('npm ci');
      expect(instructions).toContain('node build.mjs chrome firefox');

      const dir = mkdtempSync(join(tmpdir(), 'bosun-source-'));
      try {
        for (const [path, entry] of Object.entries(source.files)) {
          if (entry.dir) continue;
          mkdirSync(dirname(join(dir, path)), { recursive: true });
          writeFileSync(join(dir, path), await entry.async('nodebuffer'));
        }
        // The same locked dependencies as `npm ci` installs; no network in tests.
        symlinkSync(resolve('node_modules'), join(dir, 'node_modules'));
        const build = spawnSync(process.execPath, ['build.mjs', 'chrome', 'firefox'], { cwd: dir, encoding: 'utf8' });
        expect(build.status, build.stderr).toBe(0);
        for (const target of ['chrome', 'firefox']) {
          const shipped = filesUnder(join('dist', target));
          expect(filesUnder(join(dir, 'dist', target)), `the files of dist/${target}`).toEqual(shipped);
          for (const file of shipped) {
            const rebuilt = readFileSync(join(dir, 'dist', target, file));
            expect(rebuilt.equals(readFileSync(join('dist', target, file))), `dist/${target}/${file}`).toBe(true);
          }
        }
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});

/** @returns the files under `dir`, relative to it, sorted. */
function filesUnder(dir: string, base = dir): string[] {
  return readdirSync(dir)
    .flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? filesUnder(path, base) : [relative(base, path)];
    })
    .sort();
}
