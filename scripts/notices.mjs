// @ts-check
/**
 * Third-party notices, generated at build time: the npm packages esbuild actually put into a
 * target's bundles (read from its metafile, so tree-shaken-away dependencies are not listed and a
 * new dependency cannot be forgotten), each with its name, version, licence and licence text.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

export const NOTICES_FILE = 'THIRD-PARTY-NOTICES.txt';

/** A package's licence files: LICENSE, LICENCE, COPYING, with or without an extension or suffix. */
const LICENCE_FILE = /^(licen[cs]e|copying)([-._].*)?$/i;

/**
 * The folder of the npm package a bundled input belongs to, or null for Bosun's own code.
 * @param {string} root @param {string} input a metafile input path, relative to `root`
 */
export function packageDirOf(root, input) {
  const parts = input.split(/[\\/]/);
  const at = parts.lastIndexOf('node_modules');
  if (at < 0) return null;
  const length = parts[at + 1]?.startsWith('@') ? 3 : 2;
  return join(root, ...parts.slice(0, at + length));
}

/**
 * @typedef {{ name: string, version: string, licence: string, texts: string[], usedIn: string[] }} BundledPackage
 * @param {string} root
 * @param {{ outputs: Record<string, { inputs: Record<string, { bytesInOutput: number }> }> }[]} metafiles
 * @returns {BundledPackage[]} sorted by name
 */
export function bundledPackages(root, metafiles) {
  /** @type {Map<string, BundledPackage>} */
  const found = new Map();
  for (const metafile of metafiles) {
    for (const [output, { inputs }] of Object.entries(metafile.outputs)) {
      for (const [input, { bytesInOutput }] of Object.entries(inputs)) {
        const dir = packageDirOf(root, input);
        // Only code that reached the bundle: a module tree-shaken to nothing ships nothing of the package.
        if (dir === null || bytesInOutput === 0) continue;
        const entry = found.get(dir) ?? describePackage(dir);
        const file = output.split(/[\\/]/).at(-1) ?? output;
        if (!entry.usedIn.includes(file)) entry.usedIn.push(file);
        found.set(dir, entry);
      }
    }
  }
  return [...found.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** @param {string} dir @returns {BundledPackage} */
function describePackage(dir) {
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  const licence = typeof pkg.license === 'string' ? pkg.license : pkg.license?.type;
  const files = readdirSync(dir)
    .filter((name) => LICENCE_FILE.test(name))
    .sort();
  const where = relative(process.cwd(), dir).split(sep).join('/');
  // A licence that asks for its text to travel with the code cannot be honoured without the text.
  if (!licence) throw new Error(`${where}: package.json names no licence`);
  if (files.length === 0) throw new Error(`${where}: no LICENSE file to ship in the notices`);
  const texts = files.map((name) => readFileSync(join(dir, name), 'utf8').trim());
  return { name: pkg.name, version: pkg.version, licence, texts, usedIn: [] };
}

/** @param {BundledPackage[]} packages @param {string} product */
export function noticesText(packages, product) {
  const rule = '='.repeat(78);
  const head = [
    `${product} contains the following third-party packages, bundled into the files named with each.`,
    `Each is listed with its version, its licence and the licence text it ships with.`,
  ];
  const blocks = packages.map((p) => {
    const used = `Used in: ${p.usedIn.sort().join(', ')}`;
    const lines = [rule, `${p.name} ${p.version}`, `Licence: ${p.licence}`, used, ''];
    return [...lines, ...p.texts.flatMap((text) => [text, ''])].join('\n');
  });
  return `${[head.join('\n'), ...blocks].join('\n\n').trimEnd()}\n`;
}
