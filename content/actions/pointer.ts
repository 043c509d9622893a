import type { ActionResult } from '../../src/protocol/background-to-content';
import { withOverlayHidden } from '../overlay/host';
import { locate, notFound, type Place } from '../find-element';
import { reacted, watchReaction } from './changes';
import { coveredError } from './cover';
import { click, doubleClick } from './events';
import { pointerTo } from './hover-state';
import { landedOn, prepare, type Prepared } from './target';
import { pointFor, pressOrScript, type Trusted } from './trusted';

const fail = (error: string): ActionResult => ({ success: false, error });

type Point = { x: number; y: number };

/**
 * The point of the element a pointer action aims at, in its document's viewport: its centre, or
 * (for canvas and SVG controls) a position inside it given in CSS pixels from its top-left corner.
 * With a position, the element there is what gets the events (an SVG shape inside the drawing),
 * and anything else there covers it.
 */
function aim(el: Element, name: string, at?: Point): Prepared {
  const ready = prepare(el, name);
  if (!ready.ok || !at) return ready;
  const { rect } = ready;
  if (at.x > rect.width || at.y > rect.height)
    return {
      ok: false,
      error: `Position outside: ${name} is ${Math.round(rect.width)}×${Math.round(rect.height)} px; x and y count from its top-left corner.`,
    };
  const x = rect.left + at.x;
  const y = rect.top + at.y;
  const root = el.getRootNode() as Document | ShadowRoot;
  const hit = withOverlayHidden(() => root.elementFromPoint(x, y));
  if (!hit) return { ok: false, error: `not visible: that position of ${name} is outside the window.` };
  if (hit !== el && !el.contains(hit)) return { ok: false, error: coveredError(hit, name) };
  return { ...ready, x, y, hit };
}

async function onElement(p: Place, act: (el: Element, name: string) => Promise<ActionResult>): Promise<ActionResult> {
  const found = locate(p);
  return 'error' in found ? notFound(found) : act(found.el, found.name);
}

const at = (p: { x?: number; y?: number }): Point | undefined =>
  p.x !== undefined || p.y !== undefined ? { x: p.x ?? 0, y: p.y ?? 0 } : undefined;
const where = (point?: Point) => (point ? ` at (${point.x}, ${point.y})` : '');

export const hover = (p: Place & Trusted) =>
  onElement(p, async (el, name) => {
    const target = aim(el, name);
    if (!target.ok) return fail(target.error);
    const { result, reaction } = await watchReaction(el.ownerDocument, () =>
      pressOrScript(
        p.trusted,
        { kind: 'hover', at: pointFor(el, target) },
        () => pointerTo(target.hit, target.x, target.y),
        el,
      ),
    );
    return {
      success: true,
      message: `The pointer is over ${name}${landedOn(el, target.hit)}${result.via} and stays there${reacted(reaction)}`,
    };
  });

export const clickAt = (p: { index: number; snapshotId: string; x?: number; y?: number } & Trusted) =>
  onElement(p, async (el, name) => {
    const point = at(p);
    const target = aim(el, name, point);
    if (!target.ok) return fail(target.error);
    const { result, reaction } = await watchReaction(el.ownerDocument, () =>
      pressOrScript(
        p.trusted,
        { kind: 'click', at: pointFor(el, target), count: 1 },
        () => click(target.hit, target.x, target.y),
        el,
      ),
    );
    return {
      success: true,
      message: `Clicked ${name}${where(point)}${landedOn(el, target.hit)}${result.via}${reacted(reaction)}`,
    };
  });

export const doubleClickIndex = (p: { index: number; snapshotId: string; x?: number; y?: number } & Trusted) =>
  onElement(p, async (el, name) => {
    const point = at(p);
    const target = aim(el, name, point);
    if (!target.ok) return fail(target.error);
    const { result, reaction } = await watchReaction(el.ownerDocument, () =>
      pressOrScript(
        p.trusted,
        { kind: 'click', at: pointFor(el, target), count: 2 },
        () => doubleClick(target.hit, target.x, target.y),
        el,
      ),
    );
    return {
      success: true,
      message: `Double-clicked ${name}${where(point)}${landedOn(el, target.hit)}${result.via}${reacted(reaction)}`,
    };
  });
