import * as v from 'valibot';
import { ACTION_TIMEOUT_MS, BOOLEAN, INTEGER, NAVIGATION_TIMEOUT_MS, Selector, STRING } from './browser-tool-parts';
import type { HistoryMove, PageCondition } from '../engines/engine';
import { firstLine, ToolError } from '../server/errors';
import { NATIVE_TOOLS } from '../../src/abp/bridge-operations';
import { defineTool, objectSchema, type BridgeTool } from '../server/tool';

const WORDS: Record<
  HistoryMove,
  { name: 'browser_back' | 'browser_forward' | 'browser_reload'; title: string; done: string; none: string }
> = {
  back: { name: 'browser_back', title: 'Go back', done: 'Went back', none: 'no earlier page' },
  forward: { name: 'browser_forward', title: 'Go forward', done: 'Went forward', none: 'no later page' },
  reload: { name: 'browser_reload', title: 'Reload', done: 'Reloaded', none: 'no page' },
};

/** browser_back, browser_forward and browser_reload: one shape, one move each. */
function historyTool(move: HistoryMove): BridgeTool {
  const words = WORDS[move];
  return defineTool({
    name: words.name,
    title: words.title,
    annotations: NATIVE_TOOLS[words.name].annotations,
    outputSchema: objectSchema({
      url: STRING,
      status: { type: ['integer', 'null'] },
      title: STRING,
      fromServiceWorker: BOOLEAN,
    }),
    description:
      move === 'reload'
        ? 'Reload the working tab and wait for its load event.'
        : `Go ${move} one page in the working tab's history and wait for its load event.`,
    params: v.strictObject({}),
    // Judged on where it goes, as browser_navigate is: the history entry's URL, from the engine's own history.
    async permission(_args, browser) {
      const tab = await browser.tab();
      if (move === 'reload') return { operation: 'browser_reload.go', summary: `Reload ${tab.url()}` };
      const url = await tab.historyUrl(move);
      // No page that way: run says so, and nothing moves.
      return url === null ? null : { operation: `${words.name}.go`, url, summary: `Go ${move} to ${url}` };
    },
    async run(_args, browser) {
      const tab = await browser.tab();
      const arrived = await tab.move(move, NAVIGATION_TIMEOUT_MS);
      if (arrived === null)
        throw new ToolError(
          `There is ${words.none} in the working tab's history (it shows ${tab.url()}).`,
          'Call browser_navigate with the URL to open.',
        );
      const data = { url: tab.url(), title: await tab.title(), ...arrived };
      return { summary: `${words.done}: ${data.url}`, data };
    },
  });
}

const Text = v.pipe(v.string(), v.minLength(1, 'must not be empty'), v.maxLength(1000));
const Seconds = (max: number) => v.pipe(v.number(), v.minValue(0), v.maxValue(max));

const browserWaitFor = defineTool({
  name: 'browser_wait_for',
  title: 'Wait for',
  annotations: NATIVE_TOOLS.browser_wait_for.annotations,
  outputSchema: objectSchema({ url: STRING, waitedMs: INTEGER }),
  description:
    'Wait until text appears on the working tab, or is gone, or an element matching a selector is visible (all that are given, at once), or for a number of seconds.',
  params: v.pipe(
    v.strictObject({
      text: v.optional(v.pipe(Text, v.description('Text that must be on the page'))),
      textGone: v.optional(v.pipe(Text, v.description('Text that must no longer be on the page'))),
      selector: v.optional(Selector),
      time: v.optional(v.pipe(Seconds(30), v.description('Seconds to wait when no condition is given'))),
      timeout: v.optional(
        v.pipe(Seconds(30), v.description(`Seconds a condition may take (default ${ACTION_TIMEOUT_MS / 1000})`)),
      ),
    }),
    v.check(
      (a) => (a.time !== undefined) !== (a.text !== undefined || a.textGone !== undefined || a.selector !== undefined),
      'give text, textGone or selector, or time, but not both kinds',
    ),
  ),
  async run({ text, textGone, selector, time, timeout }, browser) {
    const tab = await browser.tab();
    const started = Date.now();
    if (time !== undefined) {
      await new Promise((done) => setTimeout(done, time * 1000));
      return { summary: `Waited ${time} s`, data: { url: tab.url(), waitedMs: Date.now() - started } };
    }
    const condition: PageCondition = { text, textGone, selector };
    const limitMs = timeout === undefined ? ACTION_TIMEOUT_MS : timeout * 1000;
    const met = await tab.waitFor(condition, limitMs).catch((error: unknown) => {
      throw waitError(condition, limitMs, error);
    });
    if (met === 'invalid selector')
      throw new ToolError(`The selector ${selector} is not valid CSS.`, 'Fix the selector, then call again.', {
        selector,
      });
    return { summary: 'The page is as asked', data: { url: tab.url(), waitedMs: Date.now() - started } };
  },
});

/** A wait that ran out, as the agent's next step. */
function waitError(condition: PageCondition, limitMs: number, error: unknown): ToolError {
  const message = firstLine(error instanceof Error ? error.message : String(error));
  if (!/Timeout|exceeded|timed out/i.test(message)) return new ToolError(`Could not wait: ${message}.`, 'Call again.');
  const wanted = [
    condition.text !== undefined && `the text "${condition.text}"`,
    condition.textGone !== undefined && `the text "${condition.textGone}" gone`,
    condition.selector !== undefined && `a visible ${condition.selector}`,
  ].filter(Boolean);
  return new ToolError(
    `The page did not show ${wanted.join(' and ')} within ${limitMs / 1000} s.`,
    'Take a screenshot or read the page to see what it shows, then wait again with a longer timeout or act.',
    { reason: 'timeout' },
  );
}

export const HISTORY_TOOLS: readonly BridgeTool[] = [
  historyTool('back'),
  historyTool('forward'),
  historyTool('reload'),
  browserWaitFor,
];
