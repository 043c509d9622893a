import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { createCapabilityTable } from '../../background/abp/capability-table';
import { AbpToBackground } from '../../src/protocol/abp-to-background';
import { ContentToBackground } from '../../src/protocol/content-to-background';
import { SidebarToBackground } from '../../src/protocol/sidebar-to-background';
import { BROWSERS, type PageDriver } from '../e2e/harness';
import { useExtension } from '../e2e/support/extension';
import { configure, openSidebar, send, waitForMessages } from '../e2e/support/sidebar';
import { stateSnapshot } from '../e2e/support/state-snapshot';
import { callAbp, postOnPort, sendRuntimeMessages, type Batch } from './fuzz-channels';
import { exampleOf, mutate, mutatedMessages, type MutationSource } from './message-mutations';
import { FUZZ_SEED, seededRandom, type Random } from './seeded-random';

/**
 * Message fuzzing on every channel of the real extension: the `sidebar` port, runtime messages,
 * the `abp` port and `window.abp`. Every message is one the channel must refuse; each must get a
 * refusal naming the problem within the bound, nothing Bosun keeps may change, and the
 * background must still answer afterwards. (The test file mocks webextension-polyfill: only the
 * capability table's param schemas are read here, in Node.)
 */

// The router's refusals, and the ABP envelope's codes for a refused call.
const ROUTER_ERROR =
  /^(A message must be an object with a string "type"\.|Unknown message type ".*"\.|Invalid [A-Z_]+: \S.*|[A-Z_]+ is not handled on this channel\.|[A-Z_]+ may not be sent by .+\.)$/s;
const ABP_REFUSALS = new Set(['INVALID_PARAMS', 'UNKNOWN_CAPABILITY']);
const BATCH = 500;

const capabilities = createCapabilityTable({} as never);
const paramsAccepted = (capability: unknown, params: unknown) => {
  const known = typeof capability === 'string' ? capabilities.get(capability) : undefined;
  // The dispatcher reads absent params as {} (dispatch.ts).
  return known !== undefined && v.safeParse(known.params, params ?? {}).success;
};
const ABP_SOURCE: MutationSource = {
  schemas: AbpToBackground,
  accepted: (message) => {
    const { type, payload } = message as { type: string; payload: { capability: string; params?: unknown } };
    return type !== 'ABP_CALL' || paramsAccepted(payload.capability, payload.params);
  },
};

/** `{ capability, params }` pairs a capability must refuse: real names (and a few odd ones) with broken params. */
function capabilityCalls(random: Random, count: number): { capability: unknown; params: unknown }[] {
  const names = [...capabilities.keys()];
  const calls: { capability: unknown; params: unknown }[] = [];
  while (calls.length < count) {
    const capability = random.chance(0.95)
      ? random.pick(names)
      : random.pick<unknown>(['constructor', '__proto__', '', 'crawl.Start', 42, null, 'x'.repeat(300)]);
    const schema = capabilities.get(String(capability))?.params ?? v.object({});
    let params = exampleOf(schema as never, random);
    for (let i = 0, n = 1 + random.int(3); i < n; i++) params = mutate(params, random);
    const call = JSON.parse(JSON.stringify({ capability, params })) as { capability: unknown; params: unknown };
    if (!paramsAccepted(call.capability, call.params)) calls.push(call);
  }
  return calls;
}

/** Raw `abp` port messages: mutated envelopes, and well-formed ABP_CALLs whose params are broken. */
function abpPortMessages(random: Random, count: number): string[] {
  const envelopes = mutatedMessages(ABP_SOURCE, random, Math.ceil(count / 2), true);
  const calls = capabilityCalls(random, count - envelopes.length).map((call, i) =>
    JSON.stringify({ type: 'ABP_CALL', payload: { requestId: `fuzz-${i}`, ...call } }),
  );
  return [...envelopes, ...calls];
}

interface Figures {
  sent: number;
  answered: number;
  hangs: number;
  unclear: string[];
  unexpected: unknown[];
  unsendable: string[];
  slowestBatchMs: number;
}

async function inBatches(
  texts: string[],
  run: (batch: string[]) => Promise<Batch>,
  clear: (answer: unknown) => boolean,
): Promise<Figures> {
  const figures: Figures = {
    sent: 0,
    answered: 0,
    hangs: 0,
    unclear: [],
    unexpected: [],
    unsendable: [],
    slowestBatchMs: 0,
  };
  for (let start = 0; start < texts.length; start += BATCH) {
    const batch = await run(texts.slice(start, start + BATCH));
    figures.sent += batch.sent;
    figures.answered += batch.answers.length;
    figures.hangs += Math.max(0, batch.sent - batch.answers.length);
    figures.unclear.push(
      ...batch.answers.filter((answer) => !clear(answer)).map((answer) => JSON.stringify(answer).slice(0, 300)),
    );
    figures.unexpected.push(...batch.unexpected);
    figures.unsendable.push(...batch.unsendable);
    figures.slowestBatchMs = Math.max(figures.slowestBatchMs, Math.round(batch.elapsedMs));
  }
  return figures;
}

const sidebarClear = (answer: unknown) => ROUTER_ERROR.test((answer as { error: string }).error);
const runtimeClear = (answer: unknown) => {
  const reply = answer as { success?: boolean; error?: string };
  return reply.success === false && ROUTER_ERROR.test(reply.error ?? '');
};
const abpClear = (answer: unknown) => {
  const response = ((answer as { response?: unknown }).response ?? answer) as {
    success?: boolean;
    error?: { code?: string; message?: string };
  };
  return (
    response.success === false &&
    ABP_REFUSALS.has(response.error?.code ?? '') &&
    (response.error?.message ?? '').length > 10
  );
};

/** Bosun answers on every channel after the attack: a new sidebar is greeted, runtime and ABP calls are answered. */
async function healthy(sidebar: PageDriver, abpPage: PageDriver): Promise<boolean> {
  const greeted = await sidebar.evaluate(async () => {
    const port = browser.runtime.connect({ name: 'sidebar' });
    const settings = new Promise<boolean>((resolve) => {
      port.onMessage.addListener(
        (message: unknown) => (message as { type: string }).type === 'SETTINGS' && resolve(true),
      );
      setTimeout(() => resolve(false), 10_000);
    });
    const answered = await settings;
    port.disconnect();
    return answered;
  });
  const runtime = await sendRuntimeMessages(sidebar, [JSON.stringify({ type: 'PING' })]);
  const info = await abpPage.evaluate(() => window.abp.call('extension.getInfo'));
  return greeted && runtime.answers.length === 1 && info.success;
}

/** About 5 ms a message in the slower browser on a busy machine, three times over, plus the setup. */
const timeoutFor = (count: number) => 120_000 + count * 40;

/** Defines the suite: `count` messages per browser, shared between the four channels. */
export function defineMessageFuzz(count: number): void {
  describe.each(BROWSERS)('message fuzzing in %s', (browserName) => {
    const ctx = useExtension(browserName);

    it(
      `refuses ${count} malformed, oversized, wrongly typed and unknown messages clearly, and changes nothing`,
      async () => {
        const random = seededRandom(FUZZ_SEED);
        const sidebar = await openSidebar(ctx.session);
        await configure(sidebar, ctx.llm);
        ctx.llm.script({ kind: 'text', chunks: ['Kept'] });
        await send(sidebar, 'Before the attack');
        await waitForMessages(sidebar, (m) => m[1]?.status === 'done', 'the first answer did not finish');
        const abpPage = await ctx.session.openExtensionPage('abp-app.html');
        await abpPage.evaluate(() => window.abp.initialize({ agent: { name: 'fuzz' } }));
        const before = await stateSnapshot(sidebar);
        const requestsBefore = ctx.llm.requests.length;

        const quarter = Math.floor(count / 4);
        const started = Date.now();
        const figures = {
          sidebarPort: await inBatches(
            mutatedMessages({ schemas: SidebarToBackground }, random, count - 3 * quarter, true),
            (b) => postOnPort(sidebar, 'sidebar', b),
            sidebarClear,
          ),
          // Every type of every table, valid or not: this channel acts on none of them.
          runtimeMessages: await inBatches(
            mutatedMessages(
              { schemas: { ...SidebarToBackground, ...AbpToBackground, ...ContentToBackground } },
              random,
              quarter,
              false,
            ),
            (b) => sendRuntimeMessages(sidebar, b),
            runtimeClear,
          ),
          abpPort: await inBatches(abpPortMessages(random, quarter), (b) => postOnPort(abpPage, 'abp', b), abpClear),
          windowAbp: await inBatches(
            capabilityCalls(random, quarter).map((call) => JSON.stringify(call)),
            (b) => callAbp(abpPage, b),
            abpClear,
          ),
        };
        const after = await stateSnapshot(sidebar);
        const alive = await healthy(sidebar, abpPage);
        const errors = ctx.session.backgroundErrors();
        const channels = Object.values(figures);
        console.log(
          `message fuzzing in ${browserName} (seed ${FUZZ_SEED}): ${JSON.stringify({
            sent: channels.reduce((sum, f) => sum + f.sent, 0),
            perChannel: Object.fromEntries(
              Object.entries(figures).map(([name, f]) => [
                name,
                {
                  sent: f.sent,
                  answered: f.answered,
                  hangs: f.hangs,
                  unclear: f.unclear.length,
                  unexpected: f.unexpected.length,
                  slowestBatchMs: f.slowestBatchMs,
                },
              ]),
            ),
            crashes: errors.length + (alive ? 0 : 1),
            stateChanges: before === after ? 0 : 1,
            providerRequests: ctx.llm.requests.length - requestsBefore,
            seconds: Math.round((Date.now() - started) / 1000),
          })}`,
        );

        expect(channels.reduce((sum, f) => sum + f.sent, 0)).toBe(count);
        for (const [name, f] of Object.entries(figures)) {
          expect({
            name,
            hangs: f.hangs,
            unclear: f.unclear.slice(0, 5),
            unexpected: f.unexpected.slice(0, 5),
            unsendable: f.unsendable.slice(0, 5),
          }).toEqual({ name, hangs: 0, unclear: [], unexpected: [], unsendable: [] });
        }
        expect(after).toBe(before);
        expect(ctx.llm.requests.length).toBe(requestsBefore);
        expect(alive).toBe(true);
        await sidebar.close();
        await abpPage.close();
      },
      timeoutFor(count),
    );

    it('a web page has no way to reach the extension', async () => {
      const page = await ctx.session.openPage(`${ctx.llm.url}/`);
      const reach = await page.evaluate(() => {
        const scope = globalThis as {
          browser?: unknown;
          chrome?: { runtime?: { sendMessage?: unknown; connect?: unknown } };
        };
        return {
          browser: typeof scope.browser,
          sendMessage: typeof scope.chrome?.runtime?.sendMessage,
          connect: typeof scope.chrome?.runtime?.connect,
          abp: typeof (globalThis as { abp?: unknown }).abp,
        };
      });
      expect(reach).toEqual({ browser: 'undefined', sendMessage: 'undefined', connect: 'undefined', abp: 'undefined' });
      await page.close();
    });
  });
}
