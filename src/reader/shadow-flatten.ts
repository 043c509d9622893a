const ELEMENT_NODE = 1;

/**
 * A clone leaves shadow roots behind, so a page built from web components would read as empty.
 * Puts each open shadow root's rendering (its slots filled with what the host assigns to them)
 * into `copy` in place of the host's light children, as a person sees the page. `copy` must be a
 * deep clone of `original` made just now: elements are paired by their place in document order.
 */
export function flattenShadowRoots(original: Element, copy: Element): void {
  const originals = original.querySelectorAll('*');
  const copies = copy.querySelectorAll('*');
  if (originals.length !== copies.length) return;
  for (let i = 0; i < originals.length; i++) {
    const root = (originals[i] as Element).shadowRoot;
    // A host nested in another host's light tree was copied with that host's slots already; its
    // stale copy here is detached, so filling it changes nothing.
    if (root) (copies[i] as Element).replaceChildren(...composedChildren(root.childNodes, copy.ownerDocument));
  }
}

/** flattenShadowRoots for a copy whose root itself may be a shadow host (a piece of the page read on its own). */
export function flattenShadowRootsWithin(original: Element, copy: Element): void {
  flattenShadowRoots(original, copy);
  if (original.shadowRoot)
    copy.replaceChildren(...composedChildren(original.shadowRoot.childNodes, copy.ownerDocument));
}

function composedChildren(nodes: NodeListOf<ChildNode> | Node[], doc: Document): Node[] {
  const out: Node[] = [];
  for (const node of nodes) out.push(...composed(node, doc));
  return out;
}

/** The node as rendered, copied into `doc` (a document without a browsing context: nothing loads). */
function composed(node: Node, doc: Document): Node[] {
  if (node.nodeType !== ELEMENT_NODE) return [doc.importNode(node, false)];
  const el = node as Element;
  if (el.localName === 'slot') {
    const assigned = (el as HTMLSlotElement).assignedNodes();
    return composedChildren(assigned.length > 0 ? assigned : el.childNodes, doc);
  }
  const copy = doc.importNode(el, false);
  copy.append(...composedChildren(el.shadowRoot ? el.shadowRoot.childNodes : el.childNodes, doc));
  return [copy];
}
