/**
 * The <label> elements of each document or shadow root, indexed once per snapshot.
 * `HTMLInputElement.labels` searches the whole tree for each field once the page has changed,
 * which made the first reading after a change quadratic on form-heavy pages.
 */
export type LabelLookup = (el: Element) => Element[];

export function createLabelLookup(): LabelLookup {
  const byRoot = new Map<Node, Map<string, Element[]>>();
  const index = (root: Document | ShadowRoot) => {
    let map = byRoot.get(root);
    if (!map) {
      map = new Map();
      for (const label of root.querySelectorAll('label[for]')) {
        const id = label.getAttribute('for') ?? '';
        map.set(id, [...(map.get(id) ?? []), label]);
      }
      byRoot.set(root, map);
    }
    return map;
  };
  return (el) => {
    if (!/^(input|textarea|select|button|meter|output|progress)$/.test(el.localName)) return [];
    const found = el.id ? [...(index(el.getRootNode() as Document | ShadowRoot).get(el.id) ?? [])] : [];
    const wrapping = el.closest('label');
    if (wrapping && !found.includes(wrapping)) found.push(wrapping);
    return found;
  };
}
