// What commits through the MCP bridge is judged where the chat's agent's would be: browser_submit_form
// is the page engine's submit_form, at "submit", and accepting a confirm is a commitment too; and a long page's snapshot can be read on in parts, as its markers say.
import { describe, expect, it } from 'vitest';
import { BROWSERS } from './harness';
import { FULL_TOOLS, textOf, useBridges, type RunningBridge } from './support/bridge';
import { indexByLabel } from './support/listing';
import { useSite } from './support/site';

const site = useSite();

describe.each(BROWSERS)('the MCP bridge’s commitments and long pages in %s', { timeout: 240_000 }, (browserName) => {
  const bridgeWith = useBridges(browserName);

  /** The working tab through Bosun's page.read (read-only: never asks): the form's own record of a submit, too. */
  const snapshot = async (bridge: RunningBridge) => (await bridge.data('browser_snapshot')).snapshot as string;

  it('with interact allowed but not submit, typing by ref types, and the submit is refused and says so; accepting a confirm is refused, dismissing it is not', async () => {
    const bridge = await bridgeWith('--allow', '127.0.0.1:interact');
    await bridge.data('browser_navigate', { url: site.url('form.html') });
    const name = indexByLabel(await snapshot(bridge), 'textbox', 'Name');
    await bridge.data('browser_type', { ref: name, text: 'Ada' });
    const submit = await bridge.call('browser_submit_form', { ref: name });
    expect(submit).toMatchObject({ isError: true, structuredContent: { error: { code: 'PERMISSION_REQUIRED' } } });
    expect(textOf(submit)).toMatch(/^ERROR: page\.act failed with PERMISSION_REQUIRED/);
    expect(await snapshot(bridge)).not.toContain('Thanks, Ada');
    expect(await snapshot(bridge)).toContain('=Ada');

    // The page asks on its own whether to stay signed in (clicking "Delete account" is critical: it would ask first).
    await bridge.data('browser_navigate', { url: site.url('account/index.html?expire=300') });
    expect(await bridge.call('browser_wait_for', { text: 'never shown', timeout: 10 })).toMatchObject({
      isError: true,
      structuredContent: { error: { dialog: { type: 'confirm' } } },
    });
    const accepting = await bridge.call('browser_handle_dialog', { accept: true });
    expect(accepting).toMatchObject({
      isError: true,
      structuredContent: {
        error: {
          code: 'PERMISSION_REQUIRED',
          details: { tool: 'browser_handle_dialog', level: 'submit', allowWith: '--allow 127.0.0.1:submit' },
        },
      },
    });
    expect(await bridge.data('browser_handle_dialog', { accept: false })).toMatchObject({ accepted: false });
    await bridge.data('browser_wait_for', { text: 'Signed out' });
  });

  it('with submit allowed, typing by ref and submitting submits the form as the page engine does', async () => {
    // browser_eval (filling a long value) is in the full set.
    const bridge = await bridgeWith(...FULL_TOOLS, '--allow', '127.0.0.1:submit');
    await bridge.data('browser_navigate', { url: site.url('form.html') });
    const name = indexByLabel(await snapshot(bridge), 'textbox', 'Name');
    await bridge.data('browser_type', { ref: name, text: 'Grace' });
    const submitted = await bridge.data('browser_submit_form', { ref: name });
    expect(submitted).toMatchObject({ decision: expect.any(String), result: expect.stringMatching(/submit/i) });
    await bridge.data('browser_wait_for', { text: 'Thanks, Grace' });

    // A field's value the snapshot cuts is read whole by its reference.
    const long = `${'Lorem ipsum dolor sit amet. '.repeat(40)}The end.`;
    await bridge.data('browser_eval', {
      expression: `document.getElementById('message').value = ${JSON.stringify(long)}`,
    });
    const form = await snapshot(bridge);
    expect(form).toMatch(/textbox "Message" =.*more characters: get_page_content with this index\]/);
    const message = indexByLabel(form, 'textbox', 'Message');
    const value = await bridge.data('browser_get_page_content', { ref: message, type: 'text' });
    expect(value).toMatchObject({ url: site.url('form.html'), decision: expect.any(String) });
    expect(value.content).toContain(long);
  });

  it('reads the rest of a long page’s listing in parts, by reference or after a heading, with the snapshot’s references', async () => {
    const bridge = await bridgeWith('--allow', '127.0.0.1:interact');
    await bridge.data('browser_navigate', { url: site.url('widgets/long.html') });
    const first = await snapshot(bridge);
    expect(first).not.toMatch(/link "Chapter 31, page 7"/);
    const next = Number(/read_listing with from=(\d+) shows them\]/.exec(first)?.[1]);
    expect(next).toBeGreaterThan(1);
    const read = await bridge.call('browser_read_listing', { from: next });
    const part = read.structuredContent ?? {};
    // A part that ends short of the page's end counts what the walk has found so far.
    expect(String(part.content)).toMatch(new RegExp(`Elements ${next}–\\d+ of (at least )?\\d+:`));
    expect(String(part.content)).toMatch(new RegExp(`^\\*?\\[${next}\\]`, 'm'));
    // The part's text is in the answer once, as it is: not also escaped inside its JSON.
    const line =
      String(part.content)
        .split('\n')
        .find((l) => l.includes(`[${next}]`)) ?? '';
    const escaped = JSON.stringify(line).slice(1, -1);
    expect(escaped).not.toBe(line); // its label's quotes, escaped in JSON
    expect(textOf(read).split(line).length - 1).toBe(1);
    expect(textOf(read)).not.toContain(escaped);
    const after = String((await bridge.data('browser_read_listing', { heading: 'Chapter 31' })).content);
    // One part at a time: the page engine's read_listing refuses two.
    expect(textOf(await bridge.call('browser_read_listing', { from: 1, heading: 'Chapter 2' }))).toMatch(
      /^ERROR: page\.readListing failed with INVALID_PARAMS: .*give one of from, around or heading/,
    );
    const ref = indexByLabel(after.replace(/^.*:\n/, ''), 'link', 'Chapter 31, page 7');
    await bridge.data('browser_click', { ref });
    await bridge.data('browser_wait_for', { text: 'opened #c31-p7' });
  });
});
