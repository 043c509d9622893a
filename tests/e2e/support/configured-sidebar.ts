import { beforeAll, beforeEach } from 'vitest';
import type { BrowserName, LaunchOptions, PageDriver } from '../harness';
import type { LlmServerOptions } from '../../fixtures/llm-server';
import { startFresh } from './agent';
import { useExtension } from './extension';
import { configure, openSidebar } from './sidebar';
import { useSite } from './site';

export interface SidebarSetup {
  /** The scripted LLM server's options and the browser's, as `useExtension` takes them. */
  llm?: LlmServerOptions;
  launch?: LaunchOptions;
  /** A page of the test site to open before the sidebar, which finds it as the page to work in. */
  openFirst?: string;
  /** Anything else that must be there before the sidebar opens (after `openFirst`). */
  before?: () => Promise<unknown>;
  /** Before each test: no task running, an empty conversation, and the model's script cleared. */
  fresh?: boolean;
}

/**
 * The setup most e2e files share: one browser with Bosun and the scripted LLM server, the test site,
 * and a sidebar whose settings point at that server, for the whole file (or describe block).
 */
export function useConfiguredSidebar(browserName: BrowserName, setup: SidebarSetup = {}) {
  const ctx = useExtension(browserName, setup.llm, setup.launch);
  const site = useSite();
  let page: PageDriver | undefined;
  beforeAll(async () => {
    if (setup.openFirst) await ctx.session.openPage(site.url(setup.openFirst));
    await setup.before?.();
    page = await openSidebar(ctx.session);
    await configure(page, ctx.llm);
  });
  const sidebar = openedLater(() => {
    if (!page) throw new Error('the sidebar is not open yet: use it in a test or a hook');
    return page;
  });
  if (setup.fresh)
    beforeEach(async () => {
      await startFresh(sidebar);
      ctx.llm.reset();
    });
  /** After a test closed the sidebar: opens another one, which `sidebar` stands for from then on. */
  const reopenSidebar = async () => {
    page = await openSidebar(ctx.session);
  };
  return Object.assign(ctx, { site, sidebar, reopenSidebar });
}

/** A page a file can name while it declares its tests, before beforeAll has opened it. */
function openedLater(page: () => PageDriver): PageDriver {
  return {
    evaluate: (fn, arg) => page().evaluate(fn, arg),
    waitFor: (fn, arg, opts) => page().waitFor(fn, arg, opts),
    click: (selector, button) => page().click(selector, button),
    fill: (selector, text) => page().fill(selector, text),
    press: (key) => page().press(key),
    text: (selector) => page().text(selector),
    reload: () => page().reload(),
    resize: (size) => page().resize(size),
    screenshot: (path, size) => page().screenshot(path, size),
    close: () => page().close(),
  };
}
