// A reference of the last snapshot as a CSS selector, for the tools that act with the engine's own
// protocol (an element's picture, a file input's files): Bosun's page engine marks the element it
// listed (ABP page.act mark_element, judged by its gate at the read level), the engine finds the mark.
import { randomUUID } from 'node:crypto';
import type { LiveBrowser } from '../server/session';
import { actByRef } from './ref-tools';
import type { CallInfo } from '../server/tool';

export interface Marked {
  /** The listed element itself. */
  element: string;
  /** The form control it stands for: itself, or the hidden input of a listed label. */
  control: string;
  /** Takes the marks off the page again. */
  unmark(): Promise<void>;
}

export async function markByRef(browser: LiveBrowser, call: CallInfo, ref: number): Promise<Marked> {
  const mark = `bridge-${randomUUID().slice(0, 8)}`;
  await actByRef(browser, call, 'mark_element', { index: ref, mark });
  const tab = await browser.tab();
  return {
    element: `[data-bosun-mark="${mark}"]`,
    control: `[data-bosun-mark-control="${mark}"]`,
    unmark: () =>
      tab
        .evaluate(() => {
          for (const name of ['data-bosun-mark', 'data-bosun-mark-control'])
            for (const el of document.querySelectorAll(`[${name}]`)) el.removeAttribute(name);
        })
        .catch(() => {}),
  };
}
