import { beforeAll, describe, expect, it } from 'vitest';
import { BROWSERS, type PageDriver } from './harness';
import { answerPrompt, openOnly, shownTools, startFresh, waitUntilIdle } from './support/agent';
import { useExtension } from './support/extension';
import { setSiteRule } from './support/permissions';
import { configure, openSidebar, send } from './support/sidebar';
import { useSite } from './support/site';
import { useContentTab } from './support/content-tab';
import { indexMatching } from './support/listing';
import { call, scriptedModel } from './support/scripted-turns';

/**
 * The page engine on TodoMVC as jQuery (handlers delegated to the list), Vue (a label's own
 * handler) and React 17+ (every handler at the root, in each element's props) build it, sent to
 * the content script as the background sends it: the items a person aims at are listed, events
 * land where a pointer at the item's centre would, and hover-only delete buttons are listed with
 * their item and clicked after hovering it.
 */
describe.each(BROWSERS)('app items in %s', (browserName) => {
  const { open } = useContentTab(browserName);

  it('lists a delegated list by its items and a label with its own handler, never the list itself', async () => {
    const { page, read } = await open('widgets/todo-delegated.html');
    const { interactiveElements: listing } = await read();
    const lines = listing.split('\n');
    for (const title of ['Buy milk', 'Walk the dog', 'Pay the bills'])
      expect(lines.filter((l) => l.includes(`clickable "${title}"`))).toHaveLength(1);
    expect(listing).not.toMatch(/Buy milk Walk/);
    // Lists that only repeat what is listed inside them are left out: the filters' links, the one suggestion.
    for (const name of ['All', 'Active', 'Completed', 'Buy bread'])
      expect(lines.filter((l) => l.includes(`"${name}`)).map((l) => l.replace(/^\*?\[\d+\]/, ''))).toEqual([
        name === 'Buy bread' ? `option "${name}"` : `link "${name}"`,
      ]);
    for (const title of ['Call mum', 'Water the plants'])
      expect(lines.filter((l) => l.includes(`clickable "${title}"`))).toHaveLength(1);
    for (const title of ['Buy milk', 'Pay the bills', 'Call mum'])
      expect(listing).toContain(`button "destroy", shown on hover of "${title}"`);
    await page.close();
  });

  it('double-clicks a delegated item where its label is, edits it, and deletes another with its hover-only button', async () => {
    const { page, ask, read } = await open('widgets/todo-delegated.html');
    let state = await read();
    const doubled = await ask({
      type: 'DOUBLE_CLICK',
      payload: {
        index: indexMatching(state.interactiveElements, /clickable "Pay the bills"/),
        snapshotId: state.snapshotId,
      },
    });
    expect(doubled).toMatchObject({
      success: true,
      message: expect.stringMatching(/^Double-clicked .*; the pointer landed on <label> "Pay the bills" inside it/),
    });
    expect(await page.evaluate(() => document.querySelector('#shopping li.editing label')?.textContent)).toBe(
      'Pay the bills',
    );
    state = await read();
    const edit = indexMatching(state.interactiveElements, /textbox.*=Pay the bills/);
    expect(
      await ask({
        type: 'FILL_FORM',
        payload: { index: edit, snapshotId: state.snapshotId, text: 'Pay rent', submit: true },
      }),
    ).toMatchObject({ success: true });
    expect(await page.text('#log')).toBe('saved Pay rent');

    state = await read();
    const destroy = indexMatching(state.interactiveElements, /button "destroy", shown on hover of "Walk the dog"/);
    expect(
      await ask({ type: 'CLICK_ELEMENT', payload: { index: destroy, snapshotId: state.snapshotId } }),
    ).toMatchObject({ success: true });
    expect(await page.text('#log')).toBe('deleted Walk the dog');
    expect(
      await page.evaluate(() => [...document.querySelectorAll('#shopping label')].map((l) => l.textContent)),
    ).toEqual(['Buy milk', 'Pay rent']);
    await page.close();
  });

  it('lists React root-handled labels and hover-only buttons, double-clicks one to edit and deletes another', async () => {
    const { page, ask, read } = await open('widgets/todo-react.html');
    await page.waitFor(() => document.querySelector('.todo-list li') !== null);
    let state = await read();
    expect(state.interactiveElements).toMatch(/clickable "Renew the passport"/);
    expect(state.interactiveElements).toContain('button "destroy", shown on hover of "Book the dentist"');
    expect(
      await ask({
        type: 'DOUBLE_CLICK',
        payload: {
          index: indexMatching(state.interactiveElements, /clickable "Renew the passport"/),
          snapshotId: state.snapshotId,
        },
      }),
    ).toMatchObject({ success: true });
    state = await read();
    const edit = indexMatching(state.interactiveElements, /textbox.*=Renew the passport/);
    expect(
      await ask({
        type: 'FILL_FORM',
        payload: { index: edit, snapshotId: state.snapshotId, text: 'Renew the visa', submit: true },
      }),
    ).toMatchObject({ success: true });
    expect(await page.text('#log')).toBe('saved Renew the visa');
    state = await read();
    const destroy = indexMatching(state.interactiveElements, /button "destroy", shown on hover of "Book the dentist"/);
    expect(
      await ask({ type: 'CLICK_ELEMENT', payload: { index: destroy, snapshotId: state.snapshotId } }),
    ).toMatchObject({ success: true });
    expect(await page.text('#log')).toBe('deleted Book the dentist');
    await page.close();
  });
});

/**
 * The chat's agent deleting a React TodoMVC item with its hover-only button, on a site trusted up to
 * submit: the button is found in the listing with its item, and the deletion, a commitment, is asked.
 */
describe.each(BROWSERS)('the agent on app items in %s', (browserName) => {
  const ctx = useExtension(browserName);
  const site = useSite();
  let sidebar: PageDriver;

  beforeAll(async () => {
    sidebar = await openSidebar(ctx.session);
    await configure(sidebar, ctx.llm);
    await setSiteRule(sidebar, new URL(site.url('')).hostname, 'submit');
    await startFresh(sidebar);
  });

  it('deletes "Book the dentist" with the delete button shown on hover, asking once', async () => {
    const page = await openOnly(ctx.session, sidebar, site.url('widgets/todo-react.html'));
    ctx.llm.respondWith(
      scriptedModel(
        [
          () => call('read_page', {}),
          ({ listing }) =>
            call('click_element', {
              index: indexMatching(listing, /button "destroy", shown on hover of "Book the dentist"/),
            }),
        ],
        'Deleted it.',
      ),
    );
    await send(sidebar, 'Delete "Book the dentist"');
    expect(await answerPrompt(sidebar, 'allow-once')).toMatchObject({ tool: 'click_element' });
    await waitUntilIdle(sidebar);
    expect(ctx.llm.failures).toEqual([]);
    expect(await shownTools(sidebar)).toEqual([
      { tool: 'read_page', outcome: 'success' },
      { tool: 'click_element', outcome: 'success' },
    ]);
    expect(await page.text('#log')).toBe('deleted Book the dentist');
    await page.close();
  });
});
