import { describe, expect, it } from 'vitest';
import type { LlmServer, Step, ToolCallsStep } from '../fixtures/llm-server';
import { BROWSERS, type PageDriver } from './harness';
import { shownTools, startFresh, waitUntilIdle } from './support/agent';
import { useConfiguredSidebar } from './support/configured-sidebar';
import { send, showView, shownMessages, waitForMessages } from './support/sidebar';
import { stateSnapshot } from './support/state-snapshot';

/** A provider failing in the ways real ones do, seen from the sidebar: a clear error, bounded retries, no tool run. */
const READ: ToolCallsStep = {
  kind: 'tool_calls',
  calls: [{ id: 'r1', name: 'read_page', arguments: { viewportOnly: false, maxChars: 4000 } }],
};
const chatRequests = (llm: LlmServer) => llm.requests.filter((r) => r.path === '/v1/chat/completions').length;
const loggedActions = async (page: PageDriver) =>
  (JSON.parse(await stateSnapshot(page)) as { stores: { actionLog: { keys: unknown[] } } }).stores.actionLog.keys
    .length;

/** The byte offset of the middle of the tool call's arguments in the streamed answer, read as the client reads it. */
async function midArguments(llm: LlmServer): Promise<number> {
  llm.script(READ);
  const response = await fetch(`${llm.baseUrl}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'test-model', stream: true, messages: [{ role: 'user', content: 'x' }] }),
  });
  const text = await response.text();
  // The arguments come in three pieces; cutting inside the second leaves a truncated JSON object.
  const second = text.indexOf('"arguments":"', text.indexOf('"arguments":"') + 1);
  if (second < 0) throw new Error(`no second arguments piece in ${text}`);
  llm.reset();
  return Buffer.byteLength(text.slice(0, second + '"arguments":"'.length + 2));
}

describe.each(BROWSERS)('provider faults in %s', (browserName) => {
  const ctx = useConfiguredSidebar(browserName, {
    openFirst: 'form.html',
    fresh: true,
  });
  const { sidebar } = ctx;

  async function failedWith(steps: Step[], text: string): Promise<string> {
    ctx.llm.script(...steps);
    await send(sidebar, text);
    const messages = await waitForMessages(sidebar, (m) => m.at(-1)?.status === 'error', 'no error was shown', 30_000);
    return messages.at(-1)?.error ?? '';
  }

  const faults: [string, Step[], RegExp, number][] = [
    [
      '429 without Retry-After, retried three times',
      Array.from({ length: 4 }, () => ({ kind: 'error', status: 429 }) as Step),
      /rate limiting requests\. Wait a moment and try again\..*Bosun tried 4 times\./,
      4,
    ],
    [
      '429 with Retry-After, retried three times',
      Array.from({ length: 4 }, () => ({ kind: 'error', status: 429, headers: { 'retry-after': '0' } }) as Step),
      /rate limiting requests.*Bosun tried 4 times\./,
      4,
    ],
    [
      '529 (overloaded), retried three times',
      Array.from({ length: 4 }, () => ({ kind: 'error', status: 529, headers: { 'retry-after': '0' } }) as Step),
      /is overloaded right now \(529\)\. Try again in a minute\..*Bosun tried 4 times\./,
      4,
    ],
    [
      '500, retried once',
      [
        { kind: 'error', status: 500 },
        { kind: 'error', status: 500 },
      ],
      /had a server error \(500\)\. Try again shortly\..*Bosun tried 2 times\./,
      2,
    ],
    [
      'malformed JSON',
      [{ kind: 'malformed' }],
      /^The provider sent a malformed response, so the answer was dropped\./,
      1,
    ],
  ];
  it.each(faults)(
    '%s: a clear error in the sidebar, and no more requests than that',
    async (_name, steps, error, requests) => {
      expect(await failedWith(steps, 'Are you there?')).toMatch(error);
      expect(chatRequests(ctx.llm)).toBe(requests);
      expect(ctx.llm.pending).toBe(0);
    },
  );

  const settingsFaults: [string, Step, RegExp][] = [
    [
      '401 (a refused key)',
      { kind: 'error', status: 401 },
      /^Invalid API key\. Double-check your .* key in Settings\./,
    ],
    [
      '404 naming the model (a missing model)',
      {
        kind: 'error',
        status: 404,
        body: { error: { message: 'The model test-model does not exist', code: 'model_not_found' } },
      },
      /^The model "test-model" was not found at .*\. Check the model name in Settings\./,
    ],
  ];
  it.each(settingsFaults)(
    '%s: the error says what to do and offers Open Settings and Retry; Retry sends the request again',
    async (_name, fault, error) => {
      expect(await failedWith([fault], 'Are you there?')).toMatch(error);
      await sidebar.click('[data-testid="error-open-settings"]');
      await sidebar.waitFor(
        () => document.querySelector('[data-testid="view-settings"]')?.getAttribute('aria-current') === 'page',
        undefined,
        {
          message: 'Open Settings did not show Settings',
        },
      );
      await showView(sidebar, 'chat');
      ctx.llm.script({ kind: 'text', chunks: ['Here I am.'] });
      await sidebar.click('[data-testid="error-retry"]');
      const messages = await waitForMessages(
        sidebar,
        (m) => m.at(-1)?.status === 'done' && m.at(-1)?.role === 'assistant',
        'Retry did not bring an answer',
      );
      expect(messages.at(-1)?.content).toBe('Here I am.');
      expect(messages.filter((m) => m.role === 'user').map((m) => m.content)).toEqual([
        'Are you there?',
        'Are you there?',
      ]);
      expect(chatRequests(ctx.llm)).toBe(2);
      expect(await sidebar.evaluate(() => document.querySelector('[data-testid="error-actions"]'))).toBeNull();
    },
  );

  it('an error that Settings cannot fix offers Retry only', async () => {
    await failedWith([{ kind: 'malformed' }], 'Are you there?');
    await sidebar.waitFor(() => document.querySelector('[data-testid="error-retry"]') !== null, undefined, {
      message: 'no Retry after a failed answer',
    });
    expect(await sidebar.evaluate(() => document.querySelector('[data-testid="error-open-settings"]'))).toBeNull();
  });

  it('a tool call whose stream is cut mid-arguments is not run; the same call whole is', async () => {
    const cut = await midArguments(ctx.llm);
    const before = await loggedActions(sidebar);
    expect(await failedWith([{ ...READ, cutAfterBytes: cut }], 'Read the page')).toMatch(
      /^The answer was cut off: the connection to the provider closed before it finished\./,
    );
    expect(await shownTools(sidebar)).toEqual([]);
    expect(await loggedActions(sidebar)).toBe(before);
    expect(chatRequests(ctx.llm)).toBe(1);

    // The same answer, whole: the tool runs and is logged, so the check above would have seen it.
    await startFresh(sidebar);
    ctx.llm.script(READ, { kind: 'text', chunks: ['Read it.'] });
    await send(sidebar, 'Read the page');
    await waitUntilIdle(sidebar);
    expect(await shownTools(sidebar)).toEqual([{ tool: 'read_page', outcome: 'success' }]);
    expect(await loggedActions(sidebar)).toBe(before + 1);
  });

  it('a provider silent for longer than the background may idle still completes the answer', async () => {
    // 35 s before the first byte: longer than Chrome's 30 s service-worker idle limit.
    ctx.llm.script({ kind: 'text', chunks: ['Slow ', 'but sure.'], waitBeforeMs: 35_000 });
    await send(sidebar, 'Take your time');
    const messages = await waitForMessages(
      sidebar,
      (m) => m.at(-1)?.role === 'assistant' && m.at(-1)?.status === 'done',
      'the slow answer did not complete',
      60_000,
    );
    expect(messages.at(-1)).toMatchObject({ role: 'assistant', content: 'Slow but sure.', error: '' });
    expect(chatRequests(ctx.llm)).toBe(1);
    expect(await shownMessages(sidebar)).toHaveLength(2);
  }, 90_000);
});
