// The panel's bundle, built in memory as the build makes it: with the vendor patches applied
// (scripts/vendor-patches.mjs), nothing in it writes markup from a string into a document.
import { join } from 'node:path';
import * as esbuild from 'esbuild';
import { describe, expect, it } from 'vitest';
import { entriesFor, extensionBundle } from '../../scripts/bundles.mjs';

const root = process.cwd();

describe('the sidebar bundle', () => {
  it('has no way to insert raw HTML', { timeout: 60_000 }, async () => {
    const [source, name] = Object.entries(entriesFor('chrome')).find(([, out]) => out === 'sidebar.js') ?? [];
    if (!source || !name) throw new Error('no sidebar entry in the build');
    const built = await esbuild.build({
      ...extensionBundle(root, 'chrome', source, join(root, 'dist', 'chrome', name)),
      write: false,
    });
    // The entry and every chunk it loads on demand (the markdown renderer, the views, the ZIP writer).
    const code = built.outputFiles.map((file) => file.text).join('\n');
    // Clearing an element (Preact's `innerHTML = ""`) writes no markup; any other assignment could.
    expect(code).not.toMatch(/\.(innerHTML|outerHTML)\s*=(?!=)(?!\s*"")/);
    expect(code).not.toMatch(/insertAdjacentHTML|createContextualFragment|document\.write\(|srcdoc\s*=/);
    // Preact's one markup path is replaced by an error, so no component can use it by mistake.
    expect(code).toContain('dangerouslySetInnerHTML is disabled in Bosun');
  });
});
