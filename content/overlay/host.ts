/**
 * Bosun's own on-page UI (the mask and the highlight boxes) lives in one element with a closed
 * shadow root: page styles cannot reach into it, page scripts cannot read it, and the page
 * engine skips it by identity.
 */
const TAG = 'bosun-overlay';
let host: HTMLElement | null = null;
let root: ShadowRoot | null = null;

/**
 * Containment is size, layout and paint, not `strict`: `strict` includes style containment, and
 * Chromium answers the removal of a style-containment scope by re-walking the whole document
 * (about 10 ms, at times 60 ms, on a 50k-element page, against 0.3 ms without it), once every
 * time the last box goes. The boxes hold no counters or quotes for style containment to fence in.
 */
const STYLE = `
  :host { all: initial; position: fixed; inset: 0; z-index: 2147483647; pointer-events: none; contain: size layout paint; }
  .mask { position: fixed; inset: 0; pointer-events: auto; cursor: progress;
    box-shadow: inset 0 0 0 3px #e07a5f; background: rgba(15, 76, 92, 0.06); }
  .mask-label { position: fixed; right: 12px; bottom: 12px; padding: 6px 10px; border-radius: 6px;
    font: 13px/1.3 system-ui, sans-serif; color: #fff; background: #0f4c5c; }
  .box { position: fixed; box-sizing: border-box; border: 2px solid #e07a5f; border-radius: 3px; contain: layout; }
  .box > span { position: absolute; top: -2px; left: -2px; padding: 0 3px; font: 10px/14px monospace;
    color: #fff; background: #e07a5f; }
  .box.target { border-color: #0f4c5c; border-width: 3px; background: rgba(15, 76, 92, 0.12); }
  /* A question's ring: amber between two near-black edges, seen on white, black and busy pages alike
     (well over 3:1 against either), with its label in white on near-black. */
  .box.asking { border: 4px solid #ffb000; border-radius: 4px; background: none;
    box-shadow: 0 0 0 2px #111, inset 0 0 0 2px #111; }
  .box.asking > span { top: auto; bottom: calc(100% + 6px); left: -6px; max-width: min(320px, 90vw);
    padding: 3px 8px; border: 2px solid #ffb000; border-radius: 6px; font: 600 13px/18px system-ui, sans-serif;
    color: #fff; background: #111; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
  .box.asking.label-below > span { bottom: auto; top: calc(100% + 6px); }
`;

/**
 * The overlay is built once per page and kept while idle, off the document: drawing again only
 * puts it back. Its style is a constructed sheet the shadow root adopts: a `<style>` element would
 * be parsed again each time the host is inserted.
 */
export function overlayRoot(doc: Document): ShadowRoot {
  if (!host || !root || host.ownerDocument !== doc) [host, root] = createOverlay(doc);
  if (!host.isConnected) doc.documentElement.append(host);
  return root;
}

function createOverlay(doc: Document): [HTMLElement, ShadowRoot] {
  const element = doc.createElement(TAG);
  const shadow = element.attachShadow({ mode: 'closed' });
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(STYLE);
  shadow.adoptedStyleSheets = [sheet];
  return [element, shadow];
}

export function isOverlay(el: Element): boolean {
  return el === host;
}

/**
 * Takes the overlay off the page once nothing is drawn in it, so an idle page carries no trace
 * of Bosun; the detached host and its shadow root are kept for the next drawing.
 */
export function releaseOverlay(): void {
  if (root?.firstElementChild) return;
  host?.remove();
}

/**
 * The mask, the one part of the overlay that takes pointer events, out of hit testing: its own
 * style, inside the closed shadow root, so the page's document shows no change (a page that watches
 * it would otherwise learn that Bosun reads, or is about to press). Gives back how to put it back.
 */
function maskAside(): () => void {
  const mask = root?.querySelector<HTMLElement>('.mask');
  if (!mask) return () => undefined;
  const previous = mask.style.pointerEvents;
  mask.style.pointerEvents = 'none';
  return () => (mask.style.pointerEvents = previous);
}

/**
 * Runs `read` with Bosun's own overlay out of hit testing, so it never counts as covering the
 * page. Only the mask takes pointer events (highlight boxes do not), so without a mask nothing
 * is touched: changing the overlay's style would make the browser recompute style before the
 * reads that follow.
 */
export function withOverlayHidden<T>(read: () => T): T {
  const restore = maskAside();
  try {
    return read();
  } finally {
    restore();
  }
}

/**
 * Runs `work` with the overlay out of the way of real input: trusted mouse events land at
 * coordinates, where the mask would otherwise take them. The mask stays in sight.
 */
export async function withOverlayAside<T>(work: () => Promise<T>): Promise<T> {
  const restore = maskAside();
  try {
    return await work();
  } finally {
    restore();
  }
}
