// The bridge's history, waiting, tab, form, file, screenshot and site-data tools, through the
// official MCP client, in both browsers.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSERS } from './harness';
import { startBridge, textOf, type RunningBridge } from './support/bridge';
import { indexByLabel } from './support/listing';
import { useSite } from './support/site';
import { startStaticServer, testSiteDir, type StaticServer } from '../fixtures/static-server';

const site = useSite();

describe.each(BROWSERS)(
  'the MCP bridge moving between pages and tabs, and waiting, in %s',
  { timeout: 180_000 },
  (name) => {
    let bridge: RunningBridge;
    let profileDir: string;
    /** The same site on another loopback address: a site the --allow below does not cover. */
    let otherSite: StaticServer;

    beforeAll(async () => {
      otherSite = await startStaticServer(testSiteDir, '127.0.0.2');
      profileDir = await mkdtemp(join(tmpdir(), 'bosun-bridge-e2e-'));
      // The waiting test makes the page change late with browser_eval, which the developer allows up front.
      bridge = await startBridge(['--browser', name, '--profile-dir', profileDir, '--allow', '127.0.0.1:submit']);
    });
    afterAll(async () => {
      await bridge?.close();
      await otherSite?.close();
      await rm(profileDir, { recursive: true, force: true });
    });

    it('goes back and forward between the pages it opened, reloads, and says when there is no page that way', async () => {
      await bridge.data('browser_navigate', { url: site.url('index.html') });
      await bridge.data('browser_navigate', { url: site.url('product.html') });
      expect(await bridge.data('browser_back')).toMatchObject({
        url: site.url('index.html'),
        title: 'Bosun Test Shop',
      });
      expect(await bridge.data('browser_forward')).toMatchObject({
        url: site.url('product.html'),
        title: expect.stringMatching(/^Trail Runner 2/),
      });
      const forward = await bridge.call('browser_forward');
      expect(forward.isError).toBe(true);
      expect(textOf(forward)).toBe(
        `ERROR: There is no later page in the working tab's history (it shows ${site.url('product.html')}).\n` +
          'Next step: Call browser_navigate with the URL to open.',
      );
      // A reload loads the page anew: what a script left on it is gone.
      await bridge.data('browser_eval', { expression: 'document.title = "changed"' });
      expect(await bridge.data('browser_reload')).toMatchObject({
        url: site.url('product.html'),
        status: 200,
        title: expect.stringMatching(/^Trail Runner 2/),
      });
    });

    it('waits for text to appear and to go, for a visible element, or for a time, and says what never came', async () => {
      await bridge.data('browser_navigate', { url: site.url('index.html') });
      await bridge.data('browser_eval', {
        expression: `setTimeout(() => document.body.insertAdjacentHTML('beforeend', '<p id="late">Arrived late</p>'), 400); 'scheduled'`,
      });
      expect(await bridge.data('browser_wait_for', { text: 'Arrived late' })).toMatchObject({
        waitedMs: expect.any(Number),
      });
      expect(await bridge.data('browser_wait_for', { selector: '#late', text: 'Arrived' })).toMatchObject({
        url: site.url('index.html'),
      });
      const stays = await bridge.call('browser_wait_for', { textGone: 'Arrived late', timeout: 0.5 });
      expect(stays.isError).toBe(true);
      expect(textOf(stays)).toMatch(
        /^ERROR: The page did not show the text "Arrived late" gone within 0\.5 s\.\nNext step: /,
      );
      await bridge.data('browser_eval', { expression: `document.getElementById('late').hidden = true; 'hidden'` });
      expect(await bridge.data('browser_wait_for', { textGone: 'Arrived late' })).toMatchObject({});
      const invisible = await bridge.call('browser_wait_for', { selector: '#late', timeout: 0.3 });
      expect(textOf(invisible)).toMatch(/^ERROR: The page did not show a visible #late within 0\.3 s\./);
      expect(textOf(await bridge.call('browser_wait_for', { selector: 'p[' }))).toBe(
        'ERROR: The selector p[ is not valid CSS.\nNext step: Fix the selector, then call again.',
      );
      const waited = await bridge.data('browser_wait_for', { time: 0.2 });
      expect(waited.waitedMs).toBeGreaterThanOrEqual(195);
      expect(textOf(await bridge.call('browser_wait_for', { time: 1, text: 'x' }))).toMatch(
        /^ERROR: Invalid arguments for browser_wait_for: give text, textGone or selector, or time, but not both kinds/,
      );
      expect(textOf(await bridge.call('browser_wait_for', {}))).toMatch(
        /^ERROR: Invalid arguments for browser_wait_for: /,
      );
    });

    it("lists, opens, chooses and closes tabs, the other tools following the chosen one, and never lists Bosun's own pages", async () => {
      // Bosun's ABP page is open in a tab of its own once an ABP tool has run.
      await bridge.data('abp_extension_getInfo');
      await bridge.data('browser_navigate', { url: site.url('index.html') });
      const opened = await bridge.call('browser_tabs', { action: 'new', url: site.url('product.html') });
      expect(opened.structuredContent).toEqual({
        tabs: [
          { index: 0, url: site.url('index.html'), title: 'Bosun Test Shop', current: false },
          { index: 1, url: site.url('product.html'), title: expect.stringMatching(/^Trail Runner 2/), current: true },
        ],
      });
      expect(textOf(opened)).toContain(`* 1: Trail Runner 2`);
      const whereTheToolsWork = async () => (await bridge.data('browser_wait_for', { time: 0 })).url;
      expect(await whereTheToolsWork()).toBe(site.url('product.html'));
      expect(await bridge.data('browser_tabs', { action: 'select', index: 0 })).toMatchObject({
        tabs: [{ current: true }, { current: false }],
      });
      expect(await whereTheToolsWork()).toBe(site.url('index.html'));
      const closed = await bridge.data('browser_tabs', { action: 'close' });
      expect(closed).toEqual({
        tabs: [{ index: 0, url: site.url('product.html'), title: expect.any(String), current: true }],
      });
      expect(await whereTheToolsWork()).toBe(site.url('product.html'));
      expect(textOf(await bridge.call('browser_tabs', { action: 'select', index: 5 }))).toBe(
        "ERROR: There is no tab 5: the browser has 1 tab(s), numbered from 0.\nNext step: Call browser_tabs with action 'list' to see them.",
      );
      expect(textOf(await bridge.call('browser_tabs', { action: 'select' }))).toMatch(
        /^ERROR: Invalid arguments for browser_tabs: 'select' needs an index/,
      );
      expect(textOf(await bridge.call('browser_tabs', { action: 'list', url: site.url('form.html') }))).toMatch(
        /^ERROR: Invalid arguments for browser_tabs: only 'new' takes a url/,
      );
    });

    it('acts on what a snapshot shows by reference, through Bosun’s page engine: click, type, keys, hover, drag and options', async () => {
      const snapshot = async () => (await bridge.data('browser_snapshot')).snapshot as string;
      const evaluate = async (expression: string) => (await bridge.data('browser_eval', { expression })).value;

      await bridge.data('browser_navigate', { url: site.url('index.html') });
      const clicked = await bridge.data('browser_click', {
        ref: indexByLabel(await snapshot(), 'link', 'Trail Runner 2'),
      });
      // Judged by Bosun's gate, as the --allow of this bridge's session lets it.
      expect(clicked).toMatchObject({ url: site.url('index.html'), decision: expect.any(String) });
      await bridge.data('browser_wait_for', { text: 'Add to cart' });
      expect(await bridge.data('browser_back')).toMatchObject({ url: site.url('index.html') });
      // The page changed since the snapshot: its references name nothing now.
      await bridge.data('browser_navigate', { url: site.url('form.html') });
      expect(textOf(await bridge.call('browser_click', { ref: 1 }))).toBe(
        `ERROR: The working tab shows ${site.url('form.html')} now, not the page of the last snapshot (${site.url('index.html')}): its references no longer name elements.\n` +
          'Next step: Call browser_snapshot, then use the references it lists.',
      );
      const form = await snapshot();
      await bridge.data('browser_type', { ref: indexByLabel(form, 'textbox', 'Name'), text: 'Ada Lovelace' });
      expect(await evaluate(`document.getElementById('name').value`)).toBe('Ada Lovelace');

      await bridge.data('browser_navigate', { url: site.url('widgets/keyboard.html') });
      const pressed = await bridge.data('browser_press_key', {
        ref: indexByLabel(await snapshot(), 'slider', 'Volume'),
        key: 'End',
      });
      expect(pressed.result).toMatch(/Pressed End on \[\d+\] slider "Volume"/);
      expect(await evaluate(`document.getElementById('volume-out').textContent`)).toBe('100');

      await bridge.data('browser_navigate', { url: site.url('widgets/pointer.html') });
      const pointer = await snapshot();
      await bridge.data('browser_hover', { ref: indexByLabel(pointer, 'link', 'Products') });
      await bridge.data('browser_wait_for', { text: 'Laptops' });
      await bridge.data('browser_drag', {
        ref: indexByLabel(pointer, 'clickable', 'Book flights'),
        to: indexByLabel(pointer, 'clickable', 'Write report'),
      });
      expect(await evaluate(`document.getElementById('order').textContent`)).toBe(
        'Book flights > Write report > Call the bank > Water plants',
      );

      await bridge.data('browser_navigate', { url: site.url('widgets/choices.html') });
      await bridge.data('browser_select_option', {
        ref: indexByLabel(await snapshot(), 'select', 'Toppings'),
        values: ['Ham', 'Olives'],
      });
      expect(await evaluate(`document.getElementById('log').textContent`)).toBe('toppings: olives, ham');

      // Bosun checks the action's own arguments, and a call names its element one way only.
      expect(textOf(await bridge.call('browser_press_key', { key: 'Hyper+Q' }))).toMatch(
        /^ERROR: page\.act failed with INVALID_PARAMS: .*Unknown modifier "Hyper"/,
      );
      expect(textOf(await bridge.call('browser_click', { ref: 1, selector: '#x' }))).toMatch(
        /^ERROR: Invalid arguments for browser_click: give either ref \(from browser_snapshot\) or selector/,
      );
    });

    it('acts by CSS selector as well, with no snapshot taken: keys, hover, drag and options', async () => {
      const evaluate = async (expression: string) => (await bridge.data('browser_eval', { expression })).value;

      await bridge.data('browser_navigate', { url: site.url('widgets/keyboard.html') });
      const pressed = await bridge.data('browser_press_key', { selector: '#volume [role=slider]', key: 'End' });
      // Named as the listing would name it, and judged by Bosun's gate like an action by reference.
      expect(pressed).toMatchObject({ decision: expect.any(String) });
      expect(pressed.result).toMatch(/Pressed End on slider "Volume"/);
      expect(await evaluate(`document.getElementById('volume-out').textContent`)).toBe('100');

      await bridge.data('browser_navigate', { url: site.url('widgets/pointer.html') });
      await bridge.data('browser_hover', { selector: 'a[href="#products"]' });
      await bridge.data('browser_wait_for', { text: 'Laptops' });
      await bridge.data('browser_drag', {
        selector: '#priorities li:nth-child(3)',
        toSelector: '#priorities li:nth-child(1)',
      });
      expect(await evaluate(`document.getElementById('order').textContent`)).toBe(
        'Book flights > Write report > Call the bank > Water plants',
      );

      await bridge.data('browser_navigate', { url: site.url('widgets/choices.html') });
      await bridge.data('browser_select_option', { selector: '#toppings', values: ['Ham', 'Olives'] });
      expect(await evaluate(`document.getElementById('log').textContent`)).toBe('toppings: olives, ham');

      // A selector that does not parse is the caller's mistake, said before anything runs.
      expect(textOf(await bridge.call('browser_hover', { selector: 'li[' }))).toMatch(
        /^ERROR: page\.act failed with INVALID_PARAMS: .*Invalid selector: li\[/,
      );
    });

    const summary = async () =>
      (await bridge.data('browser_eval', { expression: `document.getElementById('summary').textContent` })).value;

    it('fills several fields of a snapshot at once, text, list, radio and checkboxes, and names the field that fails', async () => {
      await bridge.data('browser_navigate', { url: site.url('account.html') });
      const form = (await bridge.data('browser_snapshot')).snapshot as string;
      const filled = await bridge.data('browser_fill_form', {
        fields: [
          { ref: indexByLabel(form, 'textbox', 'Display name'), value: 'Ada' },
          { ref: indexByLabel(form, 'textbox', 'Email'), value: 'ada@example.org' },
          // A list's option by its label, a radio and a styled switch by true, a checked box by false.
          { ref: indexByLabel(form, 'select', 'Country'), value: 'Netherlands' },
          { ref: indexByLabel(form, 'radio', 'Pro'), value: true },
          { ref: indexByLabel(form, 'checkbox', 'Monthly newsletter'), value: 'true' },
          { ref: indexByLabel(form, 'checkbox', 'Remember this device'), value: false },
        ],
      });
      expect(filled).toMatchObject({ url: site.url('account.html'), filled: 6 });
      expect(await summary()).toBe(
        'name: Ada; email: ada@example.org; country: nl; plan: pro; newsletter: yes; remember: no',
      );

      // Checked against the snapshot before anything is touched: a wrong kind of value changes nothing.
      const again = (await bridge.data('browser_snapshot')).snapshot as string;
      const wrongKind = await bridge.call('browser_fill_form', {
        fields: [
          { ref: indexByLabel(again, 'textbox', 'Display name'), value: 'Grace' },
          { ref: indexByLabel(again, 'checkbox', 'Monthly newsletter'), value: 'maybe' },
        ],
      });
      expect(textOf(wrongKind)).toMatch(
        /^ERROR: Field 2 of 2: \[\d+\] checkbox "Monthly newsletter" takes true or false, not "maybe"\. Nothing was filled\.\nNext step: Take a new snapshot/,
      );
      expect(
        textOf(
          await bridge.call('browser_fill_form', {
            fields: [{ ref: indexByLabel(again, 'radio', 'Pro'), value: false }],
          }),
        ),
      ).toMatch(/radio "Pro" is chosen; a radio button is unchecked by choosing another one of its group/);
      // A box already as asked is left alone.
      const same = await bridge.data('browser_fill_form', {
        fields: [
          { ref: indexByLabel(again, 'checkbox', 'Monthly newsletter'), value: true },
          // An option by its value, as well as by its label.
          { ref: indexByLabel(again, 'select', 'Country'), value: 'de' },
        ],
      });
      expect(same.results).toEqual([
        expect.stringMatching(/checkbox "Monthly newsletter" is already checked$/),
        expect.stringMatching(/Germany/),
      ]);
      expect(textOf(await bridge.call('browser_fill_form', { fields: [{ ref: 999, value: 'x' }] }))).toMatch(
        /^ERROR: Field 1 of 1: the last snapshot lists no element \[999\]\. Nothing was filled\./,
      );
      // The page engine refuses an option the list lacks: the call stops there, after the fields before it.
      const stops = await bridge.call('browser_fill_form', {
        fields: [
          { ref: indexByLabel(again, 'textbox', 'Display name'), value: 'Grace' },
          { ref: indexByLabel(again, 'select', 'Country'), value: 'Atlantis' },
          { ref: indexByLabel(again, 'textbox', 'Email'), value: 'grace@example.org' },
        ],
      });
      expect(stops.isError).toBe(true);
      expect(textOf(stops)).toMatch(
        /^ERROR: Field 2 of 3 failed: could not choose "Atlantis" in \[\d+\] select "Country": .*no option "Atlantis".* Fields 1–1 were filled/s,
      );
      expect(await summary()).toBe(
        'name: Grace; email: ada@example.org; country: de; plan: pro; newsletter: yes; remember: no',
      );
      await bridge.data('browser_navigate', { url: site.url('form.html') });
      expect(textOf(await bridge.call('browser_fill_form', { fields: [{ ref: 1, value: 'x' }] }))).toMatch(
        /its references no longer name elements\.\nNext step: Call browser_snapshot/,
      );
    });

    it('uploads real files into a file input, hidden behind its label or not, and refuses paths it cannot read', async () => {
      const dir = await mkdtemp(join(tmpdir(), 'bosun-upload-'));
      try {
        const picture = join(dir, 'portrait.png');
        await writeFile(picture, Buffer.alloc(1234, 7));
        const notes = join(dir, 'notes.txt');
        await writeFile(notes, 'Meeting notes\n');
        await bridge.data('browser_navigate', { url: site.url('account.html') });
        const uploaded = await bridge.call('browser_upload', { selector: '#avatar', paths: [picture] });
        expect(textOf(uploaded)).toMatch(/^SUCCESS: #avatar now holds "portrait\.png" \(1\.2 kB\)/);
        expect(uploaded.structuredContent).toEqual({
          url: site.url('account.html'),
          target: '#avatar',
          files: [{ name: 'portrait.png', size: 1234, type: 'image/png' }],
        });
        const shown = async (id: string) =>
          (await bridge.data('browser_eval', { expression: `document.getElementById('${id}').textContent` })).value;
        expect(await shown('avatar-info')).toBe('Picture: portrait.png (1234 bytes, image/png)');
        // By reference: the page engine lists the styled picker and the plain one; both take files.
        const form = (await bridge.data('browser_snapshot')).snapshot as string;
        const byRef = await bridge.data('browser_upload', {
          ref: indexByLabel(form, 'file', 'Documents'),
          paths: [notes, picture],
        });
        expect(byRef).toMatchObject({ target: `[${indexByLabel(form, 'file', 'Documents')}]` });
        expect(await shown('attachments-info')).toBe(
          'Documents: notes.txt (14 bytes, text/plain), portrait.png (1234 bytes, image/png)',
        );
        await bridge.data('browser_upload', { ref: indexByLabel(form, 'file', 'Choose a picture'), paths: [notes] });
        expect(await shown('avatar-info')).toBe('Picture: notes.txt (14 bytes, text/plain)');
        expect(
          textOf(await bridge.call('browser_upload', { ref: indexByLabel(form, 'textbox', 'Email'), paths: [notes] })),
        ).toMatch(
          /^ERROR: Could not upload files to \[\d+\]: <input#email> is not an <input type=file>.*\nNext step: Take a new snapshot/s,
        );
        // The marks that named the elements for the browser are gone again.
        expect(
          (await bridge.data('browser_eval', { expression: `document.querySelectorAll('[data-bosun-mark]').length` }))
            .value,
        ).toBe(0);
        await bridge.data('browser_upload', { selector: '#avatar', paths: [picture] });

        expect(textOf(await bridge.call('browser_upload', { selector: '#avatar', paths: [picture, notes] }))).toBe(
          'ERROR: Could not upload files to #avatar: <input#avatar> takes one file (it has no multiple attribute), not 2.\nNext step: Fix the selector, then call again.',
        );
        expect(textOf(await bridge.call('browser_upload', { selector: '#email', paths: [notes] }))).toMatch(
          /^ERROR: Could not upload files to #email: <input#email> is not an <input type=file>/,
        );
        const invalid = async (paths: string[]) =>
          textOf(await bridge.call('browser_upload', { selector: '#avatar', paths }));
        expect(await invalid(['notes.txt'])).toMatch(
          /^ERROR: Invalid arguments for browser_upload: .*notes\.txt is not an absolute path/,
        );
        expect(await invalid([join(dir, 'missing.png')])).toMatch(/missing\.png does not exist/);
        expect(await invalid([dir])).toMatch(/is not a regular file/);
        expect(await shown('avatar-info')).toBe('Picture: portrait.png (1234 bytes, image/png)');
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    });

    it('takes a PNG of one element, the size of the element, beside the viewport screenshot', async () => {
      await bridge.data('browser_navigate', { url: site.url('account.html') });
      const shot = await bridge.call('browser_screenshot', { selector: '#plan-card' });
      expect(shot.structuredContent).toMatchObject({ url: site.url('account.html'), width: 240 });
      const image = shot.content.find((c) => c.type === 'image');
      const png = Buffer.from(image?.type === 'image' ? image.data : '', 'base64');
      expect(png.subarray(1, 4).toString()).toBe('PNG');
      // The card is 240×120 CSS pixels; at a fractional position an engine may take the pixel row it touches too.
      expect(png.readUInt32BE(16)).toBe(240);
      expect(png.readUInt32BE(20)).toBeGreaterThanOrEqual(120);
      expect(png.readUInt32BE(20)).toBeLessThanOrEqual(121);
      // By reference: the page engine marks the element it listed, the browser pictures just that.
      const ref = indexByLabel((await bridge.data('browser_snapshot')).snapshot as string, 'button', 'Upgrade');
      const button = await bridge.data('browser_screenshot', { ref });
      expect(button.width).toBe(160);
      expect([40, 41]).toContain(button.height);
      const viewport = await bridge.data('browser_screenshot');
      expect(viewport.width).toBeGreaterThan(240);
      expect(textOf(await bridge.call('browser_screenshot', { selector: '#plan-card', fullPage: true }))).toMatch(
        /^ERROR: Invalid arguments for browser_screenshot: give one of ref, selector or fullPage/,
      );
    });

    it('lists, sets and clears cookies and local and session storage, which the page then sees', async () => {
      await bridge.data('browser_navigate', { url: site.url('account.html') });
      const page = async (expression: string) => (await bridge.data('browser_eval', { expression })).value;

      const set = await bridge.data('browser_cookies', { action: 'set', name: 'consent', value: 'analytics=no' });
      expect(set.cookies).toEqual([
        {
          name: 'consent',
          value: 'analytics=no',
          domain: '127.0.0.1',
          path: '/',
          expires: -1,
          httpOnly: false,
          secure: false,
          sameSite: 'Lax',
        },
      ]);
      await bridge.data('browser_cookies', { action: 'set', name: 'sid', value: 'abc123', httpOnly: true });
      expect(await page('document.cookie')).toBe('consent=analytics=no');
      expect(
        ((await bridge.data('browser_cookies', { action: 'list' })).cookies as { name: string }[])
          .map((c) => c.name)
          .sort(),
      ).toEqual(['consent', 'sid']);
      expect(await bridge.data('browser_cookies', { action: 'clear', name: 'consent' })).toMatchObject({
        removed: 1,
        cookies: [{ name: 'sid', httpOnly: true }],
      });
      expect(await bridge.data('browser_cookies', { action: 'clear' })).toMatchObject({ removed: 1, cookies: [] });
      expect(textOf(await bridge.call('browser_cookies', { action: 'set', name: 'a b', value: 'x' }))).toMatch(
        /^ERROR: Invalid arguments for browser_cookies: .*must be a token/,
      );

      expect(
        await bridge.data('browser_storage', { action: 'set', kind: 'local', key: 'theme', value: 'dark' }),
      ).toEqual({
        url: site.url('account.html'),
        kind: 'local',
        entries: { theme: 'dark' },
        removed: 0,
      });
      await bridge.data('browser_storage', { action: 'set', kind: 'session', key: 'step', value: '2' });
      expect(await page(`localStorage.getItem('theme') + ' ' + sessionStorage.getItem('step')`)).toBe('dark 2');
      await page(`localStorage.setItem('cart', '3 items'); 'set'`);
      expect((await bridge.data('browser_storage', { action: 'read', kind: 'local' })).entries).toEqual({
        theme: 'dark',
        cart: '3 items',
      });
      expect((await bridge.data('browser_storage', { action: 'read', kind: 'local', key: 'cart' })).entries).toEqual({
        cart: '3 items',
      });
      expect(await bridge.data('browser_storage', { action: 'clear', kind: 'local', key: 'theme' })).toMatchObject({
        removed: 1,
        entries: {},
      });
      expect(await bridge.data('browser_storage', { action: 'clear', kind: 'session' })).toMatchObject({ removed: 1 });
      expect(await page(`JSON.stringify([localStorage.length, sessionStorage.length])`)).toBe('[1,0]');
      expect(textOf(await bridge.call('browser_storage', { action: 'set', kind: 'local', key: 'x' }))).toMatch(
        /^ERROR: Invalid arguments for browser_storage: 'set' needs a key and a value/,
      );
    });

    it('asks Bosun before writing cookies or storage on a site no --allow covers, and reads without asking', async () => {
      const url = `${otherSite.url}/account.html`;
      await bridge.data('browser_navigate', { url });
      const denied = await bridge.call('browser_storage', {
        action: 'set',
        kind: 'local',
        key: 'theme',
        value: 'dark',
      });
      expect(denied).toMatchObject({
        isError: true,
        structuredContent: {
          error: {
            code: 'PERMISSION_REQUIRED',
            details: { tool: 'browser_storage', site: '127.0.0.2', level: 'interact' },
          },
        },
      });
      const cookie = await bridge.call('browser_cookies', { action: 'set', name: 'sid', value: 'stolen' });
      expect(cookie).toMatchObject({
        isError: true,
        structuredContent: {
          error: { code: 'PERMISSION_REQUIRED', details: { tool: 'browser_cookies', level: 'submit' } },
        },
      });
      // Nothing was written, and reading asked no one.
      expect(await bridge.data('browser_storage', { action: 'read', kind: 'local' })).toMatchObject({ entries: {} });
      expect(await bridge.data('browser_cookies', { action: 'list' })).toMatchObject({ url, cookies: [] });
    });
  },
);
