import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';

const version = JSON.parse(readFileSync('package.json', 'utf8')).version as string;
const open = async (path: string) => JSZip.loadAsync(readFileSync(path));
const manifestOf = async (zip: JSZip) => JSON.parse((await zip.file('manifest.json')?.async('string')) ?? '{}');

describe('npm run package', () => {
  it('produces a Firefox add-on archive and a Chrome Web Store archive from the build', async () => {
    const run = spawnSync(process.execPath, ['scripts/package.mjs'], { encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);

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
});
