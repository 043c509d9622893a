// The MCP bench end to end, small: the news page, one round, on the build `npm run test:long` makes.
// Its baseline (chrome-devtools-mcp) and tokenizer are installed once into $BOSUN_BENCH_CACHE (or
// ~/.cache/bosun-bench/mcp) and reused by later runs.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { main } from '../../bench/mcp/run';
import { runBench } from '../unit/support/bench-output';

const root = join(fileURLToPath(import.meta.url), '..', '..', '..');
const number = String.raw`[\d,.]+k?`;

describe('the MCP bench', () => {
  it(
    'runs both servers on the news page and prints every figure and ratio with numbers',
    { timeout: 600_000 },
    async () => {
      const { result, output } = await runBench(main, ['--pages=news', '--runs=1', '--no-build', '--json'], { root });
      expect(result.failures).toEqual([]);
      expect(output).not.toMatch(/failed|–/);
      expect(output).toMatch(/^\| page \| figure \| chrome-devtools-mcp \| bosun-bridge \| Bosun \/ baseline \|$/m);
      for (const figure of ['first read', 'read again', 'first screenshot after navigating'])
        expect(output).toMatch(
          new RegExp(`^\\| (news\\.html)? \\| ${figure} \\| ${number} ms \\| ${number} ms \\| ${number}× \\|$`, 'm'),
        );
      expect(output).toMatch(
        new RegExp(
          `^\\| \\(first call\\) \\| browser started, page opened \\| ${number} ms \\| ${number} ms \\| ${number}× \\|$`,
          'm',
        ),
      );
      for (const figure of ['tokens \\(o200k\\)', 'elements listed'])
        expect(output).toMatch(new RegExp(`^\\|  \\| ${figure} \\| ${number} \\| ${number} \\| ${number}× \\|$`, 'm'));
      for (const side of Object.values(result.results)) {
        expect(side.firstCallMs).toBeGreaterThan(0);
        const news = side.pages['news.html']!;
        for (const figure of Object.values(news)) expect(figure).toBeGreaterThan(0);
      }
      expect(output).toMatch(/^\| server and preset \| tools \| tool list tokens \| connect \+ list \|$/m);
      expect(result.toolLists.map((list) => list.name)).toEqual([
        'chrome-devtools-mcp',
        'bosun-bridge',
        'chrome-devtools-mcp --slim',
        'bosun-bridge --tools full',
      ]);
      for (const list of result.toolLists) {
        expect(output).toContain(`| ${list.name} | ${list.tools} | `);
        expect(list.tools).toBeGreaterThan(0);
        expect(list.tokens).toBeGreaterThan(0);
        expect(list.connectMs).toBeGreaterThan(0);
      }
      expect(output).toMatch(
        new RegExp(`^\\| bosun-bridge --tools full \\| \\d+ \\| ${number} \\| ${number} ms \\|$`, 'm'),
      );
    },
  );
});
