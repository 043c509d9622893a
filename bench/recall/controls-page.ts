// A generated page whose operable controls are known: each control's outermost element carries
// `data-c` (its kind), and nothing else on the page can be operated. The controls are built the way
// pages build them: native elements, ARIA widgets with keyboard handlers, and elements made
// clickable by script (listeners added with addEventListener, `onclick` attributes, handlers
// delegated to the document with a pointer cursor from a stylesheet, as React and jQuery pages do).

/** One kind of control and the decoys around it (text, headings, an icon inside the control). */
const KINDS: Record<string, (i: number) => string> = {
  button: (i) => `<button data-c="button">Save draft ${i}</button>`,
  link: (i) => `<a data-c="link" href="#item-${i}">Read item ${i}</a>`,
  text: (i) => `<label data-c="text">Title ${i} <input type="text" name="title-${i}"></label>`,
  checkbox: (i) => `<label data-c="checkbox"><input type="checkbox"> Remember ${i}</label>`,
  select: (i) => `<select data-c="select" aria-label="Size ${i}"><option>S</option><option>M</option></select>`,
  textarea: (i) => `<textarea data-c="textarea" aria-label="Note ${i}"></textarea>`,
  iconButton: (i) =>
    `<button data-c="iconButton" aria-label="Delete ${i}"><svg width="12" height="12"><path d="M0 0h12v12H0z"/></svg></button>`,
  listenerSpan: (i) => `<span data-c="listenerSpan" class="js-listen">Archive ${i}</span>`,
  delegatedCard: (i) =>
    `<div data-c="delegatedCard" class="card"><span class="card-title">Order #${i}</span> <em>shipped</em></div>`,
  onclickItem: (i) => `<ul><li data-c="onclickItem" onclick="this.dataset.done = 1">Task ${i}</li></ul>`,
  row: (i) =>
    `<table><tbody><tr data-c="row" class="js-listen"><td>Invoice ${i}</td><td>€${i}</td></tr></tbody></table>`,
  anchorNoHref: (i) => `<a data-c="anchorNoHref" class="js-listen pointer">Next month ${i}</a>`,
  tab: (i) =>
    `<div role="tablist"><div data-c="tab" role="tab" tabindex="0" aria-selected="false">Details ${i}</div></div>`,
  treeitem: (i) => `<div role="tree"><div data-c="treeitem" role="treeitem" tabindex="-1">Folder ${i}</div></div>`,
  // The list box takes a choice of options itself (select_option), and each option takes a click.
  option: (i) =>
    `<div data-c="listbox" role="listbox" aria-label="Fruit ${i}"><div data-c="option" role="option">Lemon ${i}</div></div>`,
  menuitem: (i) => `<div role="menu"><span data-c="menuitem" role="menuitem" tabindex="-1">Rename ${i}</span></div>`,
  slider: (i) =>
    `<div data-c="slider" role="slider" tabindex="0" aria-label="Volume ${i}" aria-valuenow="3" aria-valuemin="0" aria-valuemax="10"></div>`,
  switch: (i) => `<div data-c="switch" role="switch" tabindex="0" aria-checked="false">Wi-Fi ${i}</div>`,
  editable: (i) => `<div data-c="editable" contenteditable="true" aria-label="Comment ${i}">Draft ${i}</div>`,
  // One control in two elements: listing the hidden box under the label's name, or the label, is the same.
  // One control in two elements: listing the hidden box under the label's name, or the label, is the same.
  hiddenInputLabel: (i) =>
    `<span data-c="hiddenInputLabel"><input type="checkbox" id="toggle-${i}" class="visually-hidden"><label for="toggle-${i}">Dark mode ${i}</label></span>`,
};

export const CONTROL_KINDS = Object.keys(KINDS);

const STYLE = `<style>
  .card, .pointer { cursor: pointer; }
  .card { border: 1px solid #ccc; padding: 4px; margin: 2px 0; }
  [role=slider] { display: inline-block; width: 80px; height: 8px; background: #ddd; }
  .visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
  section { margin: 8px 0; }
</style>`;

// Listeners as frameworks add them: on each element, and one on the document for the cards.
const SCRIPT = `<script>
  for (const el of document.querySelectorAll('.js-listen')) el.addEventListener('click', () => el.classList.add('done'));
  document.addEventListener('click', (event) => event.target.closest('.card')?.classList.add('open'));
</script>`;

/** A page with `groups` groups of every kind of control, each group between a heading and a paragraph. */
export function controlsPage(groups: number): { html: string; controls: number } {
  const sections: string[] = [];
  for (let i = 1; i <= groups; i++) {
    const controls = Object.values(KINDS)
      .map((make) => make(i))
      .join('\n');
    sections.push(
      `<section><h3>Group ${i}</h3><p>Some text about group ${i}, not a control.</p>\n${controls}</section>`,
    );
  }
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Controls</title>${STYLE}</head><body>\n${sections.join('\n')}\n${SCRIPT}</body></html>`;
  return { html, controls: html.split(' data-c="').length - 1 };
}
