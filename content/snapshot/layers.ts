import { isOverlay } from '../overlay/host';
import { intersects, toBox, type Box, type Frame } from './frames';
import { layerSelectors, matching } from './layer-rules';

/**
 * Layers: the boxes painted above the normal flow (absolute, fixed and sticky elements, open
 * dialogs and popovers, positioned ::before/::after boxes). Only a layer can cover an element,
 * so an element that no layer overlaps needs no hit test; a hit test costs time linear in the
 * siblings on its way (milliseconds per point in a list of thousands).
 */
export interface Layer {
  el: Element;
  rect: Box;
  /** The box is the element's ::before or ::after, bounded by its containing block. */
  pseudo: boolean;
}

export type LayerLookup = (root: Node) => Layer[];

/** Layers per document or shadow root, each found once per snapshot. */
export function createLayerLookup(): LayerLookup {
  const cache = new Map<Node, Layer[]>();
  return (root) => {
    let layers = cache.get(root);
    if (!layers) cache.set(root, (layers = layersOf(root as Document | ShadowRoot)));
    return layers;
  };
}

/** Whether a layer of the element's document or of a shadow root around it overlaps its box. */
export function mayBeCovered(el: Element, rect: Box, frame: Frame, layers: LayerLookup): boolean {
  if (!intersects(rect, frame)) return false;
  for (let root: Node = el.getRootNode(); ; root = (root as ShadowRoot).host.getRootNode()) {
    for (const layer of layers(root)) {
      if (!overlaps(layer.rect, rect) || composedContains(el, layer.el)) continue;
      // A layer around the element is painted beneath it; a ::before/::after box may not be.
      if (layer.pseudo || !composedContains(layer.el, el)) return true;
    }
    if (!(root instanceof ShadowRoot)) return false;
  }
}

function layersOf(root: Document | ShadowRoot): Layer[] {
  const selectors = layerSelectors(root);
  const layers: Layer[] = [];
  // A stylesheet from another origin cannot be read: ask every rendered element instead (slower, complete).
  for (const el of selectors ? matching(root, selectors.elements) : renderedElements(root)) {
    if (el.checkVisibility({ contentVisibilityAuto: true }) && isLayer(el)) add(layers, el, el, false);
  }
  for (const el of selectors ? matching(root, selectors.pseudos) : []) {
    const view = el.ownerDocument.defaultView;
    const positions = ['::before', '::after'].map((p) => view?.getComputedStyle(el, p).position ?? 'static');
    if (!positions.some((p) => POSITIONED.test(p))) continue;
    add(layers, el, positions.includes('fixed') ? el.ownerDocument.documentElement : containingBlock(el), true);
  }
  return layers;
}

/**
 * The elements of `root` that have a box, without entering what has none (display: none) or what
 * the page keeps unrendered (`content-visibility: auto` far from the viewport, which contains its
 * layout and paint, so a layer inside covers only that section, off screen and never hit-tested).
 * Reading the style or box of an element in such a section would make the browser lay it out.
 */
function* renderedElements(root: Document | ShadowRoot): Generator<Element> {
  const doc = root instanceof ShadowRoot ? root.ownerDocument : root;
  const walker = doc.createTreeWalker(root, NodeFilter.SHOW_ELEMENT);
  let el = walker.nextNode() as Element | null;
  while (el) {
    const shown = el.checkVisibility({ contentVisibilityAuto: true });
    if (shown) yield el;
    el = (shown ? walker.nextNode() : pastSubtree(walker)) as Element | null;
  }
}

/** The node after the walker's current one and all its descendants; null at the end. */
function pastSubtree(walker: TreeWalker): Node | null {
  for (;;) {
    const next = walker.nextSibling();
    if (next) return next;
    if (!walker.parentNode()) return null;
  }
}

const POSITIONED = /^(absolute|fixed|sticky)$/;

const position = (el: Element) => el.ownerDocument.defaultView?.getComputedStyle(el).position ?? 'static';

function isLayer(el: Element): boolean {
  if (isOverlay(el)) return false;
  return POSITIONED.test(position(el)) || (el.localName === 'dialog' && (el as HTMLDialogElement).open);
}

/** The nearest element, this one included, that is not statically positioned; else the root element. */
function containingBlock(el: Element): Element {
  for (let at: Element | null = el; at; at = at.parentElement) if (position(at) !== 'static') return at;
  return el.ownerDocument.documentElement;
}

function add(layers: Layer[], el: Element, boxOf: Element, pseudo: boolean): void {
  const rect = toBox(boxOf.getBoundingClientRect());
  if (rect.width > 0 && rect.height > 0) layers.push({ el, rect, pseudo });
}

const overlaps = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/** `outer` contains `inner` across shadow-root boundaries. */
function composedContains(outer: Element, inner: Element): boolean {
  for (let node: Node | null = inner; node; node = node.parentNode ?? (node as ShadowRoot).host ?? null)
    if (node === outer) return true;
  return false;
}
