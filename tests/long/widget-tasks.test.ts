// Every bench task that has steps, solved through ABP page.act and through the MCP bridge's tools, in
// both browsers (`npm test` runs a sample: tests/e2e/abp-tasks.test.ts, tests/e2e/bridge-pages.test.ts).
import { describe } from 'vitest';
import { useBridge } from '../e2e/bridge/env';
import { widgetTasks } from '../e2e/bridge/widget-tasks';
import { BROWSERS } from '../e2e/harness';
import { abpTasksSuite } from '../e2e/support/abp-tasks';
import { FULL_TOOLS } from '../e2e/support/bridge';
import { useSite } from '../e2e/support/site';

abpTasksSuite('all');

const site = useSite();

describe.each(BROWSERS)('the MCP bridge solving the widget tasks in %s', { timeout: 180_000 }, (browserName) => {
  // The tasks' checks read the page with browser_eval, which is in the full set.
  widgetTasks(useBridge(browserName, site, [...FULL_TOOLS, '--allow', '127.0.0.1:submit']), 'all');
});
