// Deterministic test pages for the page-engine benchmark.
//   mixed:  a realistic shop/portal page (header, nav, main with sections, aside, footer, a fixed
//           cookie banner) mixing content, forms, tables, hidden, covered and off-screen parts,
//           custom widgets, open shadow roots and same-origin frames.
//   flat:   one <ul> holding tens of thousands of <li>, each with a link or a button.
//   nested: the same links and buttons as leaves of a binary tree of <div>s, same element count.
import { HtmlBuilder, seededRandom, type PageFeatures } from './html-builder';
import { linkList, section } from './page-sections';

export type PageVariant = 'mixed' | 'flat' | 'nested';

export interface PageRequest {
  /** Wanted element count (shadow-root contents included, frame documents not). */
  nodes: number;
  variant?: PageVariant;
  seed?: number;
}

export interface GeneratedPage {
  html: string;
  /** Elements actually emitted: within a few percent of the request. */
  elements: number;
  features: PageFeatures;
}

const CSS = `
body{margin:0;font:14px/1.4 sans-serif}
header,footer{background:#eee;padding:8px}
nav ul,.links{display:flex;flex-wrap:wrap;gap:8px;list-style:none;padding:0;margin:4px 0}
.layout{display:flex}main{flex:1;min-width:0;padding:8px}aside{width:220px;padding:8px}
.grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(180px,1fr));gap:8px}
.card{border:1px solid #ccc;padding:6px}.thumb{height:60px;background:#ddd}
.veiled{position:relative;padding:4px}.veil{position:absolute;inset:0;background:rgba(255,255,255,.92)}
.offscreen{position:absolute;left:-10000px;top:auto}
.banner{position:fixed;left:0;right:0;bottom:0;height:56px;background:#223;color:#fff;z-index:10}
.field{margin:4px 0}table{border-collapse:collapse}td,th{border:1px solid #ddd;padding:2px 6px}
.chip{display:inline-block;padding:2px 8px;border:1px solid #888;border-radius:9px}`;

/** The document around a body; counts html, head, title, style and body. */
function documentShell(b: HtmlBuilder, title: string, body: string): string {
  const head = b.el('head', '', `<meta charset="utf-8">${b.el('title', '', title)}${b.el('style', '', CSS)}`);
  b.elements += 1; // the <meta>, written literally above
  return `<!doctype html>${b.el('html', 'lang="en"', head + body)}`;
}

function header(b: HtmlBuilder): string {
  let nav = '';
  for (let i = 0; i < 8; i++) nav += b.el('li', '', b.link());
  const search = b.el(
    'form',
    'role="search" onsubmit="return false"',
    b.control('input', 'type="search" aria-label="Search" placeholder="Search"') + b.button('Search'),
  );
  return b.el('header', '', b.link('Bosun Shop') + b.el('nav', '', b.el('ul', '', nav)) + search);
}

function footer(b: HtmlBuilder): string {
  let columns = '';
  for (let i = 0; i < 3; i++) columns += b.el('div', '', b.el('h4', '', b.words(1, 2)) + linkList(b));
  return b.el('footer', '', columns + b.el('p', '', `© ${b.words(2, 4)}`));
}

/** A fixed cookie banner: it covers whatever scrolls under the bottom of the viewport. */
function banner(b: HtmlBuilder): string {
  return b.el(
    'div',
    'class="banner" role="dialog" aria-label="Cookies"',
    `${b.words(6, 10)} ${b.button('Accept')} ${b.button('Settings')}`,
  );
}

function mixedBody(b: HtmlBuilder, target: number): string {
  // Fixed parts first, so the main column can be filled up to exactly what is left.
  const top = header(b);
  const side = b.el('aside', '', b.el('h3', '', 'Categories') + linkList(b));
  const bottom = footer(b) + banner(b);
  const mainTarget = target - 2; // <main> and the layout <div>
  let main = '';
  let nextFrameAt = 200;
  while (b.elements < mainTarget - 15) {
    const withFrame = b.elements >= nextFrameAt && b.features.iframes < 4;
    if (withFrame) nextFrameAt += 50_000;
    main += section(b, mainTarget, withFrame);
  }
  return b.el('body', '', top + b.el('div', 'class="layout"', b.el('main', '', main) + side) + bottom);
}

function leaf(b: HtmlBuilder, i: number): string {
  return i % 2 === 0 ? b.link(`item ${i}`) : b.button(`add ${i}`);
}

function flatBody(b: HtmlBuilder, leaves: number): string {
  const items: string[] = [];
  for (let i = 0; i < leaves; i++) items.push(b.el('li', '', leaf(b, i)));
  return b.el('body', '', b.el('ul', 'class="flat"', items.join('')));
}

/** A balanced binary tree: `count` leaves and count − 1 <div>s, about log2(count) deep. */
function tree(b: HtmlBuilder, first: number, count: number): string {
  if (count === 1) return leaf(b, first);
  const half = Math.floor(count / 2);
  return b.el('div', '', tree(b, first, half) + tree(b, first + half, count - half));
}

export function generatePage({ nodes, variant = 'mixed', seed = 1 }: PageRequest): GeneratedPage {
  const b = new HtmlBuilder(seededRandom(seed));
  const shell = 6; // html, head, meta, title, style, body
  // Flat: <ul> + n × (<li> + control); nested: (n − 1) <div> + n controls. Both ≈ 2n elements.
  const leaves = Math.max(2, Math.floor((nodes - shell) / 2));
  let body: string;
  if (variant === 'flat') body = flatBody(b, leaves);
  else if (variant === 'nested') body = b.el('body', '', tree(b, 0, leaves));
  else body = mixedBody(b, nodes - shell);
  const html = documentShell(b, `Bench ${variant} ${nodes}`, body);
  return { html, elements: b.elements, features: b.features };
}
