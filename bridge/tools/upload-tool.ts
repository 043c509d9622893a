// browser_upload: files from the machine the bridge runs on into a page's <input type=file>, with
// the browser's own file setting (Playwright's setInputFiles in Chromium, BiDi input.setFiles in
// Firefox), so the page gets the input and change events a file chooser gives.
import { statSync } from 'node:fs';
import { basename, isAbsolute } from 'node:path';
import * as v from 'valibot';
import { ACTION_TIMEOUT_MS, assertWebPage, INTEGER, Selector, STRING } from './browser-tool-parts';
import { firstLine, ToolError } from '../server/errors';
import type { ElementTarget } from '../engines/engine';
import { markByRef } from './marked-element';
import { oneTarget, Ref } from './ref-tools';
import { NATIVE_TOOLS } from '../../src/abp/bridge-operations';
import { defineTool, objectSchema } from '../server/tool';

/** Why a path cannot be uploaded, or null: it must name an existing regular file by its absolute path. */
export function pathProblem(path: string): string | null {
  if (!isAbsolute(path)) return `${path} is not an absolute path`;
  try {
    const stat = statSync(path);
    return stat.isFile() ? null : `${path} is not a regular file`;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'ENOENT' ? `${path} does not exist` : `${path} cannot be read (${code ?? 'unknown error'})`;
  }
}

const FilePath = v.pipe(
  v.string(),
  v.minLength(1, 'must not be empty'),
  v.maxLength(4096),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const problem = pathProblem(dataset.value);
    if (problem) addIssue({ message: problem });
  }),
);

const size = (bytes: number) =>
  bytes < 1024
    ? `${bytes} B`
    : bytes < 1024 ** 2
      ? `${(bytes / 1024).toFixed(1)} kB`
      : `${(bytes / 1024 ** 2).toFixed(1)} MB`;

export const browserUpload = defineTool({
  name: 'browser_upload',
  title: 'Upload files',
  annotations: NATIVE_TOOLS.browser_upload.annotations,
  outputSchema: objectSchema({
    url: STRING,
    target: STRING,
    files: { type: 'array', items: objectSchema({ name: STRING, size: INTEGER, type: STRING }) },
  }),
  description:
    "Set the files of an <input type=file> on the working tab from absolute paths on the machine the bridge runs on, as choosing them in the file chooser would: element `ref` of the last browser_snapshot (a file picker, or the styled label standing for a hidden one), or the first input matching a CSS selector (it may be hidden). Asks Bosun's permission policy first (level interact). Answers the files the page then holds.",
  params: v.pipe(
    v.strictObject({
      ref: v.optional(Ref),
      selector: v.optional(Selector),
      paths: v.pipe(
        v.array(FilePath),
        v.minLength(1, 'give at least one file'),
        v.maxLength(20),
        v.description('Absolute paths of existing regular files'),
      ),
    }),
    oneTarget(),
  ),
  permission: ({ selector, ref, paths }) => ({
    operation: 'browser_upload.set',
    summary: `Upload ${paths.map((p) => `"${basename(p)}" (${size(statSync(p).size)})`).join(', ')} to ${selector ?? `element [${ref}] of the snapshot`}`,
  }),
  async run({ selector, ref, paths }, browser, call) {
    const tab = await browser.tab();
    assertWebPage(tab);
    // By reference, Bosun's page engine names the element it listed (a styled label: its hidden input).
    const target: ElementTarget =
      ref === undefined ? { selector: selector ?? '' } : { mark: await markByRef(browser, call, ref), part: 'control' };
    const named = ref === undefined ? (selector ?? '') : `[${ref}]`;
    const files = await tab.uploadFiles(target, paths, ACTION_TIMEOUT_MS).catch((error: unknown) => {
      const message = firstLine(error instanceof Error ? error.message : String(error));
      if (/Timeout \d+ms exceeded|Waiting failed/i.test(message))
        throw new ToolError(
          `Could not upload files to ${named}: no element matched within ${ACTION_TIMEOUT_MS / 1000} s.`,
          'Check the selector (browser_eval with document.querySelectorAll), or take a snapshot to see the page.',
          { target: named },
        );
      throw new ToolError(
        `Could not upload files to ${named}: ${message}.`,
        ref === undefined
          ? 'Fix the selector, then call again.'
          : 'Take a new snapshot and give the reference of a file picker (role file).',
        { target: named },
      );
    });
    return {
      summary: `${named} now holds ${files.map((f) => `"${f.name}" (${size(f.size)})`).join(', ')}`,
      data: { url: tab.url(), target: named, files },
    };
  },
});
