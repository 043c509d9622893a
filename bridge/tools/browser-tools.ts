import * as v from 'valibot';
import {
  assertWebPage,
  BOOLEAN,
  INTEGER,
  NAVIGATION_TIMEOUT_MS,
  NULLABLE_STRING,
  STRING,
  WebUrl,
  WORKER,
} from './browser-tool-parts';
import { bucketRequests } from '../engines/network-buckets';
import { browserScreenshot } from './screenshot-tool';
import { NATIVE_TOOLS } from '../../src/abp/bridge-operations';
import { defineTool, objectSchema, type BridgeTool } from '../server/tool';

export const BROWSER_TOOLS: readonly BridgeTool[] = [
  defineTool({
    name: 'browser_navigate',
    title: 'Navigate',
    annotations: NATIVE_TOOLS.browser_navigate.annotations,
    outputSchema: objectSchema({
      url: STRING,
      status: { type: ['integer', 'null'] },
      title: STRING,
      ready: BOOLEAN,
      fromServiceWorker: BOOLEAN,
    }),
    description:
      'Open a URL in the working tab and wait for its load event. Starts the browser if it is not running. Network errors are reported with their cause.',
    params: v.strictObject({ url: WebUrl }),
    // Judged on where it goes: a blocked site is refused, and a headless bridge needs --allow there.
    permission: ({ url }) => ({ operation: 'browser_navigate.open', url, summary: `Open ${url}` }),
    async run({ url }, browser) {
      const page = await browser.tab();
      const { status, fromServiceWorker } = await page.goto(url, NAVIGATION_TIMEOUT_MS);
      const data = { url: page.url(), status, title: await page.title(), ready: true, fromServiceWorker };
      return { summary: `Navigation complete${status !== null && status >= 400 ? ` (HTTP ${status})` : ''}`, data };
    },
  }),
  defineTool({
    name: 'browser_service_workers',
    title: 'Service workers',
    annotations: NATIVE_TOOLS.browser_service_workers.annotations,
    outputSchema: objectSchema({
      url: STRING,
      supported: BOOLEAN,
      controlled: BOOLEAN,
      controller: WORKER,
      registrations: {
        type: 'array',
        items: objectSchema({ scope: STRING, active: WORKER, waiting: WORKER, installing: WORKER }),
      },
    }),
    description:
      "The service worker registrations of the working tab's origin (scope, script, and the state of the active, waiting and installing workers) and whether a worker controls the page.",
    params: v.strictObject({}),
    async run(_args, browser) {
      const page = await browser.tab();
      assertWebPage(page);
      const data = await page.evaluate(async () => {
        if (!('serviceWorker' in navigator))
          return { supported: false, controlled: false, controller: null, registrations: [] };
        const worker = (w: ServiceWorker | null) => (w ? { scriptURL: w.scriptURL, state: w.state } : null);
        const registrations = await navigator.serviceWorker.getRegistrations();
        return {
          supported: true,
          controlled: navigator.serviceWorker.controller !== null,
          controller: worker(navigator.serviceWorker.controller),
          registrations: registrations.map((r) => ({
            scope: r.scope,
            active: worker(r.active),
            waiting: worker(r.waiting),
            installing: worker(r.installing),
          })),
        };
      });
      const summary = data.supported
        ? `${data.registrations.length} registration(s); the page is ${data.controlled ? '' : 'not '}controlled by a service worker`
        : 'Service workers are not available on this page (it is not a secure context)';
      return { summary, data: { url: page.url(), ...data } };
    },
  }),
  defineTool({
    name: 'browser_network_sources',
    title: 'Network sources',
    annotations: NATIVE_TOOLS.browser_network_sources.annotations,
    outputSchema: objectSchema({
      navigatedUrl: NULLABLE_STRING,
      counts: { type: 'object', additionalProperties: INTEGER },
      requests: {
        type: 'array',
        items: objectSchema(
          { url: STRING, method: STRING, resourceType: STRING, source: STRING, status: INTEGER, failure: STRING },
          ['status', 'failure'],
        ),
      },
    }),
    description:
      "The working tab's requests since its last navigation, each with where its response came from: network, serviceWorker, cache (memory, disk or prefetch), failed, or pending.",
    params: v.strictObject({}),
    async run(_args, browser) {
      const tab = await browser.tab();
      const { counts, requests } = bucketRequests(tab.requestsSinceNavigation());
      const summary = Object.entries(counts)
        .map(([bucket, n]) => `${bucket} ${n}`)
        .join(', ');
      return {
        summary: `${requests.length} request(s) since navigating to ${tab.navigatedUrl ?? 'nothing yet'}: ${summary}`,
        data: { navigatedUrl: tab.navigatedUrl, counts, requests },
      };
    },
  }),
  defineTool({
    name: 'browser_set_offline',
    title: 'Set offline',
    annotations: NATIVE_TOOLS.browser_set_offline.annotations,
    outputSchema: objectSchema({ offline: BOOLEAN }),
    description: 'Take the browser offline (pages and service workers see no network) or back online.',
    params: v.strictObject({ offline: v.boolean() }),
    async run({ offline }, browser) {
      return {
        summary: offline ? 'The browser is offline' : 'The browser is online',
        data: await browser.setOffline(offline),
      };
    },
  }),
  defineTool({
    name: 'browser_console',
    title: 'Console',
    annotations: NATIVE_TOOLS.browser_console.annotations,
    outputSchema: objectSchema({
      entries: {
        type: 'array',
        items: objectSchema({
          source: { enum: ['page', 'service-worker', 'browser-log'] },
          level: STRING,
          text: STRING,
          url: STRING,
          time: STRING,
        }),
      },
    }),
    description:
      "Console messages and log entries since the browser started (or the last clear), oldest first, each tagged by source: page (the page's console and uncaught errors), service-worker (the site's workers' consoles), browser-log (the browser's own entries, such as failed loads).",
    params: v.strictObject({
      clear: v.optional(v.pipe(v.boolean(), v.description('Empty the record after reading it')), false),
    }),
    async run({ clear }, browser, call) {
      const tab = await browser.tab();
      const entries = tab.console(clear);
      // What the page logged is the page's data: Bosun's data-flow rule hears where it came from.
      await (await browser.abp()).noteRead(tab.url(), entries.map((e) => e.text).join('\n'), call);
      const by = (source: string) => entries.filter((e) => e.source === source).length;
      return {
        summary: `${entries.length} entries: page ${by('page')}, service-worker ${by('service-worker')}, browser-log ${by('browser-log')}`,
        data: { entries },
      };
    },
  }),
  defineTool({
    name: 'browser_eval',
    title: 'Evaluate JavaScript',
    annotations: NATIVE_TOOLS.browser_eval.annotations,
    outputSchema: objectSchema({ type: STRING, subtype: STRING, value: {}, description: STRING }, [
      'subtype',
      'value',
      'description',
    ]),
    description:
      'Evaluate a JavaScript expression in the working tab (top-level await works; a returned promise is awaited) and return its value as JSON. An exception is reported with its message and position.',
    params: v.strictObject({
      expression: v.pipe(v.string(), v.minLength(1, 'must not be empty'), v.maxLength(100_000)),
    }),
    permission: ({ expression }) => ({
      operation: 'browser_eval.run',
      summary: `Run a script: ${expression.slice(0, 200)}`,
    }),
    async run({ expression }, browser, call) {
      const tab = await browser.tab();
      assertWebPage(tab);
      const result = await tab.evalExpression(expression);
      // What the script returned came from the page: Bosun's data-flow rule hears where.
      await (await browser.abp()).noteRead(tab.url(), JSON.stringify(result.value ?? null), call);
      return { summary: `Evaluated to ${result.type}`, data: result };
    },
  }),
  browserScreenshot,
];
