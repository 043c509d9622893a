import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Builds the extensions a benchmark loads (`chrome`, `firefox`), and any other build targets it
 * needs (`bridge`), or with `build` false checks that the extensions are built; answers their directories.
 */
export function builtExtensions(
  root: string,
  targets: readonly string[],
  build: boolean,
  alsoBuild: readonly string[] = [],
): string[] {
  if (build) {
    const built = spawnSync(process.execPath, ['build.mjs', ...targets, ...alsoBuild], { cwd: root, encoding: 'utf8' });
    if (built.status !== 0)
      throw new Error(`node build.mjs ${[...targets, ...alsoBuild].join(' ')} failed:\n${built.stdout}${built.stderr}`);
  }
  return targets.map((target) => {
    const dir = join(root, 'dist', target);
    if (!existsSync(join(dir, 'manifest.json')))
      throw new Error(`dist/${target} is missing: run \`node build.mjs ${target}\` or drop --no-build`);
    return dir;
  });
}
