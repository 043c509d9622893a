import type { Box } from '../snapshot/frames';

type Point = { x: number; y: number };

const centre = (rect: Box): Point => ({ x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 });

/**
 * Where a person drops something onto an element: past its middle in the direction they drag (a
 * quarter of its size from its far edge), which is where sortable lists (jQuery UI, SortableJS) put
 * the dragged item in its place; at its exact middle they leave it one place short.
 */
export function dropPoint(rect: Box, from: Point): Point {
  const middle = centre(rect);
  const dx = middle.x - from.x;
  const dy = middle.y - from.y;
  if (dx === 0 && dy === 0) return middle;
  if (Math.abs(dy) >= Math.abs(dx)) return { x: middle.x, y: middle.y + (Math.sign(dy) * rect.height) / 4 };
  return { x: middle.x + (Math.sign(dx) * rect.width) / 4, y: middle.y };
}
