// @ts-check
/**
 * What each bundle costs to load, gzipped, next to its budget: an entry and the chunks it imports
 * statically (what loads with it); chunks it imports with `import()` load on demand and count apart.
 * Shared by the unit test that fails over budget (tests/unit/bundle-sizes.test.ts).
 */
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join, relative } from 'node:path';
import * as esbuild from 'esbuild';
import { entriesFor, extensionBundle } from './bundles.mjs';
import { packageDirOf } from './notices.mjs';

const KB = 1000;

/**
 * Gzipped budgets, in bytes; `name (target)` is one browser's own budget for that bundle. The sidebar and what sits in every page are the targets;
 * the others are ceilings a little above today's size, so growth is a decision, not an accident.
 */
/** @type {Record<string, number>} */
export const BUDGETS = {
  /**
   * Every page the person visits: the manifest's content scripts (the page-world script: the handler
   * recorder, the dialog stand-in and the shadow-host finder; and the isolated script that gives it its
   * private channel).
   */
  'every page': 15 * KB,
  /**
   * Raised from 60 KB for every tool's plain name, the docked question and critical questions' own look,
   * then for plan first: the plan card (Go, Edit, ask at each step) and its Settings switch, then to
   * 66 KB for Settings' one draft and Save, the Library's stored-copy citations and the attached agents' list,
   * then to 66.5 KB for following a streaming answer only while the person is at the end of the chat.
   */
  'sidebar.js': 66.5 * KB,
  /**
   * Raised from 40 KB for trusted input's path (asking the background to press, the frame offset, the
   * reply's check), then to 43 KB for describing the focused element to the gate, a form's default
   * button, get_page_content's parts and a native slider's drag, then to 44 KB for the walk's TreeWalker
   * and its questions to the page-world script (which spare Firefox a read of every element), then to
   * 45.5 KB for the check, right before each trusted press, that it lands on what was approved, then
   * to 46.5 KB for typing key by key (keydown, keypress, beforeinput, input, keyup per character), then
   * to 48 KB for apps' items and hands: a delegating list's items, a label's own handler, the hit test
   * that lands events where a pointer would, hover-only controls (reading `:hover` rules, applying
   * them under Bosun's pointer) and naming unnamed controls by their class, then to 50 KB for fill_form's
   * fields by index or selector checked before any is touched, the outline's label and keeping the
   * element a bridge reference names in the content script's own world, then to 54 KB for the states and
   * names a screen reader gives (a div combobox's value, tree grid rows, slider handles, unnamed controls'
   * places and image files), calendar days named as dates and drags that land where a pointer would,
   * then to 55.5 KB for sections the page leaves unrendered judged from their style (so a read lays
   * nothing out), read_page's repeated addresses written once as references, a PDF tab reported as
   * one, and the relay to the tools a page declares, then to 56 KB for a walk that stops where its listing's
   * budget is full and goes on for the next part (kept, then let go), and an action's one reading of the
   * element's box and hit test handed to the press, then to 56.5 KB for a part after a heading walked
   * from the heading (its entries take the next indices), not from the page's start, then to 57 KB for a
   * reading let go whole when its task ends, and the answer to an index from it.
   */
  'content.js': 57 * KB,
  'reader.js': 36 * KB,
  /**
   * Raised from 200 KB for trusted input's typing and HTML5 drag, and the crawl's offscreen document
   * client, then to 205 KB for the agent step's writes that go on beside the next step and its tab facts,
   * then for the data-flow rule and the one catalogue (each tool's annotations and ABP surface, the gate's
   * declared operations), every task's scope (a workflow step's plan, ABP's task), a click's destination,
   * recall bound to the conversation's own readings, and the check before each trusted press, then to
   * 217 KB for a chat task's plan (propose_plan, the plan's scope and grants, the plan question), then to
   * 219 KB for lasting answers by level, the outline's labels and the bridge's page actions described
   * from the one catalogue, then to 221 KB for read_pdf (its page ranges, search and the reader's answer checked),
   * then to 225 KB for the native link to attached agents (their sessions, tabs and messages checked),
   * then to 226.5 KB for PDFs as sources (a crawl's PDFs, their pages in Library results and research
   * citations, read_page on a PDF tab, the offscreen document held by each user), then to 227 KB for the
   * tools pages declare (list_page_tools, call_page_tool and their level), then to 237.5 KB for files and tabs as a
   * message's context, schedules
   * (alarms, unattended runs, missed runs), Run again (the trace, matching by role and label) and a task
   * per conversation, then to 239 KB for the hand-over (ask_person and its wait) and tabs shared with an attached agent,
   * then to 239.5 KB for each task's tabs in a tab group of its own (named, and marked when the task ends),
   * then to 248.5 KB for the browser's built-in model (its detection, titles, task scopes and page summaries
   * from it, the setting), the running-task board, scheduled chat tasks and a background stop's record,
   * then to 250.5 KB for research runs run again without the model (each step's trace replayed through the
   * gate), the browser session's start (a missed run says so) and the step's page in the status bar, then
   * to 252 KB for tasks side by side beyond the chat: an ABP run's tab group, ABP calls' and attached
   * agents' holds on the task board, the scheduled chat's gate check, Firefox's container, then to 253 KB
   * for research runs side by side (runs kept by id, the one saved run of before moved, dropped runs said),
   * then to 254 KB for a step's records held for one commit, a removed container let go of, and a scheduled
   * chat recorded before its start tab opens, then to 254.5 KB for a new tab's blank page awaited before it
   * is navigated and an ended task's readings let go, then to 255 KB for readings a later reading of the
   * same page replaces, sent to the model as a note, then to 255.5 KB for their listing parts, and the
   * readings of an ABP connection let go when it ends, then to 256 KB for research runs' pages kept apart
   * from their records (and moved out of the records an earlier version saved).
   */
  'background.js': 256 * KB,
  /**
   * Firefox's background page reads crawled pages itself: it carries the reader (Readability and the
   * markdown writer). Raised from 245 KB for a chat task's plan, lasting answers by level and the
   * outline's labels, as background.js, then to 251 KB for read_pdf, as background.js, then to 257 KB for
   * the native link, as background.js, and the reader's open dialogs and calendar dates, then to 258.5 KB
   * for PDFs as sources, as background.js, then to 259 KB for the tools pages declare, then to 270 KB for
   * files and tabs as context, schedules, Run again and a task per conversation, then to 271.5 KB for the
   * hand-over and shared tabs, then to 272 KB for each task's tab group, then to 280.5 KB for the built-in
   * model, the running-task board, scheduled chat tasks and a background stop's record, then to 282.5 KB
   * for research runs run again, the session's start and the step's page, then to 284 KB for tasks side by
   * side beyond the chat, then to 285 KB for research runs side by side, then to 286 KB for a step's held
   * records, a removed container and a scheduled chat's early record, as background.js, then to 286.5 KB
   * for a new tab's blank page awaited before it is navigated, then to 287 KB for judged labels and
   * messages remembered (a step's judging and drawing asked for them again each time), then to 287.5 KB for
   * replaced readings sent as a note, then to 288 KB for their listing parts and an ABP connection's
   * readings let go when it ends, as background.js.
   */
  'background.js (firefox)': 288 * KB,
  /** Raised from 12 KB for the ABP responses' schemas, which now describe the bridge's page actions too. */
  'abp-app.js': 12.5 * KB,
  /** Chrome only: the reader (Readability and the markdown writer) that parses crawled pages without a tab. */
  'offscreen.js': 47 * KB,
  /**
   * Loaded only when a PDF is read (by Firefox's background page, Chrome's offscreen document): pdf.js's
   * document layer and Bosun's text extraction, and pdf.js's worker, which parses the PDF.
   */
  'pdf-reader.js': 165 * KB,
  'pdf.worker.js': 455 * KB,
  'microphone.js': 7 * KB,
  'welcome.js': 7 * KB,
  /**
   * Raised from 2 KB for the shadow-host finder, which spares the snapshot a read of every element in
   * Firefox, then to 3.5 KB for the private channel, the built-ins taken before the page can replace
   * them and the stand-ins that look like built-ins, then to 3.7 KB for the elements React 17+ handles
   * at its root (found in their `__reactProps$…`), then to 5.5 KB for the tools a page declares for
   * agents (WebMCP: the draft's agent side and its `<form toolname>`), read and called here, then to
   * 5.8 KB for shadow hosts noted as their roots are attached, so a reading does not walk the page for them.
   */
  'page-handlers.js': 5.8 * KB,
  /** The isolated end of the private channel (and in Firefox, its hand-over from a frame to its parent). */
  'page-channel.js': 1 * KB,
};

/**
 * @typedef {{ name: string, gzip: number, budget: number | undefined, onDemand: { file: string, gzip: number }[],
 *   packages: Map<string, Set<string>> }} BundleSize
 */

/**
 * Builds every entry of `target` in memory and measures it.
 * @param {string} root @param {'chrome' | 'firefox'} target @returns {Promise<BundleSize[]>}
 */
export async function measureBundles(root, target) {
  const out = join(root, 'dist', target);
  const sizes = [];
  for (const [source, name] of Object.entries(entriesFor(target))) {
    const result = await esbuild.build({ ...extensionBundle(root, target, source, join(out, name)), write: false });
    const gz = new Map(result.outputFiles.map((file) => [file.path, gzipSync(file.contents, { level: 9 }).length]));
    const outputs = result.metafile.outputs;
    const key = (/** @type {string} */ path) => join(root, path);
    // A chunk loaded by `import()` is an entry point of the metafile too: the entry is the one built from `source`.
    const entry = Object.keys(outputs).find((path) => outputs[path]?.entryPoint?.endsWith(source));
    if (!entry) throw new Error(`${source}: no entry output`);
    // What loads with the entry: it and, transitively, what it imports statically.
    const loaded = new Set([entry]);
    for (const path of loaded) {
      for (const imported of outputs[path]?.imports ?? []) {
        if (imported.kind === 'import-statement') loaded.add(imported.path);
      }
    }
    /** @type {Map<string, Set<string>>} package name → the folders it was bundled from */
    const packages = new Map();
    for (const output of Object.values(outputs)) {
      for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
        const dir = packageDirOf(root, input);
        if (dir === null || bytesInOutput === 0) continue;
        const pkg = dir.split(/node_modules[\\/]/).at(-1) ?? dir;
        packages.set(pkg, (packages.get(pkg) ?? new Set()).add(dir));
      }
    }
    const sum = (/** @type {Iterable<string>} */ paths) =>
      [...paths].reduce((total, path) => total + (gz.get(key(path)) ?? 0), 0);
    const onDemand = Object.keys(outputs)
      .filter((path) => !loaded.has(path) && !path.endsWith('.map'))
      .map((path) => ({ file: relative(out, key(path)).split('\\').join('/'), gzip: sum([path]) }));
    sizes.push({
      name,
      gzip: sum(loaded),
      budget: BUDGETS[`${name} (${target})`] ?? BUDGETS[name],
      onDemand,
      packages,
    });
  }
  return sizes;
}

/**
 * The scripts the browser puts into every page (the manifest's content scripts), whether Bosun ever works there or not.
 * @param {string} root @returns {string[]}
 */
export function everyPageScripts(root) {
  /** @type {{ content_scripts?: { js?: string[] }[] }} */
  const base = JSON.parse(readFileSync(join(root, 'manifests/base.json'), 'utf8'));
  return (base.content_scripts ?? []).flatMap((script) => script.js ?? []);
}

/**
 * Each bundle's row, then one row for what every page loads (the sum of `everyPage`'s bundles), with their budgets.
 * @param {BundleSize[]} sizes @param {string[]} everyPage
 * @returns {{ name: string, gzip: number, budget: number | undefined }[]}
 */
export function budgetRows(sizes, everyPage) {
  const inPages = sizes.filter((s) => everyPage.includes(s.name)).reduce((sum, s) => sum + s.gzip, 0);
  return [
    ...sizes.map((s) => ({ name: s.name, gzip: s.gzip, budget: s.budget })),
    { name: `every page (${everyPage.join(', ')})`, gzip: inPages, budget: BUDGETS['every page'] },
  ];
}

/**
 * Packages bundled from more than one folder into one bundle (two copies of a library): bundle, package and folders.
 * @param {BundleSize[]} sizes @returns {{ bundle: string, pkg: string, dirs: string[] }[]}
 */
export function duplicatePackages(sizes) {
  return sizes.flatMap((s) =>
    [...s.packages]
      .filter(([, dirs]) => dirs.size > 1)
      .map(([pkg, dirs]) => ({ bundle: s.name, pkg, dirs: [...dirs] })),
  );
}

/** @param {number} bytes */
export const kb = (bytes) => `${(bytes / KB).toFixed(1)} KB`;
