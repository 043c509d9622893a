// The bridge's history, waiting and tab tools, through the official MCP client, in both browsers.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSERS } from './harness';
import { startBridge, textOf, type RunningBridge } from './support/bridge';
import { indexByLabel } from './support/listing';
import { useSite } from './support/site';

const site = useSite();

describe.each(BROWSERS)(
  'the MCP bridge moving between pages and tabs, and waiting, in %s',
  { timeout: 180_000 },
  (name) => {
    let bridge: RunningBridge;
    let profileDir: string;

    beforeAll(async () => {
      profileDir = await mkdtemp(join(tmpdir(), 'bosun-bridge-e2e-'));
      // The waiting test makes the page change late with browser_eval, which the developer allows up front.
      bridge = await startBridge(['--browser', name, '--profile-dir', profileDir, '--allow', '127.0.0.1:submit']);
    });
    afterAll(async () => {
      await bridge?.close();
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
  },
);
