// The bench's own tools, installed outside the project's dependencies: chrome-devtools-mcp (the
// baseline) and a tokenizer, in a cache directory of their own ($BOSUN_BENCH_CACHE, or
// ~/.cache/bosun-bench/mcp), pinned so runs compare the same baseline.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { join } from 'node:path';

const PACKAGES = { 'chrome-devtools-mcp': '1.11.0', 'gpt-tokenizer': '4.0.0' } as const;

export interface BenchTools {
  /** chrome-devtools-mcp's executable script, run with node. */
  devtoolsMcp: string;
  /** Tokens of a text, by OpenAI's o200k encoding (GPT-4o and later). */
  countTokens(text: string): number;
}

export function benchTools(): BenchTools {
  const dir = process.env.BOSUN_BENCH_CACHE ?? join(homedir(), '.cache', 'bosun-bench', 'mcp');
  const installed = Object.entries(PACKAGES).every(([name, version]) => {
    const manifest = join(dir, 'node_modules', name, 'package.json');
    return existsSync(manifest) && (createRequire(manifest)(manifest) as { version: string }).version === version;
  });
  if (!installed) {
    mkdirSync(dir, { recursive: true });
    if (!existsSync(join(dir, 'package.json'))) writeFileSync(join(dir, 'package.json'), '{"private":true}\n');
    const specs = Object.entries(PACKAGES).map(([name, version]) => `${name}@${version}`);
    console.log(`installing ${specs.join(', ')} into ${dir}`);
    const npm = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--prefix', dir, ...specs], {
      stdio: 'inherit',
    });
    if (npm.status !== 0) throw new Error(`npm install ${specs.join(' ')} into ${dir} failed`);
  }
  const require = createRequire(join(dir, 'package.json'));
  const tokenizer = require('gpt-tokenizer') as { countTokens(text: string): number };
  return {
    devtoolsMcp: join(dir, 'node_modules', 'chrome-devtools-mcp', 'build', 'src', 'bin', 'chrome-devtools-mcp.js'),
    countTokens: (text) => tokenizer.countTokens(text),
  };
}
