import { expect } from 'vitest';

/**
 * Runs a benchmark's main with --json among `argv`, collecting what it prints. Every benchmark
 * prints no missing figure, and ends with its whole result as one JSON line.
 */
export async function runBench<R, C extends object = object>(
  main: (argv: readonly string[], context: C & { log(line: string): void }) => Promise<R>,
  argv: string[],
  context = {} as C,
): Promise<{ result: R; output: string }> {
  const lines: string[] = [];
  const result = await main(argv, { ...context, log: (line: string) => lines.push(line) });
  const output = lines.join('\n');
  expect(output).not.toMatch(/NaN|Infinity|undefined/);
  expect(JSON.parse(lines[lines.length - 1] ?? '')).toEqual(JSON.parse(JSON.stringify(result)));
  return { result, output };
}
