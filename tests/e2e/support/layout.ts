import type { PageDriver } from '../harness';

/** Side-panel widths: Firefox's narrowest sidebar, Chrome's default side panel, a widened one. */
export const PANEL_WIDTHS = [280, 360, 480] as const;
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
