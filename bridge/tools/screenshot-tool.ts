// browser_screenshot: the working tab's viewport, the whole page, or one element, as a PNG.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import * as v from 'valibot';
import { ACTION_TIMEOUT_MS, actionError, INTEGER, pngSize, Selector, STRING } from './browser-tool-parts';
import type { ElementTarget, EngineTab } from '../engines/engine';
import { markByRef } from './marked-element';
import { Ref } from './ref-tools';
import type { LiveBrowser } from '../server/session';
import { NATIVE_TOOLS } from '../../src/abp/bridge-operations';
import { defineTool, objectSchema, type CallInfo } from '../server/tool';

/** A PNG of one element: by a selector, or by a reference the page engine names for the engine to take. */
async function elementPicture(
  browser: LiveBrowser,
  call: CallInfo,
  page: EngineTab,
  { selector, ref }: { selector?: string; ref?: number },
): Promise<Buffer> {
  const target: ElementTarget =
    ref === undefined ? { selector: selector ?? '' } : { mark: await markByRef(browser, call, ref), part: 'element' };
  try {
    return await page.elementScreenshot(target, ACTION_TIMEOUT_MS);
  } catch (error) {
    throw actionError('take a screenshot of', ref === undefined ? (selector ?? '') : `[${ref}]`, error);
  }
}

export const browserScreenshot = defineTool({
  name: 'browser_screenshot',
  title: 'Screenshot',
  annotations: NATIVE_TOOLS.browser_screenshot.annotations,
  outputSchema: objectSchema({ url: STRING, width: INTEGER, height: INTEGER, bytes: INTEGER, path: STRING }, ['path']),
  description:
    "A PNG screenshot of the working tab's viewport (or the whole page, or just the first element matching a selector), returned as an image; optionally also saved to a file.",
  params: v.pipe(
    v.strictObject({
      selector: v.optional(v.pipe(Selector, v.description('Only this element (scrolled into view)'))),
      ref: v.optional(Ref),
      path: v.optional(
        v.pipe(
          v.string(),
          v.trim(),
          v.regex(/\.png$/i, 'must end in .png'),
          v.description("Also save the PNG here (relative paths are from the bridge's working directory)"),
        ),
      ),
      fullPage: v.optional(v.boolean(), false),
    }),
    v.check(
      (a) => [a.fullPage === true, a.selector !== undefined, a.ref !== undefined].filter(Boolean).length < 2,
      'give one of ref, selector or fullPage',
    ),
  ),
  async run({ path, fullPage, selector, ref }, browser, call) {
    const page = await browser.tab();
    const png =
      selector === undefined && ref === undefined
        ? await page.screenshot(fullPage)
        : await elementPicture(browser, call, page, { selector, ref });
    let saved: string | undefined;
    if (path !== undefined) {
      saved = resolve(path);
      await mkdir(dirname(saved), { recursive: true });
      await writeFile(saved, png);
    }
    const data = { url: page.url(), ...pngSize(png), bytes: png.length, ...(saved ? { path: saved } : {}) };
    return {
      summary: `Screenshot of ${selector ?? (ref === undefined ? page.url() : `[${ref}]`)} (${data.width}×${data.height})${saved ? `, saved to ${saved}` : ''}`,
      data,
      image: { base64: png.toString('base64'), mimeType: 'image/png' },
    };
  },
});
