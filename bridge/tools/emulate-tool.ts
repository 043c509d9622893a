import * as v from 'valibot';
import { assertWebPage, BOOLEAN, INTEGER, STRING } from './browser-tool-parts';
import type { TabEmulation } from '../engines/engine';
import { firstLine, ToolError } from '../server/errors';
import { NATIVE_TOOLS } from '../../src/abp/bridge-operations';
import { defineTool, objectSchema } from '../server/tool';

const CPU_NOT_IN_FIREFOX = 'not available in Firefox: WebDriver BiDi has no CPU throttling';

const Side = (name: string) =>
  v.pipe(v.number(), v.integer(), v.minValue(100), v.maxValue(10_000), v.description(name));

/**
 * What the page sees after browser_emulate, read back in the page itself: the proof that the
 * setting took, for the agent as for the tests.
 */
const readBack = () => ({
  innerWidth: window.innerWidth,
  innerHeight: window.innerHeight,
  userAgent: navigator.userAgent,
  onLine: navigator.onLine,
});

export const browserEmulate = defineTool({
  name: 'browser_emulate',
  title: 'Emulate',
  annotations: NATIVE_TOOLS.browser_emulate.annotations,
  outputSchema: objectSchema(
    {
      url: STRING,
      applied: { type: 'array', items: STRING },
      unavailable: { type: 'object', additionalProperties: STRING },
      page: objectSchema({ innerWidth: INTEGER, innerHeight: INTEGER, userAgent: STRING, onLine: BOOLEAN }),
    },
    ['unavailable'],
  ),
  description:
    "Emulate a device in the working tab: its viewport size and user agent (navigator.userAgent and the User-Agent header; null restores the browser's own); offline for the whole browser, as browser_set_offline; CPU throttling (Chromium only: 4 is four times slower, 1 is none). Returns what the page then reads back.",
  params: v.pipe(
    v.strictObject({
      viewport: v.optional(v.strictObject({ width: Side('CSS pixels'), height: Side('CSS pixels') })),
      userAgent: v.optional(
        v.nullable(
          v.pipe(
            v.string(),
            v.trim(),
            v.minLength(1, 'must not be empty'),
            v.maxLength(1000),
            v.regex(/^[\x20-\x7e]+$/, 'must be printable ASCII, as an HTTP header is'),
          ),
        ),
      ),
      offline: v.optional(v.boolean()),
      cpuThrottling: v.optional(
        v.pipe(v.number(), v.minValue(1), v.maxValue(20), v.description('Slow-down factor, 1 to 20')),
      ),
    }),
    v.check((a) => Object.keys(a).length > 0, 'give at least one of viewport, userAgent, offline, cpuThrottling'),
  ),
  async run({ viewport, userAgent, offline, cpuThrottling }, browser) {
    const tab = await browser.tab();
    assertWebPage(tab);
    const firefox = browser.engine === 'firefox';
    const unavailable: Record<string, string> = {};
    if (firefox && cpuThrottling !== undefined) {
      if (viewport === undefined && userAgent === undefined && offline === undefined)
        throw new ToolError(
          `CPU throttling is ${CPU_NOT_IN_FIREFOX}.`,
          'Use the bridge with --browser chromium for it.',
        );
      unavailable.cpuThrottling = CPU_NOT_IN_FIREFOX;
    }
    // An empty override is none, in CDP as in BiDi: the browser's own user agent again.
    const settings: TabEmulation = {
      viewport,
      userAgent: userAgent === null ? '' : userAgent,
      ...(firefox ? {} : { cpuThrottling }),
    };
    await tab.emulate(settings).catch((error: unknown) => {
      throw new ToolError(
        `Could not emulate: ${firstLine(error instanceof Error ? error.message : String(error))}.`,
        'Check the values, then call again.',
      );
    });
    if (offline !== undefined) await browser.setOffline(offline);
    const applied = Object.entries({ viewport, userAgent, offline, cpuThrottling })
      .filter(([name, value]) => value !== undefined && !(name in unavailable))
      .map(([name]) => name);
    const page = await tab.evaluate(readBack);
    const missing = Object.keys(unavailable).map((name) => `${name} is ${unavailable[name]}`);
    return {
      summary: `Emulating ${applied.join(', ')}: the page sees ${page.innerWidth}×${page.innerHeight}, ${page.onLine ? 'online' : 'offline'}${missing.length ? `; ${missing.join('; ')}` : ''}`,
      data: { url: tab.url(), applied, ...(missing.length ? { unavailable } : {}), page },
    };
  },
});
