// Real files uploaded into a file input.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { textOf } from '../support/bridge';
import { indexByLabel } from '../support/listing';
import type { BridgeEnv } from './env';

export function upload(env: BridgeEnv): void {
  it('uploads real files into a file input, hidden behind its label or not, and refuses paths it cannot read', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'bosun-upload-'));
    try {
      const picture = join(dir, 'portrait.png');
      await writeFile(picture, Buffer.alloc(1234, 7));
      const notes = join(dir, 'notes.txt');
      await writeFile(notes, 'Meeting notes\n');
      await env.bridge.data('browser_navigate', { url: env.site.url('account.html') });
      const uploaded = await env.bridge.call('browser_upload', { selector: '#avatar', paths: [picture] });
      expect(textOf(uploaded)).toMatch(/^SUCCESS: #avatar now holds "portrait\.png" \(1\.2 kB\)/);
      expect(uploaded.structuredContent).toEqual({
        url: env.site.url('account.html'),
        target: '#avatar',
        files: [{ name: 'portrait.png', size: 1234, type: 'image/png' }],
      });
      const shown = async (id: string) =>
        (await env.bridge.data('browser_eval', { expression: `document.getElementById('${id}').textContent` })).value;
      expect(await shown('avatar-info')).toBe('Picture: portrait.png (1234 bytes, image/png)');
      // By reference: the page engine lists the styled picker and the plain one; both take files.
      const form = (await env.bridge.data('browser_snapshot')).snapshot as string;
      const byRef = await env.bridge.data('browser_upload', {
        ref: indexByLabel(form, 'file', 'Documents'),
        paths: [notes, picture],
      });
      expect(byRef).toMatchObject({ target: `[${indexByLabel(form, 'file', 'Documents')}]` });
      expect(await shown('attachments-info')).toBe(
        'Documents: notes.txt (14 bytes, text/plain), portrait.png (1234 bytes, image/png)',
      );
      await env.bridge.data('browser_upload', { ref: indexByLabel(form, 'file', 'Choose a picture'), paths: [notes] });
      expect(await shown('avatar-info')).toBe('Picture: notes.txt (14 bytes, text/plain)');
      expect(
        textOf(
          await env.bridge.call('browser_upload', { ref: indexByLabel(form, 'textbox', 'Email'), paths: [notes] }),
        ),
      ).toMatch(
        /^ERROR: Could not upload files to \[\d+\]: <input#email> is not an <input type=file>.*\nNext step: Take a new snapshot/s,
      );
      await env.bridge.data('browser_upload', { selector: '#avatar', paths: [picture] });

      expect(textOf(await env.bridge.call('browser_upload', { selector: '#avatar', paths: [picture, notes] }))).toBe(
        'ERROR: Could not upload files to #avatar: <input#avatar> takes one file (it has no multiple attribute), not 2.\nNext step: Fix the selector, then call again.',
      );
      expect(textOf(await env.bridge.call('browser_upload', { selector: '#email', paths: [notes] }))).toMatch(
        /^ERROR: Could not upload files to #email: <input#email> is not an <input type=file>/,
      );
      const invalid = async (paths: string[]) =>
        textOf(await env.bridge.call('browser_upload', { selector: '#avatar', paths }));
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

  it('a page script that moves whatever is put on its elements cannot turn an upload or a picture by reference elsewhere', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'bosun-upload-'));
    try {
      const picture = join(dir, 'portrait.png');
      await writeFile(picture, Buffer.alloc(1234, 7));
      await env.bridge.data('browser_navigate', { url: env.site.url('account.html') });
      // The page's own script: any attribute set on an element moves at once to a decoy, the form's other
      // file input or the larger card around the button, before the browser acts.
      await env.bridge.data('browser_eval', {
        expression: `new MutationObserver((records) => {
            for (const { target, attributeName } of records) {
              const value = target.getAttribute(attributeName);
              const decoy = document.getElementById(target.closest('form') ? 'attachments' : 'plan-card');
              if (value === null || target === decoy) continue;
              target.removeAttribute(attributeName);
              decoy.setAttribute(attributeName, value);
            }
          }).observe(document.body, { attributes: true, subtree: true });`,
      });
      const listing = (await env.bridge.data('browser_snapshot')).snapshot as string;
      await env.bridge.data('browser_upload', {
        ref: indexByLabel(listing, 'file', 'Choose a picture'),
        paths: [picture],
      });
      const shown = async (expression: string) => (await env.bridge.data('browser_eval', { expression })).value;
      expect(await shown(`document.getElementById('avatar-info').textContent`)).toBe(
        'Picture: portrait.png (1234 bytes, image/png)',
      );
      expect(await shown(`document.getElementById('attachments').files.length`)).toBe(0);
      const button = await env.bridge.data('browser_screenshot', { ref: indexByLabel(listing, 'button', 'Upgrade') });
      expect(button.width).toBe(160);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
}
