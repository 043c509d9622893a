import { frameOf, inView } from './actions/target';
import { locateOrFocused, notFound } from './find-element';
import { followTarget } from './overlay/highlight';
import { renderedBox } from './snapshot/visibility';

/**
 * Outlines the element a permission question is about, with a label saying what Bosun wants to do
 * there ("Bosun wants to click this"), scrolled into view when it is out of sight,
 * and keeps the outline on it as the page moves until the question is answered (CLEAN_UP_HIGHLIGHTS).
 * Nothing on the page itself changes but its scroll position.
 */
export function outlineTarget(p: {
  index?: number;
  snapshotId?: string;
  selector?: string;
  focused?: true;
  label?: string;
}) {
  const found = locateOrFocused(p);
  if ('error' in found) return notFound(found);
  const { el } = found;
  const rect = renderedBox(el);
  if (!rect) return { success: false, error: 'not visible: the element is hidden on the page.' };
  if (!inView(rect, frameOf(el))) el.scrollIntoView({ block: 'center', inline: 'nearest', behavior: 'instant' });
  // Boxes are drawn in the top document, where the content script runs.
  followTarget(document, p.label ?? '', () => {
    const box = renderedBox(el);
    if (!box || !el.isConnected) return null;
    const frame = frameOf(el);
    return { left: box.left + frame.dx, top: box.top + frame.dy, width: box.width, height: box.height };
  });
  return { success: true, message: 'outlined' };
}
