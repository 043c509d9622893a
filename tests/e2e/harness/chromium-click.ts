// A trusted mouse click in Chromium whose readiness checks run on timers instead of animation frames.
//
// Finding (Chromium 14x headless, measured in agent.test.ts): once the extension makes a web page the
// active tab (open_tab, switch_tab, a screenshot), the sidebar's tab is a background tab of the same
// window. Its timers run at once (setTimeout(0): ~20 ms) but it gets about one animation frame a second
// (requestAnimationFrame: 0.4–1 s), and Playwright's `stable` check waits for the element's box over
// two frames, so every click there took ~2 s. Bringing the sidebar's tab to the front would change
// which tab the agent works in, which is what those tests check. So the same checks Playwright makes
// before a click (attached, visible, enabled, not moving, the topmost element at its centre) are made
// here on a 50 ms poll, and then the click is dispatched as a real input event at that point.
import type { Locator, Page } from 'playwright-core';
import { waitUntil } from './wait';

interface Target {
  /** Why the element cannot be clicked yet, or '' when it can. */
  blocked: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Runs in the page: scrolls the element into view and says where its centre is and what covers it. */
function inspect(el: Element): Target {
  const box = (): DOMRect => el.getBoundingClientRect();
  let rect = box();
  const none = { x: 0, y: 0, width: rect.width, height: rect.height };
  const style = getComputedStyle(el);
  const hidden = rect.width === 0 || rect.height === 0 || style.visibility === 'hidden';
  if (hidden) {
    // Which box collapsed, and the window it sits in: a hidden element's cause is rarely the element.
    let box: Element | null = el;
    while (box?.parentElement && box.parentElement.getBoundingClientRect().height === 0) box = box.parentElement;
    const where = `${box?.tagName.toLowerCase()}.${box?.className} display ${box && getComputedStyle(box).display}`;
    const view = `window ${innerWidth}x${innerHeight}, ${document.visibilityState}`;
    return { blocked: `not visible (${rect.width}x${rect.height}; outermost empty box ${where}; ${view})`, ...none };
  }
  const control = el.closest('button, input, select, textarea, fieldset, [aria-disabled]');
  const disabled =
    (control as HTMLButtonElement | null)?.disabled === true || control?.getAttribute('aria-disabled') === 'true';
  if (disabled) return { blocked: 'disabled', ...none };
  const x = rect.left + rect.width / 2;
  const y = rect.top + rect.height / 2;
  if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) {
    el.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
    rect = box();
  }
  // Inside a box that scrolls on its own (the docked question), the element may be scrolled out of
  // that box while its centre is in the window: a person scrolls the box, as Playwright would.
  const hitAt = (r: DOMRect) => document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  const reaches = (hit: Element | null) =>
    hit !== null && (el.contains(hit) || (el instanceof HTMLLabelElement && el.control === hit));
  if (!reaches(hitAt(rect))) {
    el.scrollIntoView({ block: 'center', inline: 'nearest', behavior: 'instant' });
    rect = box();
  }
  const cx = rect.left + rect.width / 2;
  const cy = rect.top + rect.height / 2;
  const hit = document.elementFromPoint(cx, cy);
  const blocked = reaches(hit) ? '' : `covered by <${hit?.tagName.toLowerCase() ?? 'nothing'}>`;
  return { blocked, x: cx, y: cy, width: rect.width, height: rect.height };
}

/** Clicks the first match of `locator` in `page` once it is visible, enabled, still and uncovered. */
export async function clickWhenReady(
  page: Page,
  locator: Locator,
  button: 'left' | 'right',
  timeoutMs: number,
): Promise<void> {
  const target = locator.first();
  let previous: Target | undefined;
  const point = await waitUntil(
    async () => {
      const now = await target.evaluate(inspect, undefined, { timeout: timeoutMs });
      // Still: the same box on two polls 50 ms apart (Playwright: two animation frames).
      const still =
        previous !== undefined &&
        previous.x === now.x &&
        previous.y === now.y &&
        previous.width === now.width &&
        previous.height === now.height;
      previous = now;
      if (now.blocked) throw new Error(now.blocked);
      return still && now;
    },
    { timeoutMs, message: `click ${String(target)}` },
  );
  await page.mouse.click(point.x, point.y, { button });
}
