import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { createHandOvers } from '../../background/agent/hand-overs';
import { HandOverAnswer, MAX_HAND_OVER_REPLY, type HandOverRequest } from '../../src/protocol/hand-over';

const ask = { request: 'Which size?', site: 'shop.example', tabId: 7 };

function setUp() {
  const shown: HandOverRequest[] = [];
  const resolved: string[] = [];
  const handOvers = createHandOvers(
    (request) => shown.push(request),
    (id) => resolved.push(id),
  );
  return { handOvers, shown, resolved };
}

describe('hand-overs wait for the person and take only an answer they were offered', () => {
  it('a choice the hand-over did not offer, or Continue where it offered choices, changes nothing', async () => {
    const { handOvers, shown, resolved } = setUp();
    const answer = handOvers.pose({ ...ask, choices: ['Small', 'Large'] }, new AbortController().signal);
    const id = shown[0]!.id;
    expect(handOvers.answer(id, { kind: 'choose', choice: 'Medium' })).toBe(false);
    expect(handOvers.answer(id, { kind: 'continue' })).toBe(false);
    expect(handOvers.open()).toHaveLength(1);
    expect(handOvers.answer(id, { kind: 'choose', choice: 'Large' })).toBe(true);
    expect(await answer).toEqual({ kind: 'choose', choice: 'Large' });
    // Answered once: a second answer, from another sidebar, is refused.
    expect(handOvers.answer(id, { kind: 'choose', choice: 'Small' })).toBe(false);
    expect(resolved).toEqual([id]);
    expect(handOvers.open()).toEqual([]);
  });

  it('a choice is not taken where none was offered', async () => {
    const { handOvers, shown } = setUp();
    const answer = handOvers.pose(ask, new AbortController().signal);
    expect(handOvers.answer(shown[0]!.id, { kind: 'choose', choice: 'Large' })).toBe(false);
    expect(handOvers.answer(shown[0]!.id, { kind: 'continue' })).toBe(true);
    expect(await answer).toEqual({ kind: 'continue' });
  });

  it("the person's typed reply is taken beside the choices offered; an empty or overlong one is not a reply", async () => {
    const { handOvers, shown } = setUp();
    const answer = handOvers.pose({ ...ask, choices: ['Small', 'Large'] }, new AbortController().signal);
    expect(handOvers.answer(shown[0]!.id, { kind: 'reply', text: 'Medium, if they have it' })).toBe(true);
    expect(await answer).toEqual({ kind: 'reply', text: 'Medium, if they have it' });
    expect(v.safeParse(HandOverAnswer, { kind: 'reply', text: ' \n ' }).success).toBe(false);
    expect(v.safeParse(HandOverAnswer, { kind: 'reply', text: 'a'.repeat(MAX_HAND_OVER_REPLY + 1) }).success).toBe(
      false,
    );
  });

  it('a stopped task ends its hand-over with no answer, and a later answer is refused', async () => {
    const { handOvers, shown, resolved } = setUp();
    const stop = new AbortController();
    const answer = handOvers.pose(ask, stop.signal);
    stop.abort();
    expect(await answer).toBeNull();
    expect(resolved).toEqual([shown[0]!.id]);
    expect(handOvers.answer(shown[0]!.id, { kind: 'continue' })).toBe(false);
  });

  it('a task already stopped shows nothing', async () => {
    const { handOvers, shown } = setUp();
    const stop = new AbortController();
    stop.abort();
    expect(await handOvers.pose(ask, stop.signal)).toBeNull();
    expect(shown).toEqual([]);
  });
});
