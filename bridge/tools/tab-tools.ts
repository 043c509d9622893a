import * as v from 'valibot';
import { BOOLEAN, INTEGER, NAVIGATION_TIMEOUT_MS, STRING, WebUrl } from './browser-tool-parts';
import type { TabInfo } from '../engines/engine';
import { NATIVE_TOOLS } from '../../src/abp/bridge-operations';
import { defineTool, objectSchema, type BridgeTool } from '../server/tool';

const Index = v.pipe(v.number(), v.integer(), v.minValue(0));

// One flat object (MCP wants an object schema at the top), its combinations checked here.
const TabAction = v.pipe(
  v.strictObject({
    action: v.picklist(['list', 'new', 'select', 'close']),
    index: v.optional(v.pipe(Index, v.description("For 'select'; for 'close', the working tab if left out"))),
    url: v.optional(v.pipe(WebUrl, v.description("For 'new': open this URL in the new tab"))),
  }),
  v.check((a) => a.action !== 'select' || a.index !== undefined, "'select' needs an index"),
  v.check((a) => a.url === undefined || a.action === 'new', "only 'new' takes a url"),
  v.check(
    (a) => a.index === undefined || a.action === 'select' || a.action === 'close',
    "only 'select' and 'close' take an index",
  ),
);

const listing = (tabs: TabInfo[]) =>
  tabs.map((tab) => `${tab.current ? '*' : ' '} ${tab.index}: ${tab.title || '(no title)'} — ${tab.url}`).join('\n');

export const browserTabs: BridgeTool = defineTool({
  name: 'browser_tabs',
  title: 'Tabs',
  // Closing a tab loses what it showed; a new tab may load any site.
  annotations: NATIVE_TOOLS.browser_tabs.annotations,
  outputSchema: objectSchema({
    tabs: {
      type: 'array',
      items: objectSchema({ index: INTEGER, url: STRING, title: STRING, current: BOOLEAN }),
    },
  }),
  description:
    "List the browser's tabs, open a new one (optionally at a URL), choose the one the other browser_* tools work on, or close one. Each answer lists the tabs, the working one marked current.",
  params: TabAction,
  // A new tab at a URL is judged as browser_navigate is, on where it goes.
  permission: ({ action, url }) =>
    action === 'new' && url !== undefined
      ? { operation: 'browser_tabs.open', url, summary: `Open ${url} in a new tab` }
      : null,
  async run(args, browser) {
    const { tabs } = browser;
    let done = 'Tabs';
    if (args.action === 'new') {
      const tab = await tabs.open();
      if (args.url !== undefined) await tab.goto(args.url, NAVIGATION_TIMEOUT_MS);
      done = `Opened a new tab${args.url === undefined ? '' : ` at ${args.url}`}; the tools work on it now`;
    } else if (args.action === 'select' && args.index !== undefined) {
      await tabs.select(args.index);
      done = `The tools work on tab ${args.index} now`;
    } else if (args.action === 'close') {
      await tabs.close(args.index);
      done = `Closed ${args.index === undefined ? 'the working tab' : `tab ${args.index}`}`;
    }
    const list = await tabs.list();
    return { summary: `${done}:\n${listing(list)}`, data: { tabs: list } };
  },
});
