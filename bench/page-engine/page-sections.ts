// The building blocks of the mixed page. Each returns markup and counts its elements on the builder;
// each is small (under ~80 elements) so a page can land close to any requested size.
import { escapeAttribute, type HtmlBuilder } from './html-builder';

type Section = (b: HtmlBuilder) => string;

function article(b: HtmlBuilder): string {
  let body = '';
  for (let i = b.int(2, 4); i > 0; i--) {
    const inline = b.chance(0.4) ? ` ${b.link()} ` : ` ${b.el('strong', '', b.words(1, 3))} `;
    const aside = b.chance(0.5) ? ` ${b.el('em', '', b.words(1, 3))} ` : ' ';
    body += b.el('p', '', `${b.words(12, 40)}${inline}${b.words(5, 20)}${aside}${b.words(3, 9)}.`);
  }
  return b.el('article', '', b.el('h3', '', b.words(2, 5)) + body);
}

function cards(b: HtmlBuilder): string {
  let grid = '';
  for (let i = b.int(3, 8); i > 0; i--) {
    const title = b.el('h3', '', b.link(b.words(2, 4)));
    const price = b.el('span', 'class="price"', `${b.int(2, 300)}.99`);
    const meta = b.el(
      'div',
      'class="meta"',
      b.el('span', '', `${b.int(1, 5)} stars`) + b.el('span', '', b.words(1, 2)),
    );
    const body = b.el('div', 'class="body"', title + b.el('p', '', b.words(6, 14)) + meta + price);
    grid += b.el('div', 'class="card"', b.el('div', 'class="thumb"') + body + b.button('Add to cart'));
  }
  return b.el('div', 'class="grid"', grid);
}

export function linkList(b: HtmlBuilder): string {
  let items = '';
  for (let i = b.int(5, 15); i > 0; i--) items += b.el('li', '', b.link());
  return b.el('ul', 'class="links"', items);
}

const INPUT_TYPES = ['text', 'email', 'password', 'number', 'date', 'search', 'tel', 'url', 'range'];

function field(b: HtmlBuilder, control: (id: string) => string): string {
  const id = b.id('f');
  return b.el('div', 'class="field"', b.el('label', `for="${id}"`, b.words(1, 3)) + control(id));
}

function form(b: HtmlBuilder): string {
  let fields = '';
  for (let i = b.int(2, 5); i > 0; i--) {
    fields += field(b, (id) => b.control('input', `id="${id}" type="${b.pick(INPUT_TYPES)}" name="${id}"`));
  }
  for (let i = b.int(1, 3); i > 0; i--) fields += field(b, (id) => b.control('input', `id="${id}" type="checkbox"`));
  const group = b.id('r');
  for (let i = 3; i > 0; i--) fields += field(b, (id) => b.control('input', `id="${id}" type="radio" name="${group}"`));
  let options = '';
  for (let i = b.int(3, 10); i > 0; i--) options += b.el('option', '', b.words(1, 2));
  fields += field(b, (id) => b.control('select', `id="${id}"`, options));
  fields += field(b, (id) => b.control('textarea', `id="${id}" rows="3"`, ''));
  const actions = b.control('button', 'type="submit"', 'Send') + b.control('button', 'type="reset"', 'Clear');
  return b.el(
    'form',
    'onsubmit="return false"',
    b.el('fieldset', '', b.el('legend', '', b.words(1, 3)) + fields + actions),
  );
}

function table(b: HtmlBuilder): string {
  let head = '';
  for (const name of ['Item', 'Status', 'Amount', 'Action']) head += b.el('th', '', name);
  let rows = '';
  for (let i = b.int(4, 12); i > 0; i--) {
    const cells = b.el('td', '', b.link()) + b.el('td', '', b.words(1, 2)) + b.el('td', '', String(b.int(1, 999)));
    rows += b.el('tr', '', cells + b.el('td', '', b.button('Edit')));
  }
  return b.el('table', '', b.el('thead', '', b.el('tr', '', head)) + b.el('tbody', '', rows));
}

/** A collapsed menu, a closed dialog, an invisible tooltip: present in the DOM, never shown. */
function hidden(b: HtmlBuilder): string {
  const how = b.pick(['style="display:none"', 'style="visibility:hidden"', 'hidden']);
  b.features.hidden += 1;
  return b.el('div', `${how} class="menu"`, linkList(b) + b.button('Close'));
}

/** A "sign in to continue" veil over real buttons: they are visible but cannot be clicked. */
function covered(b: HtmlBuilder): string {
  b.features.covered += 1;
  const buttons = b.button('Buy now') + b.button('Save') + b.link('Details');
  return b.el('div', 'class="veiled"', buttons + b.el('div', 'class="veil"', b.words(2, 4)));
}

/** Skip links and screen-reader helpers placed far outside the viewport. */
function offscreen(b: HtmlBuilder): string {
  b.features.offscreen += 1;
  return b.el('div', 'class="offscreen"', b.link('Skip to content') + b.button('Accessibility'));
}

/** Controls built from divs and spans, as many sites (and frameworks) make them. */
function customWidgets(b: HtmlBuilder): string {
  let tabs = '';
  for (let i = b.int(2, 4); i > 0; i--) tabs += b.control('div', 'role="tab" tabindex="0"', b.words(1, 2));
  const tablist = b.el('div', 'role="tablist"', tabs);
  const fake = b.control('div', 'role="button" tabindex="0" class="chip"', b.words(1, 2));
  const focusable = b.control('span', 'tabindex="0"', b.words(1, 2));
  const check = b.control('div', 'role="checkbox" aria-checked="false" tabindex="0"', b.words(1, 3));
  return b.el('div', 'class="widgets"', tablist + fake + focusable + check);
}

/** A web component with an open (declarative) shadow root; the template itself never becomes an element. */
function shadowWidget(b: HtmlBuilder): string {
  b.features.shadowRoots += 1;
  const inner = b.el(
    'div',
    'class="inner"',
    b.control('input', `type="text" placeholder="${b.words(1, 2)}"`) + b.button(),
  );
  return b.el('x-widget', '', `<template shadowrootmode="open">${inner}</template>`);
}

/** A same-origin frame (an embedded form); its elements are not counted in the page size. */
function frame(b: HtmlBuilder): string {
  b.features.iframes += 1;
  const doc =
    '<!doctype html><body><form><label>Email <input type="email"></label> <button>Subscribe</button> <a href="/terms">Terms</a></form></body>';
  return b.el('iframe', `title="newsletter" srcdoc="${escapeAttribute(doc)}" style="width:400px;height:80px;border:0"`);
}

/** Relative weights: mostly content, with a steady trickle of the tricky cases. */
const SECTIONS: ReadonlyArray<[Section, number]> = [
  [article, 6],
  [cards, 5],
  [linkList, 4],
  [form, 2],
  [table, 2],
  [hidden, 2],
  [covered, 1],
  [offscreen, 1],
  [customWidgets, 2],
  [shadowWidget, 2],
];

/** Blocks of at most ~30 elements, used to finish a page close to the requested size. */
const SMALL = new Set<Section>([article, linkList, covered, offscreen, customWidgets, shadowWidget]);

function pickSection(b: HtmlBuilder, remaining: number): Section {
  const choices = remaining < 120 ? SECTIONS.filter(([s]) => SMALL.has(s)) : SECTIONS;
  let roll = b.int(0, choices.reduce((sum, [, weight]) => sum + weight, 0) - 1);
  for (const [section, weight] of choices) {
    if (roll < weight) return section;
    roll -= weight;
  }
  return article;
}

/**
 * One <section> with a heading and up to 4 blocks, sometimes under an extra wrapper or two, as
 * frameworks nest. Stops adding blocks once the page reaches `target` elements.
 */
export function section(b: HtmlBuilder, target: number, withFrame: boolean): string {
  let blocks = withFrame ? frame(b) : '';
  for (let i = b.int(2, 4); i > 0 && b.elements < target - 15; i--) blocks += pickSection(b, target - b.elements)(b);
  for (let depth = b.int(0, 2); depth > 0; depth--) blocks = b.el('div', 'class="wrap"', blocks);
  return b.el('section', '', b.el('h2', `id="${b.id('s')}"`, b.words(2, 5)) + blocks);
}
