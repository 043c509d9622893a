/** An element's attributes, read as `getAttribute` would, with one call for the names the element carries. */
export type Attributes = (name: string) => string | null;

/**
 * Naming an element and telling its state ask for a dozen attributes most elements do not carry.
 * From a Firefox content script each `getAttribute` crosses a wrapper whether the attribute is
 * there or not; the names come in one crossing, and only the attributes present are read.
 */
export function attributesOf(el: Element): Attributes {
  if (!el.hasAttributes()) return () => null;
  const names = el.getAttributeNames();
  return (name) => (names.includes(name) ? el.getAttribute(name) : null);
}
