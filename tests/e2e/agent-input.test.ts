import { describe, expect, it } from 'vitest';
import { BROWSERS, type PageDriver } from './harness';
import { answerPrompt, openOnly, shownTools } from './support/agent';
import { useConfiguredSidebar } from './support/configured-sidebar';
import { send } from './support/sidebar';
import { indexByLabel as byLabel } from './support/listing';
import { call, scriptedModel, type Plan } from './support/scripted-turns';

/**
 * Tasks that need keys, hover, drag, several options, a double click, a position on a canvas or
 * a text selection, solved by the chat's agent on pages built the way widget libraries build
 * them. The scripted model only knows what the tools tell it: it picks elements by their listed
 * labels and reacts to what each result says.
 */
describe.each(BROWSERS)('the agent using keys and the pointer in %s', (browserName) => {
  const ctx = useConfiguredSidebar(browserName, { fresh: true });
  const { site, sidebar } = ctx;

  const onlyTab = (path: string) => openOnly(ctx.session, sidebar, site.url(path));

  const follow = (plan: Plan, done: string) => ctx.llm.respondWith(scriptedModel(plan, done));

  /** Sends the task and allows each action once when asked; returns the levels the questions named. */
  async function solve(task: string): Promise<string[]> {
    await send(sidebar, task);
    const levels: string[] = [];
    for (;;) {
      const state = await sidebar.evaluate(() =>
        document.querySelector('[data-testid="permission-prompt"]')
          ? 'prompt'
          : document.querySelector('[data-testid="send"]')
            ? 'idle'
            : 'busy',
      );
      if (state === 'idle') break;
      if (state === 'prompt') levels.push((await answerPrompt(sidebar, 'allow-once')).level);
      else await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(ctx.llm.failures).toEqual([]);
    return levels;
  }
  const text = (page: PageDriver, selector: string) =>
    page.evaluate((s) => document.querySelector(s)?.textContent ?? '', selector);

  it('moves a slider with the keyboard until it shows the value asked for', async () => {
    const page = await onlyTab('widgets/keyboard.html');
    const press: Plan[number] = ({ listing, last }) =>
      last.includes('=70')
        ? { kind: 'text', chunks: ['The volume is 70.'] }
        : call('press_key', { index: byLabel(listing, 'slider', 'Volume'), key: 'ArrowRight' });
    follow([() => call('read_page', {}), press, press, press, press, press], 'Gave up.');
    expect(await solve('Set the volume to 70')).toEqual(['interact', 'interact', 'interact', 'interact']);
    expect(await shownTools(sidebar)).toEqual(
      Array.from({ length: 5 }, (_, i) => ({ tool: i === 0 ? 'read_page' : 'press_key', outcome: 'success' })),
    );
    expect(await text(page, '#volume-out')).toBe('70');
    await page.close();
  });

  it('is told what covers a button, closes the pop-up with Escape and submits', async () => {
    const page = await onlyTab('widgets/keyboard.html');
    follow(
      [
        () => call('read_page', {}),
        ({ listing }) => call('type_text', { index: byLabel(listing, 'combobox', 'Destination'), text: 'Lebanon' }),
        ({ listing }) => call('click_element', { index: byLabel(listing, 'button', 'Find flights') }),
        ({ last }) => {
          expect(last).toMatch(/covered by <ul#destination-list\.menu> \(listbox "Suggestions"\).*press_key "Escape"/);
          return call('press_key', { key: 'Escape' });
        },
        ({ listing }) => call('click_element', { index: byLabel(listing, 'button', 'Find flights') }),
      ],
      'Searching flights to Lebanon.',
    );
    // Typing and the key are "interact"; the form's button is judged a submission, both times.
    expect(await solve('Find flights to Lebanon')).toEqual(['interact', 'submit', 'interact', 'submit']);
    expect((await shownTools(sidebar)).map((t) => t.outcome)).toEqual([
      'success',
      'success',
      'failed',
      'success',
      'success',
    ]);
    expect(await text(page, '#log')).toBe('searching flights to Lebanon');
    await page.close();
  });

  it('opens a hover menu and clicks an item that appeared in it', async () => {
    const page = await onlyTab('widgets/pointer.html');
    follow(
      [
        () => call('read_page', {}),
        ({ listing }) => call('hover', { index: byLabel(listing, 'link', 'Products') }),
        () => call('read_page', {}),
        ({ listing }) => call('click_element', { index: byLabel(listing, 'link', 'Laptops') }),
      ],
      'Opened Laptops.',
    );
    expect(await solve('Open the Laptops page from the Products menu')).toEqual(['interact', 'interact']);
    expect(await text(page, '#log')).toBe('opened Laptops');
    await page.close();
  });

  it('reorders a sortable list and drops a file into a drop zone', async () => {
    const page = await onlyTab('widgets/pointer.html');
    follow(
      [
        () => call('read_page', {}),
        ({ listing }) =>
          call('drag', {
            index: byLabel(listing, 'clickable', 'Water plants'),
            to: byLabel(listing, 'clickable', 'Write report'),
          }),
        () => call('read_page', {}),
        ({ listing }) =>
          call('drag', {
            index: byLabel(listing, 'draggable', 'Photo.jpg'),
            to: byLabel(listing, 'clickable', 'Archive'),
          }),
      ],
      'Done.',
    );
    expect(await solve('Put "Water plants" first and archive the photo')).toEqual(['interact', 'interact']);
    expect(await text(page, '#order')).toBe('Water plants > Write report > Call the bank > Book flights');
    expect(await text(page, '#log')).toBe('archived photo');
    await page.close();
  });

  it('chooses several options of a multiple-choice list and a listbox, and highlights a passage', async () => {
    const page = await onlyTab('widgets/choices.html');
    follow(
      [
        () => call('read_page', {}),
        ({ listing }) =>
          call('select_option', { index: byLabel(listing, 'select', 'Toppings'), options: ['Cheese', 'Ham'] }),
        ({ listing }) =>
          call('select_option', { index: byLabel(listing, 'listbox', 'Languages'), options: ['English', 'German'] }),
        () => call('select_text', { text: 'lazy dog' }),
        () => call('read_page', {}),
        ({ listing }) => call('click_element', { index: byLabel(listing, 'button', 'Highlight') }),
      ],
      'Done.',
    );
    expect(await solve('Cheese and ham, English and German, and highlight "lazy dog"')).toEqual([
      'interact',
      'interact',
      'interact',
      'interact',
    ]);
    expect(
      await page.evaluate(() =>
        [...(document.getElementById('toppings') as HTMLSelectElement).selectedOptions].map((o) => o.value),
      ),
    ).toEqual(['cheese', 'ham']);
    expect(
      await page.evaluate(() =>
        [...document.querySelectorAll('#languages [aria-selected=true]')].map((o) => o.textContent),
      ),
    ).toEqual(['English', 'German']);
    expect(await text(page, 'mark')).toBe('lazy dog');
    await page.close();
  });

  it('clicks a canvas swatch at its position and edits a grid cell opened by a double click', async () => {
    const page = await onlyTab('widgets/pointer.html');
    follow(
      [
        () => call('read_page', {}),
        // The page says the swatches are 100 px each, left to right: Green is the middle one.
        ({ listing }) =>
          call('click_element', { index: byLabel(listing, 'clickable', 'Colour picker'), x: 150, y: 30 }),
        ({ listing }) => call('double_click', { index: byLabel(listing, 'gridcell', '900') }),
        () => call('read_page', {}),
        ({ listing }) => call('type_text', { index: byLabel(listing, 'textbox', 'Edit Rent'), text: '950' }),
        ({ listing }) => call('press_key', { index: byLabel(listing, 'textbox', 'Edit Rent'), key: 'Enter' }),
      ],
      'Done.',
    );
    expect(await solve('Pick green, then set the rent to 950')).toEqual([
      'interact',
      'interact',
      'interact',
      'interact',
    ]);
    expect(await text(page, '#log')).toBe('saved Rent = 950');
    expect(await page.evaluate(() => document.querySelector('[data-field="amount"]')?.textContent)).toBe('950');
    await page.close();
  });

  it("answers the page's dialogs: told what a confirm said, it accepts one only by asking first", async () => {
    const page = await onlyTab('widgets/dialogs.html');
    follow(
      [
        () => call('read_page', {}),
        ({ listing }) => call('click_element', { index: byLabel(listing, 'button', 'Delete Q3 report.pdf') }),
        ({ last }) => {
          // Dismissed, and the model is told what the dialog said and how to accept it.
          expect(last).toMatch(/answered in the person's place \(dialog 1: Cancel\)/);
          expect(last).toContain('A confirm dialog: "Delete "Q3 report.pdf"? It cannot be undone."');
          expect(last).toContain('call accept_dialog, then do the same action again');
          return call('accept_dialog', {});
        },
        ({ listing }) => call('click_element', { index: byLabel(listing, 'button', 'Delete Q3 report.pdf') }),
        ({ last }) => {
          expect(last).toMatch(/\(dialog 1: accepted\)/);
          return call('accept_dialog', { prompt_text: 'minutes.txt' });
        },
        () => call('read_page', {}),
        ({ listing }) => call('click_element', { index: byLabel(listing, 'button', 'Rename notes.txt') }),
        ({ last }) => {
          // The prompt got the text asked for, then the page's alert said it was done.
          expect(last).toMatch(/\(dialog 1: accepted, dialog 2: OK\)/);
          expect(last).toContain('A prompt dialog: "New name for "notes.txt"" (default text "notes.txt")');
          expect(last).toContain('An alert dialog: "Renamed to minutes.txt."');
          return { kind: 'text', chunks: ['Deleted the report and renamed the notes.'] };
        },
      ],
      'Done.',
    );
    // The delete button's words commit (submit); accepting a dialog commits too.
    expect(await solve('Delete the Q3 report and rename notes.txt to minutes.txt')).toEqual([
      'submit',
      'submit',
      'submit',
      'submit',
      'interact',
    ]);
    expect(await shownTools(sidebar)).toEqual(
      [
        'read_page',
        'click_element',
        'accept_dialog',
        'click_element',
        'accept_dialog',
        'read_page',
        'click_element',
      ].map((tool) => ({ tool, outcome: 'success' })),
    );
    expect(await text(page, '#log')).toBe('renamed notes.txt to minutes.txt');
    expect(
      await page.evaluate(() => [...document.querySelectorAll<HTMLElement>('#files li')].map((li) => li.dataset.name)),
    ).toEqual(['minutes.txt']);
    await page.close();
  });

  it('types "Ala" into an autocomplete that filters on keyup, and picks Alaska from what it shows', async () => {
    const page = await onlyTab('widgets/autocomplete.html');
    follow(
      [
        () => call('read_page', {}),
        ({ listing }) => call('type_text', { index: byLabel(listing, 'combobox', 'State'), text: 'Ala' }),
        () => call('read_page', {}),
        ({ listing }) => {
          // The list shows only what the typed keys filtered it to.
          expect(listing).toMatch(/option "Alabama"/);
          expect(listing).not.toMatch(/option "Arizona"/);
          return call('click_element', { index: byLabel(listing, 'option', 'Alaska') });
        },
      ],
      'The state is Alaska.',
    );
    await solve('Set the state to Alaska');
    expect((await shownTools(sidebar)).map((t) => `${t.tool}:${t.outcome}`)).toEqual([
      'read_page:success',
      'type_text:success',
      'read_page:success',
      'click_element:success',
    ]);
    expect(await page.evaluate(() => (document.getElementById('cb1-input') as HTMLInputElement).value)).toBe('Alaska');
    await page.close();
  });
});
