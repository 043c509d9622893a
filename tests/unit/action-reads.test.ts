// @vitest-environment jsdom
// An action reads the element's box and asks the browser's hit test once each: the cover check's
// hit is where the press lands, its box and frame are what the press is aimed by. The browser's own
// layout is what is counted here (jsdom lays nothing out, so each read answers a fixed box).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dragElement } from '../../content/actions/drag';
import { clickElement } from '../../content/actions/operate';
import { clickAt, doubleClickIndex, hover } from '../../content/actions/pointer';
import { removeHighlights } from '../../content/overlay/highlight';
import { record } from '../../content/snapshot/registry';

const BOX = { left: 100, top: 50, right: 200, bottom: 80, width: 100, height: 30, x: 100, y: 50 };

/**
 * The reads of the element's box (and of the frame it is in, when given) and the hit tests made
 * while `act` runs. Every box is BOX but the frame's, `frameBox`.
 */
async function reads(
  el: Element,
  act: () => Promise<unknown>,
  frame?: { el: Element; box: typeof BOX },
): Promise<{ boxes: number; hitTests: number; frameBoxes?: number }> {
  let boxes = 0;
  let hitTests = 0;
  let frameBoxes = 0;
  const answer = function (this: Element) {
    if (this === el) boxes += 1;
    if (this === frame?.el) frameBoxes += 1;
    const read = this === frame?.el ? frame.box : BOX;
    return { ...read, toJSON: () => read } as DOMRect;
  };
  // A frame's elements are of its own window's Element.
  const realms = new Set([Element, (el.ownerDocument.defaultView as unknown as { Element: typeof Element }).Element]);
  const spies = [...realms].map((realm) => {
    Object.assign(realm.prototype, { checkVisibility: () => true });
    return vi.spyOn(realm.prototype, 'getBoundingClientRect').mockImplementation(answer);
  });
  Object.assign(el.ownerDocument, {
    elementFromPoint: () => {
      hitTests += 1;
      return el;
    },
  });
  try {
    await act();
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
  return { boxes, hitTests, ...(frame ? { frameBoxes } : {}) };
}

describe('what an action reads of the page', () => {
  let button: HTMLButtonElement;
  beforeEach(() => {
    document.body.innerHTML = '<button id="go">Go</button>';
    button = document.querySelector('#go')!;
  });
  afterEach(() => removeHighlights());

  it("a click reads the element's box once and hit-tests once: the cover check's hit is where the click lands", async () => {
    let clicked = 0;
    button.addEventListener('click', () => (clicked += 1));
    const counted = await reads(button, () => clickElement(button, 'button "Go"'));
    expect(counted).toEqual({ boxes: 1, hitTests: 1 });
    expect(clicked).toBe(1);
  });

  it('a click at a position reads the box once, and hit-tests the centre (the cover check) and the position', async () => {
    const listing = record([{ el: button, role: 'button' }].values());
    // The part the index was read from has been listed.
    listing.reach(1);
    const snapshotId = listing.id;
    const counted = await reads(button, () => clickAt({ index: 1, snapshotId, x: 10, y: 5 }));
    expect(counted).toEqual({ boxes: 1, hitTests: 2 });
  });

  it('a hover and a double click by index read the box once and hit-test once, and land where the cover check looked', async () => {
    const seen: string[] = [];
    for (const type of ['mouseover', 'dblclick']) button.addEventListener(type, () => seen.push(type));
    const listing = record([{ el: button, role: 'button' }].values());
    listing.reach(1);
    const snapshotId = listing.id;
    expect(await reads(button, () => hover({ index: 1, snapshotId }))).toEqual({ boxes: 1, hitTests: 1 });
    expect(await reads(button, () => doubleClickIndex({ index: 1, snapshotId }))).toEqual({ boxes: 1, hitTests: 1 });
    expect(seen).toEqual(['mouseover', 'dblclick']);
  });

  it('a drag by an offset starts where the cover check looked, from the box read once', async () => {
    const moves: number[] = [];
    button.addEventListener('mousemove', (event) => moves.push(event.clientX));
    const counted = await reads(button, () => dragElement({ selector: '#go', dx: 40 }));
    // One hit test to prepare, then one for each of the pointer's steps on the way.
    expect(counted).toEqual({ boxes: 1, hitTests: 1 + 10 });
    expect(moves.at(-1)).toBe(BOX.left + BOX.width / 2 + 40);
  });

  it("a trusted click in a frame reads the frame's box once: the press is aimed by the frame the action measured", async () => {
    document.body.innerHTML = '<iframe style="border: 0; padding: 0"></iframe>';
    const iframe = document.querySelector('iframe')!;
    const inner = iframe.contentDocument!;
    inner.body.innerHTML = '<button>Go</button>';
    const framed = inner.querySelector('button')!;
    const page = { left: 0, top: 0, right: 800, bottom: 600, width: 800, height: 600, x: 0, y: 0 };
    // Trusted input asks the background, which is not there: the click falls back to script events.
    const counted = await reads(framed, () => clickElement(framed, 'button "Go"', { trusted: true }), {
      el: iframe,
      box: page,
    });
    expect(counted).toEqual({ boxes: 1, hitTests: 1, frameBoxes: 1 });
  });
});
