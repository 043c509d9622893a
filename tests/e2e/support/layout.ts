import { mkdir } from 'node:fs/promises';
import type { PageDriver } from '../harness';

/** Side-panel widths: Firefox ESR's default sidebar, its narrowest, Chrome's default side panel, a widened one. */
export const PANEL_WIDTHS = [240, 280, 360, 480] as const;
export const SIDEBAR_VIEWS = ['chat', 'research', 'library', 'history', 'permissions', 'log', 'settings'] as const;

/**
 * What scrolls sideways or sticks out past the panel's right edge, described for the failure message:
 * the document, any scroll container wider than its box, any visible element beyond the viewport.
 * Code blocks and markdown tables are meant to scroll inside their own box and are left out, and so
 * is what a closed <details> hides: Firefox keeps its boxes, unpainted, at the size of their last
 * layout, which can be from a wider panel.
 */
export function sidewaysOverflow(page: PageDriver): Promise<string[]> {
  return page.evaluate(() => {
    const root = document.documentElement;
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}.${[...el.classList].join('.')}`;
    const found: string[] = [];
    if (root.scrollWidth > root.clientWidth) found.push(`the document: ${root.scrollWidth} > ${root.clientWidth}`);
    for (const el of document.querySelectorAll('body *')) {
      if (el.closest('pre, .markdown table, .visually-hidden, [hidden], details:not([open]) > :not(summary)')) continue;
      const style = getComputedStyle(el);
      if (['auto', 'scroll'].includes(style.overflowX) && el.scrollWidth > el.clientWidth + 1) {
        found.push(`${name(el)} scrolls sideways: ${el.scrollWidth} > ${el.clientWidth}`);
      }
      const box = el.getBoundingClientRect();
      if (box.width > 0 && style.visibility !== 'hidden' && box.right > root.clientWidth + 0.5) {
        found.push(`${name(el)} ends at ${Math.round(box.right)} > ${root.clientWidth}`);
      }
    }
    return found;
  });
}

/**
 * The elements (by data-testid) whose box is not wholly on screen: outside the viewport, outside the
 * box of the scrolling container that holds them, or under another element (a sticky row) at their
 * top or middle. Each is described for the failure message.
 */
export function offScreen(page: PageDriver, testIds: readonly string[]): Promise<string[]> {
  return page.evaluate((ids: readonly string[]) => {
    const inside = (box: DOMRect, outer: { top: number; bottom: number; left: number; right: number }) =>
      box.top >= outer.top - 0.5 &&
      box.bottom <= outer.bottom + 0.5 &&
      box.left >= outer.left - 0.5 &&
      box.right <= outer.right + 0.5;
    const view = { top: 0, left: 0, bottom: innerHeight, right: document.documentElement.clientWidth };
    return ids.flatMap((id) => {
      const el = document.querySelector(`[data-testid="${id}"]`);
      if (!el) return [`${id}: missing`];
      const box = el.getBoundingClientRect();
      const round = (r: DOMRect) => `${Math.round(r.top)}–${Math.round(r.bottom)}`;
      if (!inside(box, view)) return [`${id}: ${round(box)} outside 0–${innerHeight}`];
      const scroller = el.parentElement?.closest('.prompt, .messages');
      if (scroller && !inside(box, scroller.getBoundingClientRect()))
        return [`${id}: ${round(box)} outside its ${scroller.className} ${round(scroller.getBoundingClientRect())}`];
      // On screen is not enough: nothing (a sticky row of buttons) may lie over its top, its middle or its last line's middle.
      const style = getComputedStyle(el);
      const line = parseFloat(style.lineHeight) || parseFloat(style.fontSize) * 1.2;
      for (const y of [box.top + 1, (box.top + box.bottom) / 2, box.bottom - line / 2]) {
        const hit = document.elementFromPoint(box.left + Math.min(8, box.width / 2), y);
        if (hit && !el.contains(hit) && !hit.contains(el))
          return [`${id}: covered by ${hit.tagName.toLowerCase()}.${[...hit.classList].join('.')} at ${Math.round(y)}`];
      }
      return [];
    });
  }, testIds);
}

/**
 * The buttons (by data-testid) whose own label, the text before any access-key chord, breaks over
 * lines ("Allow / once"): each is named with its lines' count for the failure message.
 */
export function brokenLabels(page: PageDriver, testIds: readonly string[]): Promise<string[]> {
  return page.evaluate((ids: readonly string[]) => {
    return ids.flatMap((id) => {
      const button = document.querySelector(`[data-testid="${id}"]`);
      const label = button?.firstChild;
      if (!label || label.nodeType !== Node.TEXT_NODE) return [`${id}: no label`];
      const range = document.createRange();
      range.selectNodeContents(label);
      const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
      return lines.size > 1 ? [`${id}: "${label.textContent}" on ${lines.size} lines`] : [];
    });
  }, testIds);
}

/**
 * The Settings controls that, focused as Tab focuses them, sit under the sticky Save bar: a person
 * tabbing down the page would type into a field they cannot see. Each is named for the failure message.
 */
export function focusedUnderSaveBar(page: PageDriver): Promise<string[]> {
  return page.evaluate(() => {
    const bar = document.querySelector('.settings-save');
    if (!bar) return ['the Save bar is missing'];
    const controls = [...document.querySelectorAll<HTMLElement>('.settings-page :is(input, select, textarea, button)')];
    return controls.flatMap((el) => {
      if (el.closest('.settings-save') || el.matches(':disabled') || !el.checkVisibility()) return [];
      el.focus();
      const box = el.getBoundingClientRect();
      const { top, bottom } = bar.getBoundingClientRect();
      // Covered only where it overlaps the bar (a control after the form is below a bar that scrolled away with it).
      if (box.bottom <= top + 0.5 || box.top >= bottom - 0.5) return [];
      const name = el.getAttribute('aria-label') ?? (el.id || el.outerHTML.slice(0, 80));
      return [
        `${el.tagName.toLowerCase()} ${name}: bottom ${Math.round(box.bottom)} under the bar at ${Math.round(top)}`,
      ];
    });
  });
}

/**
 * The disabled buttons shown whose text has less than 4.5:1 contrast with what is behind it (axe leaves
 * disabled controls out, but a person still reads them to know what they will do once enabled).
 */
export function faintDisabledButtons(page: PageDriver): Promise<string[]> {
  return page.evaluate(() => {
    type Rgba = [number, number, number, number];
    const parse = (color: string): Rgba => {
      const [r = 0, g = 0, b = 0, a = 1] = (color.match(/[\d.]+/g) ?? []).map(Number);
      return [r, g, b, color.startsWith('rgba') ? a : 1];
    };
    const over = (top: Rgba, under: Rgba, alpha = top[3]): Rgba => [
      top[0] * alpha + under[0] * (1 - alpha),
      top[1] * alpha + under[1] * (1 - alpha),
      top[2] * alpha + under[2] * (1 - alpha),
      1,
    ];
    const behind = (el: Element | null): Rgba => {
      for (let up = el; up; up = up.parentElement) {
        const color = parse(getComputedStyle(up).backgroundColor);
        if (color[3] > 0) return over(color, behind(up.parentElement));
      }
      return [255, 255, 255, 1];
    };
    const luminance = ([r, g, b]: Rgba) =>
      [r, g, b]
        .map((c) => c / 255)
        .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4))
        .reduce((sum, c, i) => sum + c * [0.2126, 0.7152, 0.0722][i]!, 0);
    return [...document.querySelectorAll<HTMLButtonElement>('button:disabled')].flatMap((button) => {
      const box = button.getBoundingClientRect();
      if (box.width === 0 || !button.textContent?.trim()) return [];
      const style = getComputedStyle(button);
      const under = behind(button.parentElement);
      const own = parse(style.backgroundColor);
      const opacity = Number(style.opacity);
      const bg = over(own[3] > 0 ? over(own, under) : under, under, opacity);
      const fg = over(over(parse(style.color), bg), under, opacity);
      const [light, dark] = [luminance(fg), luminance(bg)].sort((a, b) => b - a) as [number, number];
      const ratio = (light + 0.05) / (dark + 0.05);
      return ratio < 4.5 ? [`"${button.textContent.trim()}" ${ratio.toFixed(2)}:1`] : [];
    });
  });
}

/**
 * The empty text boxes shown, of one line or several, whose placeholder does not fit in them: each holds
 * its placeholder as its text for a moment (no event is sent, and it is emptied again before anything repaints).
 */
export function clippedPlaceholders(page: PageDriver): Promise<string[]> {
  return page.evaluate(() =>
    [
      ...document.querySelectorAll<HTMLTextAreaElement | HTMLInputElement>('textarea[placeholder], input[placeholder]'),
    ].flatMap((box) => {
      if (box.value !== '' || box.getBoundingClientRect().width === 0) return [];
      box.value = box.placeholder;
      const clipped = box.scrollHeight > box.clientHeight || box.scrollWidth > box.clientWidth;
      box.value = '';
      return clipped ? [`${box.dataset.testid ?? box.id}: "${box.placeholder}"`] : [];
    }),
  );
}

/** Screenshots for a person to look at after the run (test-results/ is not committed). */
const SHOTS = 'test-results/layout';

/** Saves what `page` shows at `width` × `height` in the light and the dark theme, then gives the theme back to the system. */
export async function shootThemes(page: PageDriver, name: string, width: number, height: number): Promise<void> {
  await mkdir(SHOTS, { recursive: true });
  for (const theme of ['light', 'dark']) {
    await page.evaluate((t: string) => (document.documentElement.dataset.theme = t), theme);
    await page.screenshot(`${SHOTS}/${name}-${width}-${theme}.png`, { width, height });
  }
  await page.evaluate(() => delete document.documentElement.dataset.theme);
}
