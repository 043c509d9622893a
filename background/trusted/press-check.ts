/**
 * Right before a trusted press, asks the tab's content script, in its own world (which the page
 * cannot reach), whether the press would land on what was approved (content/actions/press-check.ts):
 * the element at the point, across frames, or the focused element for keys.
 */
import { browser } from '../../src/platform/browser';
import { PRESS_CHECK, PRESS_OK, type CdpCommand } from '../../src/trusted-input';
import type { TrustedInputRequest } from '../../src/protocol/content-to-background';

const UNCHECKED = 'Bosun could not check what the press would land on';

/** null when the press lands on what was approved; else why it must not happen. */
export async function checkPress(tabId: number): Promise<string | null> {
  try {
    const [frame] = await browser.scripting.executeScript({
      target: { tabId, frameIds: [0] },
      func: (name: string) => {
        const check = (globalThis as Record<string, unknown>)[name];
        return typeof check === 'function' ? (check as () => unknown)() : null;
      },
      args: [PRESS_CHECK],
    });
    const answer: unknown = frame?.result;
    if (answer === PRESS_OK) return null;
    return typeof answer === 'string' && answer.length <= 200 ? answer : UNCHECKED;
  } catch (error) {
    return `${UNCHECKED} (${error instanceof Error ? error.message : String(error)})`;
  }
}

/**
 * Whether `command` is one the check comes right before: a button or key going down, or text going
 * in; for a hover, the move itself, its only effect. The pointer's move to a press comes first, so
 * what a page does on seeing it arrive is checked too.
 */
export function checkedBefore(request: TrustedInputRequest, { method, params }: CdpCommand): boolean {
  if (method === 'Input.insertText') return true;
  if (method === 'Input.dispatchKeyEvent') return params.type === 'keyDown' || params.type === 'rawKeyDown';
  if (method !== 'Input.dispatchMouseEvent') return false;
  return params.type === 'mousePressed' || (request.kind === 'hover' && params.type === 'mouseMoved');
}
