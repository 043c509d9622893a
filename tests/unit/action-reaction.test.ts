// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { watchReaction } from '../../content/actions/changes';

/** When the watch ended, in fake milliseconds after the action, and what it counted. */
async function watch(act: () => void): Promise<{ after: number; changed: number }> {
  const start = Date.now();
  let ended: { after: number; changed: number } | undefined;
  void watchReaction(document, act).then(
    ({ reaction }) => (ended = { after: Date.now() - start, changed: reaction.changed }),
  );
  for (let ms = 0; ms < 200 && !ended; ms += 1) await vi.advanceTimersByTimeAsync(1);
  if (!ended) throw new Error('the watch never ended');
  return ended;
}

describe('how long an action waits for the page to react', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    document.body.innerHTML = '<p id="a">one</p><p id="b">two</p>';
  });
  afterEach(() => vi.useRealTimers());

  it('a page that does not react is given the whole settling time before "nothing changed"', async () => {
    expect(await watch(() => {})).toEqual({ after: 60, changed: 0 });
  });

  it('a page that reacts at once ends the wait once it has been still for a frame and more', async () => {
    const { after, changed } = await watch(() => document.getElementById('a')?.classList.add('open'));
    expect(changed).toBe(1);
    expect(after).toBe(25);
  });

  it('renders in later frames are still counted, and the wait never passes the settling time', async () => {
    const { after, changed } = await watch(() => {
      document.getElementById('a')?.classList.add('open');
      setTimeout(() => document.getElementById('b')?.append(' and more'), 16);
      setTimeout(() => document.body.append(document.createElement('div')), 38);
    });
    expect(changed).toBe(3);
    expect(after).toBe(60);
  });
});
