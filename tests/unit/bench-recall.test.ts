import { describe, expect, it } from 'vitest';
import { ariaLinksAndButtons, recall } from '../../bench/recall/compare';

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
});
