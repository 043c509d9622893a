import * as v from 'valibot';
import { expect, it } from 'vitest';
import { ContentError, readContentReply } from '../../background/content-channel/content-client';
import { ContentResponses } from '../../src/protocol/background-to-content';
import { exampleOf, mutate, oddValue } from './message-mutations';
import { FUZZ_SEED, seededRandom } from './seeded-random';

/**
 * Content-script replies, fuzzed through the background's real check (`readContentReply`): a
 * page's realm cannot forge these in a browser, so the check itself is driven with replies
 * made from the real response schemas and broken. Each reply is either taken as its schema
 * says, or refused with a ContentError that names the request; nothing else may happen.
 */
export function defineContentReplyFuzz(count: number): void {
  it(`takes or clearly refuses ${count} malformed content-script replies`, () => {
    const random = seededRandom(FUZZ_SEED);
    const types = Object.keys(ContentResponses) as (keyof typeof ContentResponses)[];
    const figures = {
      replies: count,
      taken: 0,
      refusedByScript: 0,
      refusedShape: 0,
      otherErrors: [] as string[],
      wrongOutputs: 0,
      slowestMs: 0,
    };
    for (let i = 0; i < count; i++) {
      const type = random.pick(types);
      const schema = ContentResponses[type];
      let reply = random.chance(0.1) ? { success: false, error: oddValue(random) } : exampleOf(schema as never, random);
      for (let n = random.int(4); n > 0; n--) reply = mutate(reply, random);
      const raw = JSON.parse(JSON.stringify(reply)) as unknown;
      const started = performance.now();
      try {
        const output = readContentReply(type, schema, raw);
        figures.taken += 1;
        if (!v.is(schema, output)) figures.wrongOutputs += 1;
      } catch (error) {
        const message = error instanceof ContentError ? error.message : '';
        if (message.startsWith(`The page answered ${type} in an unexpected shape (`)) figures.refusedShape += 1;
        else if (error instanceof ContentError && message.length > 0 && message.length <= 2000)
          figures.refusedByScript += 1;
        else figures.otherErrors.push(String(error).slice(0, 200));
      }
      figures.slowestMs = Math.max(figures.slowestMs, performance.now() - started);
    }
    const polluted = ({} as Record<string, unknown>).polluted !== undefined;
    console.log(
      `content-script reply fuzzing (seed ${FUZZ_SEED}): ${JSON.stringify({ ...figures, otherErrors: figures.otherErrors.length, slowestMs: Math.round(figures.slowestMs), polluted })}`,
    );
    expect(figures.otherErrors.slice(0, 5)).toEqual([]);
    expect(figures.wrongOutputs).toBe(0);
    expect(polluted).toBe(false);
    // The generator must reach every outcome, or the run proves little.
    expect(Math.min(figures.taken, figures.refusedByScript, figures.refusedShape)).toBeGreaterThan(0);
  }, 3_600_000);
}
