import { describe, expect, it } from 'vitest';
import { dropPoint } from '../../content/actions/drop-point';

const box = (left: number, top: number, width: number, height: number) => ({
  left,
  top,
  width,
  height,
  right: left + width,
  bottom: top + height,
});

describe('dropPoint', () => {
  const item = box(0, 100, 200, 40);
  it('drops past the middle in the direction of the drag, a quarter of the size from the far edge', () => {
    // Dragged up from below: the upper half, where sortable lists put the item before this one.
    expect(dropPoint(item, { x: 100, y: 300 })).toEqual({ x: 100, y: 110 });
    // Dragged down from above: the lower half, where it goes after this one.
    expect(dropPoint(item, { x: 100, y: 0 })).toEqual({ x: 100, y: 130 });
    // Sideways along a row of cards: the far half across.
    expect(dropPoint(item, { x: -500, y: 120 })).toEqual({ x: 150, y: 120 });
    expect(dropPoint(item, { x: 900, y: 110 })).toEqual({ x: 50, y: 120 });
  });
  it('drops at the middle when the drag starts there', () => {
    expect(dropPoint(item, { x: 100, y: 120 })).toEqual({ x: 100, y: 120 });
  });
});
