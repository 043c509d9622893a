// The built extensions carry Bosun's licence and a notice for every npm package bundled into them.
// What is bundled is found here by bundling the same entries again, not by reading the build's list.
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import * as esbuild from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import { entriesFor, extensionBundle } from '../../scripts/bundles.mjs';

const root = process.cwd();
const LEGAL = /\/\*!|@license|@preserve/;

/** The npm packages with code in a fresh bundle of `target`, and the inputs among them with a licence comment. */
async function bundled(target: 'chrome' | 'firefox') {
  const packages = new Map<string, string>();
  const legal: { input: string; output: string }[] = [];
  for (const [source, name] of Object.entries(entriesFor(target))) {
    const options = { ...extensionBundle(root, target, source, join(root, 'dist', target, name)), write: false };
    const { metafile } = await esbuild.build(options);
    // An entry split into chunks (the sidebar) has several outputs: each keeps the comments of its code.
    for (const [outputPath, { inputs }] of Object.entries(metafile.outputs)) {
      const output = relative(join(root, 'dist', target), join(root, outputPath))
        .split(sep)
        .join('/');
      for (const [input, { bytesInOutput }] of Object.entries(inputs)) {
        const match = /^(.*node_modules\/(@[^/]+\/)?[^/@]+)\//.exec(input);
        if (!match || bytesInOutput === 0) continue;
        const pkg = JSON.parse(readFileSync(join(root, match[1]!, 'package.json'), 'utf8')) as { name: string };
        packages.set(pkg.name, match[1]!);
        if (LEGAL.test(readFileSync(join(root, input), 'utf8'))) legal.push({ input, output });
      }
    }
  }
  return { packages, legal };
}

describe.each(['chrome', 'firefox'] as const)('the licences in dist/%s', (target) => {
  const dist = (file: string) => readFileSync(join(root, 'dist', target, file), 'utf8');
  let found: ReturnType<typeof bundled>;
  beforeAll(() => {
    found = bundled(target);
  });

  it('ships the MPL 2.0 text as LICENSE, whole', () => {
    const licence = dist('LICENSE');
    expect(licence).toBe(readFileSync(join(root, 'LICENSE'), 'utf8'));
    expect(licence).toMatch(/^Mozilla Public License Version 2\.0\n/);
    const parts = ['1. Definitions', '10. Versions of the License', 'Exhibit A - Source Code Form License Notice'];
    for (const part of parts) expect(licence).toContain(part);
    expect(licence).toMatch(/Exhibit B - "Incompatible With Secondary Licenses" Notice\n/);
    expect(licence).toMatch(/defined by the Mozilla Public License, v\. 2\.0\.\s*$/);
  });

  it('names every bundled npm package with its version, licence and licence text', async () => {
    const { packages } = await found;
    // Bosun bundles these at least; the notices must follow whatever else comes in.
    const known = ['preact', 'valibot', 'webextension-polyfill', 'dompurify'];
    expect([...packages.keys()]).toEqual(expect.arrayContaining(known));
    const notices = dist('THIRD-PARTY-NOTICES.txt');
    for (const [name, dir] of packages) {
      const pkgFile = readFileSync(join(root, dir, 'package.json'), 'utf8');
      const pkg = JSON.parse(pkgFile) as { version: string; license: string };
      expect(notices, name).toContain(`\n${name} ${pkg.version}\nLicence: ${pkg.license}\n`);
      const licenceFiles = readdirSync(join(root, dir)).filter((file) => /^(licen[cs]e|copying)/i.test(file));
      expect(licenceFiles, `${name} has a licence file`).not.toEqual([]);
      for (const file of licenceFiles) {
        expect(notices, `${name}/${file}`).toContain(readFileSync(join(root, dir, file), 'utf8').trim());
      }
    }
  });

  it('keeps the licence comments of bundled code in the bundle that holds it', async () => {
    const { legal } = await found;
    // DOMPurify's and JSZip's headers at least.
    expect(legal.length).toBeGreaterThan(0);
    for (const { input, output } of legal) {
      const code = dist(output);
      expect(code, output).toContain('Bundled license information');
      expect(code, `${input} in ${output}`).toContain(`${input.replace(/^.*node_modules\//, '')}:`);
    }
  });
});
