import { renderedBox } from '../snapshot/visibility';
import { inputAndChange } from './events';

/**
 * What the browser's own slider does when a mouse drags its thumb to `x`: a native range input takes
 * the value under the pointer (snapped to its step), which script mouse events never make it do.
 * Returns what changed, or null when `el` is no horizontal range input or the value stays.
 */
export function dragRange(el: Element, x: number): string | null {
  if (el.localName !== 'input' || (el as HTMLInputElement).type !== 'range') return null;
  const range = el as HTMLInputElement;
  const box = renderedBox(range);
  if (!box || box.width <= 0) return null;
  const min = Number(range.min || 0);
  const max = Number(range.max || 100);
  const share = Math.min(1, Math.max(0, (x - box.left) / box.width));
  const before = range.value;
  // The input snaps the value to its step and bounds, as it does for a person.
  range.value = String(min + share * (max - min));
  if (range.value === before) return null;
  inputAndChange(range, null, 'insertReplacementText');
  return `the slider moved from ${before} to ${range.value}`;
}
