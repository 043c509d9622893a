// A string-building helper for the page generator: seeded randomness, filler words and an
// element counter, so a page can be grown until it holds the requested number of elements.

/** mulberry32: tiny, fast and good enough for deterministic test pages. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = (
  'cart order price delivery account settings search filter product review shipping return size colour ' +
  'blue green fresh organic deal offer member help contact store garden kitchen travel book music sport ' +
  'camera phone laptop desk chair lamp coffee tea bread cheese winter summer sale new popular classic'
).split(' ');

/** What the generator put on the page, so tests (and readers of the report) know it is all there. */
export interface PageFeatures {
  shadowRoots: number;
  hidden: number;
  covered: number;
  offscreen: number;
  iframes: number;
  interactive: number;
}

export class HtmlBuilder {
  /** Elements emitted into the top document, shadow-root contents included. */
  elements = 0;
  readonly features: PageFeatures = { shadowRoots: 0, hidden: 0, covered: 0, offscreen: 0, iframes: 0, interactive: 0 };
  private serial = 0;

  constructor(private readonly random: () => number) {}

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.random() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.random() < probability;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.random() * items.length)] as T;
  }

  words(min: number, max: number): string {
    const count = this.int(min, max);
    const out: string[] = [];
    for (let i = 0; i < count; i++) out.push(this.pick(WORDS));
    return out.join(' ');
  }

  /** A page-unique id, for label/for pairs and anchors. */
  id(prefix: string): string {
    this.serial += 1;
    return `${prefix}${this.serial}`;
  }

  /** One element; `inner` is already-built markup (its elements were counted when built). */
  el(tag: string, attrs = '', inner = ''): string {
    this.elements += 1;
    return `<${tag}${attrs ? ` ${attrs}` : ''}>${inner}</${tag}>`;
  }

  /** A void element (input, img, br). */
  empty(tag: string, attrs = ''): string {
    this.elements += 1;
    return `<${tag}${attrs ? ` ${attrs}` : ''}>`;
  }

  /** An element the snapshot should list when it is visible and uncovered. */
  control(tag: string, attrs = '', inner = ''): string {
    this.features.interactive += 1;
    return tag === 'input' ? this.empty(tag, attrs) : this.el(tag, attrs, inner);
  }

  link(text = this.words(1, 3)): string {
    return this.control('a', `href="/p/${this.id('l')}"`, text);
  }

  button(text = this.words(1, 2)): string {
    return this.control('button', 'type="button"', text);
  }
}

/** Escapes markup for an attribute value (srcdoc). */
export function escapeAttribute(html: string): string {
  return html.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
}
