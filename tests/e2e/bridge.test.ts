// The MCP bridge in both browsers: Chromium over a pipe (Playwright and CDP), Firefox over WebDriver BiDi.
// One bridge per browser serves every group of tests (tests/e2e/bridge/), in this order.
import { describe } from 'vitest';
import { badArguments } from './bridge/bad-arguments';
import { crawlThroughAbp } from './bridge/crawl';
import { dialogs } from './bridge/dialogs';
import { emulation } from './bridge/emulation';
import { useBridge } from './bridge/env';
import { requestDetails } from './bridge/request-details';
import { sessionFlow } from './bridge/session-flow';
import { toolList } from './bridge/tool-list';
import { transport } from './bridge/transport';
import { BROWSERS } from './harness';
import { FULL_TOOLS } from './support/bridge';
import { useSite } from './support/site';

const site = useSite();

// The first call that needs the browser starts it (listing the tools does not), which takes a while in Firefox.
describe.each(BROWSERS)('the MCP bridge in %s', { timeout: 180_000 }, (browserName) => {
  // The flow acts on the test site (127.0.0.1) with eval, click and type: the developer allows that up front.
  // Scripts, network, emulation and Bosun's ABP capabilities are in the full set.
  const env = useBridge(browserName, site, [...FULL_TOOLS, '--allow', '127.0.0.1:submit']);
  toolList(env);
  sessionFlow(env);
  crawlThroughAbp(env);
  dialogs(env);
  requestDetails(env);
  emulation(env);
  badArguments(env);
  transport(env);
});
