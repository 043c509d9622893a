import type { PageDriver } from '../e2e/harness';

/**
 * Sending a batch of fuzzed messages (JSON text) down each channel Bosun listens on, from a
 * real extension page, and collecting each answer. A message that gets no answer within the
 * bound is left out of the answers, so `answers.length < sent` counts hangs.
 */
export interface Batch {
  /** Messages the page could hand to the browser (it refuses a few it cannot serialize). */
  sent: number;
  unsendable: string[];
  answers: unknown[];
  /** Answers that are not refusals (a broadcast, a result): signs that a message was acted on. */
  unexpected: unknown[];
  elapsedMs: number;
}

/** How long a batch may take before its missing answers count as hangs. */
export const BATCH_BOUND_MS = 60_000;

/**
 * Posts on a fresh port named `name` (`sidebar` or `abp`) and waits for one refusal per message:
 * `ERROR` on the sidebar port, `ABP_RESULT` on the ABP port. On the sidebar port, an unknown
 * message goes first and its refusal marks the end of the greeting, which is not an answer.
 */
export function postOnPort(page: PageDriver, name: 'sidebar' | 'abp', texts: string[]): Promise<Batch> {
  return page.evaluate(
    async ({ name, texts, boundMs }) => {
      const port = browser.runtime.connect({ name });
      const answers: unknown[] = [];
      const unexpected: unknown[] = [];
      const refusal = name === 'sidebar' ? 'ERROR' : 'ABP_RESULT';
      let greeted = name !== 'sidebar';
      port.onMessage.addListener((message: unknown) => {
        const { type, payload } = message as { type?: string; payload?: { inReplyTo?: string } };
        if (!greeted) greeted = type === 'ERROR' && payload?.inReplyTo === 'END_OF_GREETING';
        else if (type === refusal) answers.push((message as { payload: unknown }).payload);
        else unexpected.push(message);
      });
      const until = async (done: () => boolean, ms: number) => {
        const deadline = performance.now() + ms;
        while (!done() && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
      };
      if (!greeted) port.postMessage({ type: 'END_OF_GREETING' });
      await until(() => greeted, 10_000);
      const started = performance.now();
      const unsendable: string[] = [];
      for (const text of texts) {
        try {
          port.postMessage(JSON.parse(text));
        } catch (error) {
          unsendable.push(String(error));
        }
      }
      const sent = texts.length - unsendable.length;
      await until(() => answers.length >= sent, boundMs);
      const elapsedMs = performance.now() - started;
      port.disconnect();
      return { sent, unsendable, answers, unexpected, elapsedMs };
    },
    { name, texts, boundMs: BATCH_BOUND_MS },
  );
}

/** `runtime.sendMessage` of each message, all at once, each answer awaited up to the bound. */
export function sendRuntimeMessages(page: PageDriver, texts: string[]): Promise<Batch> {
  return page.evaluate(
    async ({ texts, boundMs }) => {
      const started = performance.now();
      const unsendable: string[] = [];
      const hung = Symbol('hung');
      const bound = new Promise<symbol>((resolve) => setTimeout(() => resolve(hung), boundMs));
      const results = await Promise.all(
        texts.map((text) =>
          Promise.race([browser.runtime.sendMessage(JSON.parse(text)), bound]).catch((error: unknown) => {
            unsendable.push(String(error));
            return hung;
          }),
        ),
      );
      const answers = results.filter((result) => result !== hung);
      return {
        sent: texts.length - unsendable.length,
        unsendable,
        answers,
        unexpected: [],
        elapsedMs: performance.now() - started,
      };
    },
    { texts, boundMs: BATCH_BOUND_MS },
  );
}

/** `window.abp.call(capability, params)` for each `{ capability, params }`, all at once. */
export function callAbp(page: PageDriver, texts: string[]): Promise<Batch> {
  return page.evaluate(
    async ({ texts, boundMs }) => {
      const started = performance.now();
      const unsendable: string[] = [];
      const hung = Symbol('hung');
      const bound = new Promise<symbol>((resolve) => setTimeout(() => resolve(hung), boundMs));
      const results = await Promise.all(
        texts.map((text) => {
          const { capability, params } = JSON.parse(text) as { capability: unknown; params: unknown };
          return Promise.race([window.abp.call(capability, params), bound]).catch((error: unknown) => {
            unsendable.push(String(error));
            return hung;
          });
        }),
      );
      const answers = results.filter((result) => result !== hung);
      return {
        sent: texts.length - unsendable.length,
        unsendable,
        answers,
        unexpected: [],
        elapsedMs: performance.now() - started,
      };
    },
    { texts, boundMs: BATCH_BOUND_MS },
  );
}
