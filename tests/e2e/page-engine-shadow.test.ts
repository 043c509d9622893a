import { beforeAll, describe, expect, it } from 'vitest';
import { BROWSERS, type PageDriver } from './harness';
import { useExtension } from './support/extension';
import { askTab, useSite } from './support/site';

type Read = { interactiveElements: string };

/**
 * How the page engine finds open shadow roots: the page-world script names their hosts on a channel
 * the page can neither ask nor silence, whether markup declared the roots or script attached them,
 * before or after the page was read.
 */
describe.each(BROWSERS)('page engine in shadow roots in %s', (browserName) => {
  const ctx = useExtension(browserName);
  const site = useSite();
  let bosun: PageDriver;
  let page: PageDriver;

  beforeAll(async () => {
    bosun = await ctx.session.openExtensionPage('sidebar.html');
    page = await ctx.session.openPage(site.url('engine.html'));
  });

  it('finds shadow roots through the page-world script, which the page can neither ask nor silence', async () => {
    // Asked in the words of Bosun's source, the page-world script says nothing: its channel's
    // event names are the document's secret.
    const named = await page.evaluate(() => {
      const hosts: string[] = [];
      const note = (event: Event) => hosts.push((event.composedPath()[0] as Element).localName);
      for (const type of ['bosun:host', 'host']) window.addEventListener(type, note, true);
      for (const type of ['bosun:which-hosts', 'which-hosts']) document.dispatchEvent(new CustomEvent(type));
      for (const type of ['bosun:host', 'host']) window.removeEventListener(type, note, true);
      return hosts;
    });
    expect(named).toEqual([]);
    // A page that swallows the question it expects still has its nested shadow controls listed.
    const silentUrl = site.url('shadow-silent.html');
    const silent = await ctx.session.openPage(silentUrl);
    try {
      const listing = (await askTab<Read>(bosun, silentUrl, { type: 'READ_PAGE' })).interactiveElements;
      expect(listing).toMatch(/\]button "Silent shadow action"$/m);
    } finally {
      await silent.close();
    }
  });

  it('finds shadow roots made after the page was read: by script, by setHTMLUnsafe, and copies of a clonable one', async () => {
    const laterUrl = site.url('shadow-later.html');
    const later = await ctx.session.openPage(laterUrl);
    const listing = async () =>
      (await askTab<Read>(bosun, laterUrl, { type: 'READ_PAGE' })).interactiveElements.split('\n');
    const listed = async (label: string) => (await listing()).filter((line) => line.endsWith(`button "${label}"`));
    try {
      expect(await listed('Declared shadow action')).toHaveLength(1);
      await later.evaluate(() => {
        customElements.define(
          'later-button',
          class extends HTMLElement {
            connectedCallback() {
              this.attachShadow({ mode: 'open' }).innerHTML = '<button>Scripted shadow action</button>';
            }
          },
        );
        document.getElementById('later')!.append(document.createElement('later-button'));
      });
      expect(await listed('Scripted shadow action')).toHaveLength(1);
      await later.evaluate(() =>
        document
          .getElementById('later')!
          .setHTMLUnsafe('<div><template shadowrootmode="open"><button>Parsed shadow action</button></template></div>'),
      );
      expect(await listed('Parsed shadow action')).toHaveLength(1);
      await later.evaluate(() => {
        const card = document.createElement('div');
        card.attachShadow({ mode: 'open', clonable: true }).innerHTML = '<button>Cloned shadow action</button>';
        document.body.append(card);
      });
      expect(await listed('Cloned shadow action')).toHaveLength(1);
      await later.evaluate(() => document.body.append(document.body.lastElementChild!.cloneNode(true)));
      expect(await listed('Cloned shadow action')).toHaveLength(2);
    } finally {
      await later.close();
    }
  });
});
