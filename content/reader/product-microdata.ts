import type { Product } from './product-fields';

const MAX_FIELD_CHARS = 300;
// itemprop names of offer properties and the product field each fills. Offers are nested items, so these are
// accepted from any item inside the product except another product.
const OFFER_PROPS: Record<string, keyof Product> = { price: 'price', lowprice: 'price', pricecurrency: 'currency' };

/** Product fields from schema.org microdata: the first item whose itemtype is a Product. */
export function microdataProduct(doc: Document): { isProduct: boolean; fields: Product } {
  let root: Element | undefined;
  for (const item of doc.querySelectorAll('[itemscope][itemtype]')) {
    if (isProductType(item)) {
      root = item;
      break;
    }
  }
  if (!root) return { isProduct: false, fields: {} };
  const fields: Product = {};
  for (const element of root.querySelectorAll('[itemprop]')) {
    const owner = ownerItem(element);
    if (!owner || insideOtherProduct(owner, root)) continue;
    for (const prop of (element.getAttribute('itemprop') ?? '').toLowerCase().split(/\s+/)) {
      const field = fieldFor(prop, owner, root);
      if (field && fields[field] === undefined) fields[field] = propertyValue(element);
    }
  }
  return { isProduct: true, fields };
}

function fieldFor(prop: string, owner: Element, root: Element): keyof Product | undefined {
  if (owner === root && (prop === 'name' || prop === 'brand')) return prop; // a nested Brand item: see below
  if (prop === 'name' && itemIs(owner, 'brand')) return 'brand';
  // Only the aggregate: a Review's reviewRating also has a ratingValue, but it is one person's score.
  if (prop === 'ratingvalue') return owner === root || itemIs(owner, 'aggregaterating') ? 'rating' : undefined;
  return OFFER_PROPS[prop];
}

/** Whether an item is the product's `role` (by its itemprop) or has that type (by its itemtype). */
function itemIs(item: Element, role: string): boolean {
  const props = (item.getAttribute('itemprop') ?? '').toLowerCase().split(/\s+/);
  const types = (item.getAttribute('itemtype') ?? '').toLowerCase().split(/\s+/);
  return props.includes(role) || types.some((type) => type.endsWith(`/${role}`));
}

/** The item a property belongs to: the nearest itemscope above it (microdata's ownership rule, without itemref). */
function ownerItem(element: Element): Element | null {
  return element.parentElement?.closest('[itemscope]') ?? null;
}

function insideOtherProduct(owner: Element, root: Element): boolean {
  for (let item: Element | null = owner; item && item !== root; item = ownerItem(item)) {
    if (isProductType(item)) return true; // a related or bundled product's price is not this product's
  }
  return false;
}

function isProductType(item: Element): boolean {
  // itemtype is a space-separated list of absolute URLs, such as https://schema.org/Product.
  return (item.getAttribute('itemtype') ?? '').split(/\s+/).some((type) => /\/Product$/i.test(type));
}

/** The content attribute when present (it is the machine-readable value), else the element's own value. */
function propertyValue(element: Element): string | undefined {
  if (element.hasAttribute('itemscope')) return undefined; // a nested item's value is its own properties
  const value =
    element.getAttribute('content') ??
    (['DATA', 'METER'].includes(element.nodeName) ? element.getAttribute('value') : null) ??
    (element.nodeName === 'META' ? null : element.textContent);
  const clean = value?.replace(/\s+/g, ' ').trim().slice(0, MAX_FIELD_CHARS);
  return clean || undefined;
}
