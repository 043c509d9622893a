// A reference of the last snapshot as an element the engine can act on with its own protocol (an
// element's picture, a file input's files): Bosun's page engine names the element it listed in its
// content script's world (ABP page.act mark_element, judged by its gate at the read level), and the
// engine takes it from there with its privileged access (chromium-tab.ts, firefox-privileged.ts).
// Nothing is written into the page, so a page script cannot move the name to another element.
import { randomUUID } from 'node:crypto';
import type { LiveBrowser } from '../server/session';
import { actByRef } from './ref-tools';
import type { CallInfo } from '../server/tool';

/** Has the page engine name element [ref] of the last snapshot; answers the mark to target it by. */
export async function markByRef(browser: LiveBrowser, call: CallInfo, ref: number): Promise<string> {
  const mark = `bridge-${randomUUID().slice(0, 8)}`;
  await actByRef(browser, call, 'mark_element', { index: ref, mark });
  return mark;
}
