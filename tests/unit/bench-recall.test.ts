import { describe, expect, it } from 'vitest';
import { ariaLinksAndButtons, recall, repeatsChildren } from '../../bench/recall/compare';
import { fixtureTargets } from '../../bench/recall/run';

const yaml = `- navigation:
  - link "Home":
    - /url: /
  - link "fs.readFile(path[, options], callback)":
    - /url: "#fs_readfile"
  - link:
    - img
  - button "Copy \\"code\\""
  - text: plain text
  - listitem:
    - link "Home"`;

describe('the recall benchmark', () => {
  it("reads ariaSnapshot()'s links and buttons, named or not, with escaped quotes", () => {
    expect(ariaLinksAndButtons(yaml)).toEqual([
      { role: 'link', name: 'Home' },
      { role: 'link', name: 'fs.readFile(path[, options], callback)' },
      { role: 'link', name: '' },
      { role: 'button', name: 'Copy "code"' },
      { role: 'link', name: 'Home' },
    ]);
  });

  it('counts each named control once, matching a label Bosun cut by its start, and names what is missing', () => {
    const aria = ariaLinksAndButtons(yaml);
    const bosun = [{ label: 'home' }, { label: 'fs.readFile(path[, options], ca…' }, { label: "Copy 'code'" }];
    expect(recall(aria, bosun)).toEqual({ named: 4, listed: 2, missing: ['Copy "code"', 'Home'] });
  });

  it('counts as repeating a container beside its children and an item named with the names inside it, not a list box', () => {
    const tabList = { role: 'clickable', label: 'Tab 1 Tab 2', own: '', inner: ['Tab 1', 'Tab 2'] };
    const folder = { role: 'treeitem', label: 'Projects a.docx', own: 'Projects', inner: ['a.docx'] };
    const row = { role: 'clickable', label: 'Q3 report.pdf', own: 'Q3report.pdf', inner: ['Rename Q3', 'Delete Q3'] };
    const list = { role: 'listbox', label: 'Languages', own: '', inner: ['English'] };
    const leaf = { role: 'button', label: 'Save', own: 'Save', inner: [] };
    expect([tabList, folder, row, list, leaf].map(repeatsChildren)).toEqual([true, true, false, false, false]);
  });

  it('states the widget pages’ recall, the photo blog’s, and the listing’s precision over both kinds of page', () => {
    const page = (path: string, named: number, listed: number, entries: number, repeating: number) => ({
      path,
      named,
      listed,
      missing: [],
      entries,
      repeating: Array.from({ length: repeating }, () => 'clickable "x"'),
    });
    const [all, blog, precision] = fixtureTargets({ controls: 100, listed: 100, entries: 104 }, [
      page('widgets/photo-blog.html', 50, 49, 60, 0),
      page('widgets/nested-widgets.html', 50, 48, 36, 2),
    ]);
    expect(all).toMatchObject({ value: '97.0% (97 of 100)', target: '≥ 98%', verdict: 'MISS' });
    expect(blog).toMatchObject({ value: '98.0% (49 of 50)', verdict: 'PASS' });
    expect(precision).toMatchObject({ value: '3.0% (6 of 200)', target: '≤ 5%', verdict: 'PASS' });
  });
});
