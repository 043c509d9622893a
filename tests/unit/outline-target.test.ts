// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { followTarget, highlightTarget, removeHighlights } from '../../content/overlay/highlight';
import { overlayRoot } from '../../content/overlay/host';

const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));
const overlay = () => document.querySelector('bosun-overlay');
/** The target boxes drawn, read from the overlay's (closed) shadow root as the content script holds it. */
const boxes = () => [...overlayRoot(document).querySelectorAll<HTMLElement>('.box.target')];

describe("a question's target outline", () => {
  afterEach(() => removeHighlights());

  it('stays on the element as the page scrolls, hides while the element is gone, and goes with removeHighlights', async () => {
    let top = 120;
    let shown = true;
    let measured = 0;
    followTarget(document, 'Bosun wants to click this', () => {
      measured += 1;
      return shown ? { left: 10, top, width: 80, height: 24 } : null;
    });
    expect(boxes().map((box) => box.style.cssText)).toEqual(['left: 10px; top: 120px; width: 80px; height: 24px;']);

    top = 40;
    window.dispatchEvent(new Event('scroll'));
    window.dispatchEvent(new Event('scroll'));
    await nextFrame();
    expect(boxes()[0]?.style.top).toBe('40px');
    // Two scroll events in one frame are measured once.
    expect(measured).toBe(2);

    shown = false;
    window.dispatchEvent(new Event('resize'));
    await nextFrame();
    expect(boxes()[0]?.hidden).toBe(true);

    removeHighlights();
    expect(overlay()).toBeNull();
    window.dispatchEvent(new Event('scroll'));
    await nextFrame();
    expect(measured).toBe(3);
  });

  it("an action's own highlight replaces the outline, which then stops following", async () => {
    let measured = 0;
    followTarget(document, 'Bosun wants to click this', () => {
      measured += 1;
      return { left: 0, top: 0, width: 10, height: 10 };
    });
    highlightTarget(document, { left: 5, top: 5, width: 20, height: 20 });
    window.dispatchEvent(new Event('scroll'));
    await nextFrame();
    expect(measured).toBe(1);
    expect(boxes().map((box) => box.style.left)).toEqual(['5px']);
  });

  it('says what Bosun wants to do, above the ring, or below it when the element is at the top of the window', async () => {
    let top = 200;
    followTarget(document, 'Bosun wants to click this', () => ({ left: 10, top, width: 80, height: 24 }));
    const [ring] = boxes();
    expect(ring?.querySelector('span')?.textContent).toBe('Bosun wants to click this');
    expect(ring?.classList.contains('asking')).toBe(true);
    expect(ring?.classList.contains('label-below')).toBe(false);
    top = 4;
    window.dispatchEvent(new Event('scroll'));
    await nextFrame();
    expect(ring?.classList.contains('label-below')).toBe(true);
  });

  it('follows an element the page moves without a scroll or a resize', async () => {
    let top = 200;
    followTarget(document, 'Bosun wants to click this', () => ({ left: 10, top, width: 80, height: 24 }));
    top = 260;
    await new Promise((resolve) => setTimeout(resolve, 400));
    await nextFrame();
    expect(boxes()[0]?.style.top).toBe('260px');
  });

  it('draws nothing for an element that is not rendered', () => {
    followTarget(document, 'Bosun wants to click this', () => null);
    expect(overlay()).toBeNull();
  });
});
