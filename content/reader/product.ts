import type { Product } from './product-fields';
import { microdataProduct } from './product-microdata';

type Found = { isProduct: boolean; fields: Product };

const FIELDS = ['name', 'price', 'currency', 'brand', 'rating'] as const;
// Bounds on work done for page-controlled data: one block's size, all blocks together, nodes visited per block.
const MAX_BLOCK_CHARS = 1_000_000;
const MAX_TOTAL_CHARS = 4_000_000;
const MAX_VISITS = 10_000;
const MAX_FIELD_CHARS = 300;
const PRODUCT_TYPES = new Set(['product', 'productgroup', 'productmodel', 'individualproduct', 'someproducts']);

/**
 * The product this page is about, merged from JSON-LD, then microdata, then OpenGraph/product meta tags:
 * each field comes from the most trusted source that has it. Null when nothing marks the page as a product
 * (no Product type in JSON-LD or microdata, no og:type product), or when no field could be read.
 */
export function extractProduct(doc: Document): Product | null {
  const sources = [jsonLdProduct(doc), microdataProduct(doc), metaProduct(doc)];
  if (!sources.some((source) => source.isProduct)) return null;
  const product: Product = {};
  for (const { fields } of sources) {
    for (const field of FIELDS) product[field] ??= fields[field];
  }
  for (const field of FIELDS) if (product[field] === undefined) delete product[field];
  return Object.keys(product).length > 0 ? product : null;
}

function jsonLdProduct(doc: Document): Found {
  let budget = MAX_TOTAL_CHARS;
  for (const script of doc.querySelectorAll('script[type]')) {
    if (!/^\s*application\/ld\+json\s*(;|$)/i.test(script.getAttribute('type') ?? '')) continue;
    const text = script.textContent ?? '';
    if (text.length > MAX_BLOCK_CHARS || text.length > budget) continue;
    budget -= text.length;
    const item = findProductItem(parseJson(text));
    if (item) return { isProduct: true, fields: jsonLdFields(item) };
  }
  return { isProduct: false, fields: {} };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined; // malformed JSON-LD is common; it just contributes nothing
  }
}

/** Breadth-first, so a top-level Product (or one in @graph) wins over one nested as a related item. */
function findProductItem(root: unknown): Record<string, unknown> | null {
  const queue: unknown[] = [root];
  for (let i = 0; i < queue.length && i < MAX_VISITS; i++) {
    const value = queue[i];
    if (Array.isArray(value)) {
      queue.push(...value.slice(0, MAX_VISITS));
    } else if (isRecord(value)) {
      if (hasProductType(value['@type'])) return value;
      for (const child of Object.values(value)) if (typeof child === 'object' && child !== null) queue.push(child);
    }
  }
  return null;
}

function hasProductType(type: unknown): boolean {
  const types = Array.isArray(type) ? type : [type];
  // Types may be written "Product", "schema:Product" or "https://schema.org/Product".
  return types.some((t) => typeof t === 'string' && PRODUCT_TYPES.has(t.split(/[/:#]/).pop()?.toLowerCase() ?? ''));
}

function jsonLdFields(item: Record<string, unknown>): Product {
  const offer = firstOffer(item['offers'], 0);
  const spec = record(offer?.['priceSpecification']);
  const rating = record(item['aggregateRating']);
  return {
    name: text(item['name']),
    price: text(offer?.['price']) ?? text(offer?.['lowPrice']) ?? text(spec?.['price']),
    currency: text(offer?.['priceCurrency']) ?? text(spec?.['priceCurrency']),
    brand: brandName(item['brand']),
    rating: text(rating?.['ratingValue']),
  };
}

/** The first offer that states a price (an AggregateOffer counts through lowPrice), else the first offer. */
function firstOffer(offers: unknown, depth: number): Record<string, unknown> | undefined {
  const list = (Array.isArray(offers) ? offers : [offers]).filter(isRecord);
  const priced = list.find((offer) =>
    ['price', 'lowPrice', 'priceSpecification'].some((key) => offer[key] !== undefined),
  );
  if (priced) return priced;
  // An AggregateOffer may list its offers instead of a lowPrice.
  const nested = depth < 3 ? list.map((offer) => firstOffer(offer['offers'], depth + 1)).find(Boolean) : undefined;
  return nested ?? list[0];
}

function brandName(brand: unknown): string | undefined {
  const first: unknown = Array.isArray(brand) ? brand[0] : brand;
  return isRecord(first) ? text(first['name']) : text(first);
}

function metaProduct(doc: Document): Found {
  const meta = new Map<string, string>();
  for (const element of doc.querySelectorAll('meta[property], meta[name]')) {
    const key = (element.getAttribute('property') ?? element.getAttribute('name') ?? '').trim().toLowerCase();
    const content = element.getAttribute('content');
    if (key && content !== null && !meta.has(key)) meta.set(key, content);
  }
  const get = (...keys: string[]): string | undefined => keys.map((key) => text(meta.get(key))).find(Boolean);
  return {
    // "product", "product.item" and "product.group" are the product types Open Graph consumers use.
    isProduct: /^(og:)?product\b/i.test(meta.get('og:type')?.trim() ?? ''),
    fields: {
      name: get('og:title'),
      price: get('product:price:amount', 'og:price:amount'),
      currency: get('product:price:currency', 'og:price:currency'),
      brand: get('product:brand', 'og:brand'),
    },
  };
}

/** A JSON-LD or attribute value as a short trimmed string; numbers are kept as written by JSON.parse. */
function text(value: unknown): string | undefined {
  const first: unknown = Array.isArray(value) ? value[0] : value;
  const raw = isRecord(first) ? first['@value'] : first;
  if (typeof raw === 'number' && Number.isFinite(raw)) return String(raw);
  if (typeof raw !== 'string') return undefined;
  const clean = raw.replace(/\s+/g, ' ').trim().slice(0, MAX_FIELD_CHARS);
  return clean || undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function record(value: unknown): Record<string, unknown> | undefined {
  const first: unknown = Array.isArray(value) ? value[0] : value;
  return isRecord(first) ? first : undefined;
}
