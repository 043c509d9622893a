// Acting through Bosun's page engine, by snapshot reference or by CSS selector.
import { expect, it } from 'vitest';
import { textOf } from '../support/bridge';
import { indexByLabel } from '../support/listing';
import type { BridgeEnv } from './env';

export function acting(env: BridgeEnv): void {
  it('acts on what a snapshot shows by reference, through Bosun’s page engine: click, type, keys, hover, drag and options', async () => {
    const snapshot = async () => (await env.bridge.data('browser_snapshot')).snapshot as string;
    const evaluate = async (expression: string) => (await env.bridge.data('browser_eval', { expression })).value;

    await env.bridge.data('browser_navigate', { url: env.site.url('index.html') });
    const clicked = await env.bridge.data('browser_click', {
      ref: indexByLabel(await snapshot(), 'link', 'Trail Runner 2'),
    });
    // Judged by Bosun's gate, as the --allow of this bridge's session lets it.
    expect(clicked).toMatchObject({ url: env.site.url('index.html'), decision: expect.any(String) });
    await env.bridge.data('browser_wait_for', { text: 'Add to cart' });
    expect(await env.bridge.data('browser_back')).toMatchObject({ url: env.site.url('index.html') });
    // The page changed since the snapshot: its references name nothing now.
    await env.bridge.data('browser_navigate', { url: env.site.url('form.html') });
    expect(textOf(await env.bridge.call('browser_click', { ref: 1 }))).toBe(
      `ERROR: The working tab shows ${env.site.url('form.html')} now, not the page of the last snapshot (${env.site.url('index.html')}): its references no longer name elements.\n` +
        'Next step: Call browser_snapshot, then use the references it lists.',
    );
    const form = await snapshot();
    await env.bridge.data('browser_type', { ref: indexByLabel(form, 'textbox', 'Name'), text: 'Ada Lovelace' });
    expect(await evaluate(`document.getElementById('name').value`)).toBe('Ada Lovelace');

    await env.bridge.data('browser_navigate', { url: env.site.url('widgets/keyboard.html') });
    const pressed = await env.bridge.data('browser_press_key', {
      ref: indexByLabel(await snapshot(), 'slider', 'Volume'),
      key: 'End',
    });
    expect(pressed.result).toMatch(/Pressed End on \[\d+\] slider "Volume"/);
    expect(await evaluate(`document.getElementById('volume-out').textContent`)).toBe('100');

    await env.bridge.data('browser_navigate', { url: env.site.url('widgets/pointer.html') });
    const pointer = await snapshot();
    await env.bridge.data('browser_hover', { ref: indexByLabel(pointer, 'link', 'Products') });
    await env.bridge.data('browser_wait_for', { text: 'Laptops' });
    await env.bridge.data('browser_drag', {
      ref: indexByLabel(pointer, 'clickable', 'Book flights'),
      to: indexByLabel(pointer, 'clickable', 'Write report'),
    });
    expect(await evaluate(`document.getElementById('order').textContent`)).toBe(
      'Book flights > Write report > Call the bank > Water plants',
    );

    await env.bridge.data('browser_navigate', { url: env.site.url('widgets/choices.html') });
    await env.bridge.data('browser_select_option', {
      ref: indexByLabel(await snapshot(), 'select', 'Toppings'),
      options: ['Ham', 'Olives'],
    });
    expect(await evaluate(`document.getElementById('log').textContent`)).toBe('toppings: olives, ham');

    // Bosun checks the action's own arguments, and a call names its element one way only.
    expect(textOf(await env.bridge.call('browser_press_key', { key: 'Hyper+Q' }))).toMatch(
      /^ERROR: page\.act failed with INVALID_PARAMS: .*Unknown modifier "Hyper"/,
    );
    expect(textOf(await env.bridge.call('browser_click', { ref: 1, selector: '#x' }))).toMatch(
      /^ERROR: Invalid arguments for browser_click: give either ref \(from browser_snapshot\) or selector/,
    );
  });

  it('acts by CSS selector as well, with no snapshot taken: keys, hover, drag and options', async () => {
    const evaluate = async (expression: string) => (await env.bridge.data('browser_eval', { expression })).value;

    await env.bridge.data('browser_navigate', { url: env.site.url('widgets/keyboard.html') });
    const pressed = await env.bridge.data('browser_press_key', { selector: '#volume [role=slider]', key: 'End' });
    // Named as the listing would name it, and judged by Bosun's gate like an action by reference.
    expect(pressed).toMatchObject({ decision: expect.any(String) });
    expect(pressed.result).toMatch(/Pressed End on slider "Volume"/);
    expect(await evaluate(`document.getElementById('volume-out').textContent`)).toBe('100');

    await env.bridge.data('browser_navigate', { url: env.site.url('widgets/pointer.html') });
    await env.bridge.data('browser_hover', { selector: 'a[href="#products"]' });
    await env.bridge.data('browser_wait_for', { text: 'Laptops' });
    await env.bridge.data('browser_drag', {
      selector: '#priorities li:nth-child(3)',
      toSelector: '#priorities li:nth-child(1)',
    });
    expect(await evaluate(`document.getElementById('order').textContent`)).toBe(
      'Book flights > Write report > Call the bank > Water plants',
    );

    await env.bridge.data('browser_navigate', { url: env.site.url('widgets/choices.html') });
    await env.bridge.data('browser_select_option', { selector: '#toppings', options: ['Ham', 'Olives'] });
    expect(await evaluate(`document.getElementById('log').textContent`)).toBe('toppings: olives, ham');

    // A selector that does not parse is the caller's mistake, said before anything runs.
    expect(textOf(await env.bridge.call('browser_hover', { selector: 'li[' }))).toMatch(
      /^ERROR: page\.act failed with INVALID_PARAMS: .*Invalid selector: li\[/,
    );
  });
}
