// The bridge's history, waiting, tab, form, file, screenshot and site-data tools, and a sample of the
// widget tasks (`npm run test:long` runs every one: tests/long/widget-tasks.test.ts), through the
// official MCP client, in both browsers. One bridge per browser serves every group (tests/e2e/bridge/).
import { describe } from 'vitest';
import { acting } from './bridge/acting';
import { elementScreenshot } from './bridge/element-screenshot';
import { useBridge } from './bridge/env';
import { fillForm } from './bridge/fill-form';
import { screenshotAsItIs } from './bridge/screenshot-as-is';
import { historyAndWaiting } from './bridge/history-and-waiting';
import { siteData } from './bridge/site-data';
import { pdfTab, sameAddress, tabs } from './bridge/tabs';
import { upload } from './bridge/upload';
import { widgetTasks } from './bridge/widget-tasks';
import { BROWSERS } from './harness';
import { FULL_TOOLS } from './support/bridge';
import { useSite } from './support/site';

const site = useSite();

describe.each(BROWSERS)(
  'the MCP bridge moving between pages and tabs, and waiting, in %s',
  { timeout: 180_000 },
  (browserName) => {
    // The waiting test makes the page change late with browser_eval, which the developer allows up front;
    // eval, forward, reload, cookies and storage are in the full set.
    const env = useBridge(browserName, site, [...FULL_TOOLS, '--allow', '127.0.0.1:submit']);
    historyAndWaiting(env);
    tabs(env);
    sameAddress(env);
    pdfTab(env);
    acting(env);
    fillForm(env);
    upload(env);
    elementScreenshot(env);
    siteData(env);
    widgetTasks(env, 'sample');
    screenshotAsItIs(env);
  },
);
