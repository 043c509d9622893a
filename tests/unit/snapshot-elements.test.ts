// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { describeElement, stateOf } from '../../content/snapshot/describe';
import { labelOf } from '../../content/snapshot/label';
import { line, record, resolve, type Listed } from '../../content/snapshot/registry';
import { roleOf } from '../../content/snapshot/roles';

const el = (html: string): Element => {
  document.body.innerHTML = html;
  return document.body.querySelector('[data-t]') ?? (document.body.firstElementChild as Element);
};

describe('roleOf', () => {
  const cases: [string, string | null][] = [
    ['<a href="/x">x</a>', 'link'],
    ['<a>no href</a>', null],
    ['<a onclick="go()">js link</a>', 'clickable'],
    ['<button>b</button>', 'button'],
    ['<input>', 'textbox'],
    ['<input type="email">', 'textbox'],
    ['<input type="password">', 'password'],
    ['<input type="search">', 'searchbox'],
    ['<input type="number">', 'spinbutton'],
    ['<input type="checkbox">', 'checkbox'],
    ['<input type="radio">', 'radio'],
    ['<input type="submit">', 'button'],
    ['<input type="hidden">', null],
    ['<textarea></textarea>', 'textbox'],
    ['<select></select>', 'select'],
    ['<details><summary data-t>More</summary></details>', 'button'],
    ['<div role="button">x</div>', 'button'],
    ['<div role="tab presentation">x</div>', 'tab'],
    ['<div role="region">x</div>', null],
    ['<div contenteditable="true">x</div>', 'textbox'],
    ['<div contenteditable="false">x</div>', null],
    ['<div tabindex="0">x</div>', 'clickable'],
    ['<div tabindex="-1">x</div>', null],
    ['<span onclick="x()">x</span>', 'clickable'],
    ['<video controls></video>', 'media'],
    ['<div>plain</div>', null],
    ['<div onmousedown="x()">x</div>', 'clickable'],
    ['<table><tr><td role="gridcell" data-t>1</td></tr></table>', 'gridcell'],
    ['<label data-t>Plain label</label>', null],
    // A tree grid's rows are listed whatever their tabindex; their cells are read within them.
    ['<table><tr role="row" aria-level="1" tabindex="-1" data-t><td>a</td></tr></table>', 'row'],
    ['<table><tr role="row" aria-level="2"><td role="gridcell" data-t>a</td></tr></table>', null],
    ['<table><tr role="row" tabindex="-1" data-t><td>a</td></tr></table>', null],
  ];
  it.each(cases)('%s → %s', (html, role) => expect(roleOf(el(html))).toBe(role));
});

describe('labelOf', () => {
  const cases: [string, string][] = [
    ['<button aria-label="Close dialog">×</button>', 'Close dialog'],
    [
      '<span id="l1">Search</span><span id="l2">products</span><input data-t aria-labelledby="l1 l2">',
      'Search products',
    ],
    ['<label for="e">Email</label><input data-t id="e" placeholder="you@x">', 'Email'],
    ['<label>Name <input data-t></label>', 'Name'],
    ['<input placeholder="Find…">', 'Find…'],
    ['<a href="/"><img alt="Logo of the shop"></a>', 'Logo of the shop'],
    ['<button>  Add\n   to   cart </button>', 'Add to cart'],
    ['<input type="submit" value="Send it">', 'Send it'],
    ['<button title="Settings"></button>', 'Settings'],
    // A date picker's previous link: an icon glyph for text, its meaning in the title.
    ['<a onclick="prev()" title="Previous month"><span class="icon">‹</span></a>', 'Previous month'],
    ['<button title="Close">×</button>', 'Close'],
    ['<button>×</button>', '×'],
    ['<button title="Add a row">+ Add</button>', '+ Add'],
    ['<input name="q">', 'q'],
    ['<button>' + 'very long label '.repeat(10) + '</button>', 'very long label very long label very lo…'],
    ['<a href="/x"><img src="f.svg" alt="" title="This code does not compile!"></a>', 'This code does not compile!'],
    // A link named by nothing but its image's file: the file name, which the line marks as an image's.
    ['<a href="/x"><img src="navigation.jpeg" alt="navigation.jpeg"></a>', 'navigation.jpeg'],
    ['<a href="/x"><img src="/p/12-IMG_3886-150x150.jpg?w=150"></a>', '12-IMG_3886-150x150.jpg'],
    ['<a href="/x"><img src="/p/photo.jpg" title="Market square"></a>', 'Market square'],
    ['<a href="/x">' + ' '.repeat(600) + '\n'.repeat(30) + 'Read on</a>', 'Read on'],
    ['<a href="/x"><span aria-hidden="true">★</span><span aria-label="Favourites"></span></a>', 'Favourites'],
    ['<a href="/x"><svg><title>Home</title></svg></a>', 'Home'],
    ['<ul role="listbox" tabindex="0"><li role="option">Lebanon</li><li role="option">Lesotho</li></ul>', ''],
    ['<ul role="listbox" aria-label="Countries"><li role="option">Lebanon</li></ul>', 'Countries'],
    ['<input title="Search the docs" placeholder="Search">', 'Search the docs'],
  ];
  it.each(cases)('%s → %s', (html, label) => expect(labelOf(el(html))).toBe(label));
  it("never uses a field's own typed value as its name", () => {
    const input = el('<input placeholder="City">') as HTMLInputElement;
    input.value = 'Paris';
    expect(labelOf(input)).toBe('City');
  });
});

describe('stateOf', () => {
  it('shows values, checked, disabled; never a password', () => {
    const text = el('<input value="hello world">');
    expect(stateOf(text, 'textbox')).toBe(' =hello world');
    const password = el('<input type="password" value="hunter2">');
    expect(stateOf(password, 'password')).toBe(' =•••');
    expect(stateOf(el('<input type="checkbox" checked disabled>'), 'checkbox')).toBe(' checked disabled');
    expect(stateOf(el('<select><option>A</option><option selected>B</option></select>'), 'select')).toBe(' =B');
    expect(stateOf(el('<div role="switch" aria-checked="true"></div>'), 'switch')).toBe(' checked');
  });
  it('shows mixed boxes, pressed buttons, checked menu items and the current page', () => {
    const some = el('<input type="checkbox">') as HTMLInputElement;
    some.indeterminate = true;
    expect(stateOf(some, 'checkbox')).toBe(' mixed');
    expect(stateOf(el('<div role="checkbox" aria-checked="mixed"></div>'), 'checkbox')).toBe(' mixed');
    expect(stateOf(el('<button aria-pressed="true">B</button>'), 'button')).toBe(' pressed');
    expect(stateOf(el('<button aria-pressed="mixed">B</button>'), 'button')).toBe(' partly pressed');
    expect(stateOf(el('<button aria-pressed="false">B</button>'), 'button')).toBe('');
    expect(stateOf(el('<div role="menuitemradio" aria-checked="true">Small</div>'), 'menuitemradio')).toBe(' checked');
    expect(stateOf(el('<div role="menuitemcheckbox" aria-checked="true">Bold</div>'), 'menuitemcheckbox')).toBe(
      ' checked',
    );
    expect(stateOf(el('<a href="/2" aria-current="page">2</a>'), 'link')).toBe(' current page');
    expect(stateOf(el('<a href="/2" aria-current="false">2</a>'), 'link')).toBe('');
  });
  it("shows the option a div combobox shows, a date field's value and a tree grid row's level", () => {
    const combo = el(
      '<div role="combobox" aria-expanded="true">Banana <span aria-hidden="true">▾</span><div role="listbox"><div role="option">Apple</div></div></div>',
    );
    expect(stateOf(combo, 'combobox')).toBe(' =Banana expanded');
    expect(stateOf(el('<input role="combobox" value="Leb">'), 'combobox')).toBe(' =Leb');
    expect(stateOf(el('<input type="date" value="2026-12-15">'), 'date')).toBe(' =2026-12-15');
    expect(stateOf(el('<input type="time" value="14:30">'), 'time')).toBe(' =14:30');
    expect(stateOf(el('<input type="date">'), 'date')).toBe('');
    const row = el('<table><tr role="row" aria-level="2" aria-expanded="false" data-t><td>a</td></tr></table>');
    expect(stateOf(row, 'row')).toBe(' level 2 collapsed');
  });
  it('describes an element briefly for errors', () => {
    expect(describeElement(el('<div id="m" class="modal dark extra"></div>'))).toBe('<div#m.modal.dark>');
  });
});

describe('controls nothing names', () => {
  it("are named by their class or their icon's, leaving classes that only say how they look", () => {
    expect(labelOf(el('<button class="destroy"></button>'))).toBe('destroy');
    expect(labelOf(el('<button class="btn btn-primary"><i class="fa fa-heart"></i></button>'))).toBe('heart');
    expect(labelOf(el('<input class="edit">'))).toBe('edit');
    expect(labelOf(el('<button class="destroy">Remove</button>'))).toBe('Remove');
    expect(labelOf(el('<div class="note"></div>'), undefined, null)).toBe('');
  });
  it('by the most specific word of their class: a BEM modifier or element, not the block beside it', () => {
    expect(labelOf(el('<button class="post__action post__action--like"></button>'))).toBe('like');
    expect(labelOf(el('<button class="composer__send"><i class="icon icon-send"></i></button>'))).toBe('send');
    expect(labelOf(el('<button class="action action-retweet"></button>'))).toBe('retweet');
  });
  it('say which of the repeated posts, items or rows they are in, and which handle of a slider', () => {
    document.body.innerHTML = [
      '<main><h2>Feed</h2>',
      '<article class="post"><button class="post__action--like"></button></article>',
      '<article class="post"><button class="post__action--like"></button><button aria-label="Share"></button></article>',
      '</main><ul><li><button class="destroy"></button></li></ul>',
      '<table><tr><td><a href="#"><img src="a.png"></a></td></tr><tr><td><a href="#"><img src="b.png"></a></td></tr></table>',
      '<p><label for="amount">Price range:</label><input id="amount"></p>',
      '<div class="ui-slider"><span tabindex="0" class="ui-slider-handle"></span><span tabindex="0" class="ui-slider-handle"></span></div>',
    ].join('');
    const lines = [...document.querySelectorAll('button,a,span')].map((e, i) => {
      const role = roleOf(e) as string;
      return line(i + 1, { el: e, role }, false).replace(/ =.*$/, '');
    });
    expect(lines).toEqual([
      '[1]button "like" in post 1',
      '[2]button "like" in post 2',
      // Named by its author: nothing else needed.
      '[3]button "Share"',
      // The only item of its list: its place tells nothing.
      '[4]button "destroy"',
      '[5]image link "a.png" in row 1',
      '[6]image link "b.png" in row 2',
      '[7]slider "Price range" handle 1 of 2',
      '[8]slider "Price range" handle 2 of 2',
    ]);
  });
  it('a control shown only on hover names what to hover', () => {
    document.body.innerHTML = '<ul><li id="row"><label>Buy milk</label><button class="destroy"></button></li></ul>';
    const row = document.getElementById('row') as Element;
    const entry = { el: row.querySelector('button') as Element, role: 'button', hoverOf: row };
    expect(line(3, entry, false)).toBe('[3]button "destroy", shown on hover of "Buy milk"');
  });
});

describe('snapshot registry', () => {
  let buy: Element;
  let sell: Element;
  beforeEach(() => {
    document.body.innerHTML = '<button id="buy">Buy</button><button id="sell">Sell</button>';
    buy = document.getElementById('buy') as Element;
    sell = document.getElementById('sell') as Element;
  });
  const listed = () => [buy, sell].map((e) => ({ el: e, role: 'button', label: labelOf(e) }));
  /** A listing whose walk has been read to its end, as a part that shows it all does. */
  const recorded = (entries: Listed[]) => {
    const listing = record(entries.values());
    listing.reach(Infinity);
    return listing;
  };

  it('resolves an index of the current snapshot', () => {
    const { id } = recorded(listed());
    expect(resolve(2, id)).toMatchObject({ ok: true, el: sell, label: 'Sell' });
  });
  it('refuses indices of an older snapshot, removed and changed elements, and unknown indices', () => {
    const old = recorded(listed()).id;
    const { id } = recorded(listed());
    expect(resolve(1, old)).toMatchObject({ ok: false, error: expect.stringMatching(/older reading/) });
    expect(resolve(3, id)).toMatchObject({
      ok: false,
      error: 'Element not found: there is no element 3 (the listing has 2).',
    });
    sell.remove();
    expect(resolve(2, id)).toMatchObject({
      ok: false,
      error: 'Stale index: element 2 (button "Sell") is no longer on the page. Read the page again.',
    });
    buy.textContent = 'Pay now';
    expect(resolve(1, id)).toMatchObject({
      ok: false,
      error: expect.stringMatching(/was button "Buy", now button "Pay now"/),
    });
  });
  it('marks elements that were not in the previous snapshot', () => {
    recorded([{ el: buy, role: 'button', label: 'Buy' }]);
    const { isNew } = recorded(listed());
    expect(isNew).toEqual([false, true]);
    expect(line(2, { el: sell, role: 'button', label: 'Say "hi"' }, true)).toBe(`*[2]button "Say 'hi'"`);
  });
});
