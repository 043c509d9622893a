// @ts-check
/**
 * The source archive store reviewers ask for with a bundled add-on: every file the repository
 * tracks, as it is in the working tree the extensions were built from, plus SOURCE-BUILD.md, which
 * says how to rebuild dist/chrome and dist/firefox from it byte for byte.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import JSZip from 'jszip';

export const BUILD_NOTE = 'SOURCE-BUILD.md';

/** The instructions that travel in the archive. @param {string} version @param {string} node */
export function buildInstructions(version, node) {
  return `# Building Bosun ${version} from this source

The archive holds every file of the Bosun repository. The extension files in the store packages
(\`bosun-firefox-${version}.zip\`, \`bosun-chrome-${version}.zip\`) are \`dist/firefox/\` and \`dist/chrome/\`
as built here; nothing is minified beyond constant folding, and third-party code comes only from npm.

Requirements: Node.js ${node} or later (built with ${process.version}), npm, any OS (Linux was used).

1. \`npm ci\` installs the exact dependency versions of \`package-lock.json\`.
2. \`node build.mjs chrome firefox\` type-checks and writes \`dist/chrome/\` and \`dist/firefox/\`.

The files written are identical, byte for byte, to those in the packages (the Chrome package's
\`manifest.json\` only lacks the development \`key\`). \`tests/e2e/package.test.ts\` rebuilds from this
archive and compares every file. \`npm run package\` then makes the store packages from \`dist/\`.
`;
}

/** The files git tracks, relative to `root`. @param {string} root */
export function trackedFiles(root) {
  const git = spawnSync('git', ['ls-files', '-z', '--cached'], { cwd: root, encoding: 'utf8' });
  if (git.status !== 0) throw new Error(`git ls-files failed: ${git.stderr}`);
  return git.stdout.split('\0').filter((path) => path !== '');
}

/** @param {string} root @returns {Promise<Buffer>} */
export async function sourceArchive(root) {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const zip = new JSZip();
  // A fixed date: the archive of the same sources is the same file.
  const date = new Date('2000-01-01T00:00:00Z');
  for (const path of trackedFiles(root).sort()) {
    let contents;
    try {
      contents = readFileSync(join(root, path));
    } catch {
      continue; // deleted in the working tree and not yet committed: not part of what was built
    }
    zip.file(path, contents, { date });
  }
  zip.file(BUILD_NOTE, buildInstructions(pkg.version, pkg.engines?.node ?? '20'), { date });
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}
