// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { drawHighlights, removeHighlights } from '../../content/overlay/highlight';
import { overlayRoot } from '../../content/overlay/host';
import { hideMask, showMask } from '../../content/overlay/mask';

const overlays = () => document.querySelectorAll('bosun-overlay');
const box = { left: 10, top: 10, width: 40, height: 20 };

describe("Bosun's overlay", () => {
  afterEach(() => hideMask());

  it('leaves the page when nothing is drawn and comes back, the same element, for the next drawing', () => {
    drawHighlights(document, [{ box, label: '1' }]);
    const first = overlays()[0];
    expect(overlays()).toHaveLength(1);
    removeHighlights();
    expect(overlays()).toHaveLength(0);

    drawHighlights(document, [{ box, label: '2' }]);
    expect([...overlays()]).toEqual([first]);
    expect([...overlayRoot(document).querySelectorAll('.box > span')].map((s) => s.textContent)).toEqual(['2']);
  });

  it('stays while the mask is shown after the boxes go, and leaves with the mask', () => {
    showMask(document);
    drawHighlights(document, [{ box, label: '1' }]);
    removeHighlights();
    expect(overlays()).toHaveLength(1);
    hideMask();
    expect(overlays()).toHaveLength(0);
  });

  it('shows one mask again when the page took the overlay off while it was shown', () => {
    showMask(document);
    overlays()[0]?.remove();
    showMask(document);
    expect(overlays()).toHaveLength(1);
    expect(overlayRoot(document).querySelectorAll('.mask')).toHaveLength(1);
  });
});
