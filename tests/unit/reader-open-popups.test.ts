// @vitest-environment jsdom

// What is open, in the markdown: a modal dialog first and the page behind it marked out of reach, closed
// dialogs and menus left out whatever hides them, and a calendar's day grid read as dates.
import { afterEach, describe, expect, it } from 'vitest';
import { readMarkdown } from '../../src/reader/markdown';

/** The live test document (a parsed one has no window, so no styles), holding this body. */
const page = (body: string, style = ''): Document => {
  document.head.innerHTML = `<title>Booking</title><style>${style}</style>`;
  document.body.innerHTML = body;
  return document;
};

afterEach(() => {
  document.body.innerHTML = '';
});

const WEEK = '<tr><th>Mo</th><th>Tu</th><th>We</th><th>Th</th><th>Fr</th><th>Sa</th><th>Su</th></tr>';

describe('what is open, in the markdown', () => {
  it('puts an open modal dialog first, names it, and marks the page behind it', () => {
    const { markdown } = readMarkdown(
      page(`<h1>Checkout</h1><p>Your basket holds two books.</p>
        <div role="dialog" aria-modal="true" aria-labelledby="t"><h2 id="t">Shipping address</h2>
          <p>Where should we send your order?</p><button>Save</button></div>`),
    );
    expect(markdown).toMatch(
      /^\*\*Open dialog: Shipping address\*\* \(modal: the page behind it cannot be used until it is closed\)\n\n## Shipping address\n\nWhere should we send your order\?/,
    );
    const behind = markdown.indexOf('**Behind the dialog:**');
    expect(behind).toBeGreaterThan(markdown.indexOf('Save'));
    expect(markdown.slice(behind)).toContain('# Checkout');
    // The dialog is written once, in front.
    expect(markdown.split('Where should we send').length).toBe(2);
  });

  it('reads a dialog that is not modal where it stands, and no modal note', () => {
    const { markdown } = readMarkdown(
      page(`<h1>Files</h1><div role="dialog" aria-label="Details"><p>Size 2 MB</p></div><p>Footer</p>`),
    );
    expect(markdown).toBe('# Files\n\nSize 2 MB\n\nFooter');
  });

  it('leaves out closed dialogs, tooltips and menus, whether a class, an attribute or the element hides them', () => {
    const { markdown } = readMarkdown(
      page(
        `<h1>Inbox</h1><ul role="menu" class="menu"><li role="menuitem">SECRET Archive</li></ul>
         <ul role="menu" class="menu open"><li role="menuitem">Reply</li></ul>
         <div role="dialog" class="modal"><p>SECRET closed dialog</p></div>
         <dialog><p>SECRET closed dialog element</p></dialog><dialog open><p>Open dialog element</p></dialog>
         <div role="tooltip" style="display: none">SECRET tooltip</div><p>Last</p>`,
        '.menu, .modal { display: none } .menu.open { display: block }',
      ),
    );
    expect(markdown).not.toContain('SECRET');
    expect(markdown).toContain('Reply');
    expect(markdown).toContain('Open dialog element');
  });

  it("reads a calendar's day grid as dates, from its heading, its cells' data or its label", () => {
    const apg = `<div role="dialog" aria-modal="true" aria-label="Choose Date"><h2 id="m">December 2026</h2>
      <table role="grid" aria-labelledby="m"><thead>${WEEK}</thead><tbody><tr><td></td><td data-date="2026-12-01">1</td>
      <td data-date="2026-12-02">2</td></tr></tbody></table></div>`;
    const modal = readMarkdown(page(`<p>Return date</p>${apg}`)).markdown;
    expect(modal).toContain('## December 2026');
    expect(modal).toContain('|     | 1 December 2026 | 2 December 2026 |');
    // jQuery UI: a plain table, the title beside it, 0-based data-month and data-year on the cells.
    const jqueryUi = `<div class="ui-datepicker"><div class="ui-datepicker-header"><div class="ui-datepicker-title">
      <span class="ui-datepicker-month">March</span>&nbsp;<span class="ui-datepicker-year">2026</span></div></div>
      <table class="ui-datepicker-calendar"><thead>${WEEK}</thead><tbody><tr>
      <td data-month="2" data-year="2026"><a href="#" data-date="14">14</a></td></tr></tbody></table></div>`;
    expect(readMarkdown(page(jqueryUi)).markdown).toContain('| 14 March 2026 |');
    // A week-headed table under a month heading, with no other mark.
    const plain = `<h3>February 2028</h3><table><thead>${WEEK}</thead><tbody><tr><td>28</td><td>29</td></tr></tbody></table>`;
    expect(readMarkdown(page(plain)).markdown).toContain('| 28 February 2028 | 29 February 2028 |');
    // A table of figures beside a month heading keeps its numbers.
    const figures = `<h3>March 2026</h3><table><tr><th>Week</th><th>Sales</th></tr><tr><td>3</td><td>12</td></tr></table>`;
    expect(readMarkdown(page(figures)).markdown).toMatch(/\| 3 +\| 12 +\|/);
  });
});
