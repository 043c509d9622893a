import { beforeAll, describe, expect, it } from 'vitest';
import { BROWSERS, type PageDriver } from './harness';
import { useExtension } from './support/extension';
import { askTab, useSite } from './support/site';

interface Read {
  interactiveElements: string;
}

/**
 * What tells apart the controls their authors left unnamed, and what the listing leaves out as
 * repeating what it lists: icon buttons drawn by CSS in every post of a feed, a back arrow drawn by
 * an image, jQuery UI's range slider, a photo blog's thumbnails named by their files, and tabs, a
 * menu and a tree built as jQuery UI and the W3C build them.
 */
describe.each(BROWSERS)('names and places of what nothing names, in %s', (browserName) => {
  const ctx = useExtension(browserName);
  const site = useSite();
  let bosun: PageDriver;

  beforeAll(async () => {
    bosun = await ctx.session.openExtensionPage('sidebar.html');
  });

  const listingOf = async (path: string) => {
    const url = site.url(path);
    const page = await ctx.session.openPage(url);
    try {
      return (await askTab<Read>(bosun, url, { type: 'READ_PAGE' })).interactiveElements;
    } finally {
      await page.close();
    }
  };

  it("names a feed's icon buttons by their class and numbers the post each is in; a chat's back arrow by its image", async () => {
    const listing = await listingOf('widgets/feed.html');
    for (const post of [1, 2, 3])
      for (const action of ['reply', 'retweet', 'like'])
        expect(listing).toMatch(new RegExp(`\\]button "${action}" in post ${post}$`, 'm'));
    expect(listing).toMatch(/\]image button "arrow-back\.svg"$/m);
    expect(listing).toMatch(/\]button "send"$/m);
  });

  it("lists jQuery UI's slider handles as sliders with their track's label, which handle, and where it sits", async () => {
    const listing = await listingOf('widgets/price-slider.html');
    expect(listing).toMatch(/\]slider "Price range" handle 1 of 2 =15%$/m);
    expect(listing).toMatch(/\]slider "Price range" handle 2 of 2 =60%$/m);
    expect(listing).not.toMatch(/\]clickable/);
  });

  it('lists every thumbnail link, named by its alt, its title, or its file name marked as an image’s', async () => {
    const listing = await listingOf('widgets/photo-blog.html');
    expect(listing).toMatch(/\]link "Harbour at dawn"$/m);
    expect(listing).toMatch(/\]link "Market square"$/m);
    for (const n of [3885, 3886, 3887, 3888])
      expect(listing).toMatch(new RegExp(`\\]image link "12-IMG_${n}\\.jpg"$`, 'm'));
    for (const n of [3891, 3892])
      expect(listing).toMatch(new RegExp(`\\]image link "12-IMG_${n}-150x150\\.jpg"$`, 'm'));
    expect(listing.match(/\]link "/g)).toHaveLength(17);
  });

  it('lists tabs, menu items and tree items once, not beside their containers or the links inside them', async () => {
    const listing = await listingOf('widgets/nested-widgets.html');
    expect(listing.split('\n').filter((l) => /^\*?\[\d+\]/.test(l))).toEqual([
      expect.stringMatching(/\]tab "Shipping" selected$/),
      expect.stringMatching(/\]tab "Returns"$/),
      expect.stringMatching(/\]tab "Warranty"$/),
      expect.stringMatching(/\]menuitem "Books"$/),
      expect.stringMatching(/\]menuitem "Music" collapsed$/),
      expect.stringMatching(/\]menuitem "Films"$/),
      expect.stringMatching(/\]treeitem "Projects" collapsed$/),
      expect.stringMatching(/\]treeitem "Reports" expanded$/),
      expect.stringMatching(/\]treeitem "report-1\.docx"$/),
    ]);
  });
});
