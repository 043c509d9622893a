// Several fields of a snapshot filled at once: the chat's fill_form, in one page.act request.
import { expect, it } from 'vitest';
import { textOf } from '../support/bridge';
import { indexByLabel } from '../support/listing';
import type { BridgeEnv } from './env';

export function fillForm(env: BridgeEnv): void {
  const summary = async () =>
    (await env.bridge.data('browser_eval', { expression: `document.getElementById('summary').textContent` })).value;

  it('fills several fields of a snapshot at once, text, list, radio and checkboxes, and names the field that fails', async () => {
    await env.bridge.data('browser_navigate', { url: env.site.url('account.html') });
    const form = (await env.bridge.data('browser_snapshot')).snapshot as string;
    const filled = await env.bridge.data('browser_fill_form', {
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
    expect(filled).toMatchObject({
      url: env.site.url('account.html'),
      result: expect.stringMatching(/Filled 6 of 6 fields/),
    });
    expect(await summary()).toBe(
      'name: Ada; email: ada@example.org; country: nl; plan: pro; newsletter: yes; remember: no',
    );

    // Checked on the page before anything is touched: a wrong kind of value changes nothing.
    const again = (await env.bridge.data('browser_snapshot')).snapshot as string;
    const wrongKind = await env.bridge.call('browser_fill_form', {
      fields: [
        { ref: indexByLabel(again, 'textbox', 'Display name'), value: 'Grace' },
        { ref: indexByLabel(again, 'checkbox', 'Monthly newsletter'), value: 'maybe' },
      ],
    });
    expect(textOf(wrongKind)).toMatch(
      /^ERROR: page\.act failed with \w+: .*Field 2 of 2: \[\d+\] checkbox "Monthly newsletter" takes true or false, not "maybe"\. Nothing was filled\./,
    );
    expect(
      textOf(
        await env.bridge.call('browser_fill_form', {
          fields: [{ ref: indexByLabel(again, 'radio', 'Pro'), value: false }],
        }),
      ),
    ).toMatch(/radio "Pro" is chosen; a radio button is unchecked by choosing another one of its group/);
    // A box already as asked is left alone.
    const same = await env.bridge.data('browser_fill_form', {
      fields: [
        { ref: indexByLabel(again, 'checkbox', 'Monthly newsletter'), value: true },
        // An option by its value, as well as by its label.
        { ref: indexByLabel(again, 'select', 'Country'), value: 'de' },
      ],
    });
    expect(same.result).toMatch(/checkbox "Monthly newsletter" is already checked\n.*Germany/);
    expect(textOf(await env.bridge.call('browser_fill_form', { fields: [{ ref: 999, value: 'x' }] }))).toMatch(
      /^ERROR: page\.act failed with \w+: .*Field 1 of 1: .*no element 999.*\. Nothing was filled\./,
    );
    // The page engine refuses an option the list lacks: the call stops there, after the fields before it.
    const stops = await env.bridge.call('browser_fill_form', {
      fields: [
        { ref: indexByLabel(again, 'textbox', 'Display name'), value: 'Grace' },
        { ref: indexByLabel(again, 'select', 'Country'), value: 'Atlantis' },
        { ref: indexByLabel(again, 'textbox', 'Email'), value: 'grace@example.org' },
      ],
    });
    expect(stops.isError).toBe(true);
    expect(textOf(stops)).toMatch(
      /^ERROR: page\.act failed with \w+: .*Field 2 of 3 failed: could not choose "Atlantis" in \[\d+\] select "Country": .*no option "Atlantis".* Fields 1–1 were filled/s,
    );
    expect(await summary()).toBe(
      'name: Grace; email: ada@example.org; country: de; plan: pro; newsletter: yes; remember: no',
    );
    await env.bridge.data('browser_navigate', { url: env.site.url('form.html') });
    expect(textOf(await env.bridge.call('browser_fill_form', { fields: [{ ref: 1, value: 'x' }] }))).toMatch(
      /its references no longer name elements\.\nNext step: Call browser_snapshot/,
    );
  });
}
