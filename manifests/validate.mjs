// @ts-check
/**
 * Checks a generated manifest before it is written, so a broken overlay fails the build
 * instead of failing silently when a browser refuses to load the extension.
 */

/** @typedef {{ [key: string]: unknown }} JsonObject */

/** Keys that only one browser understands; the other browser warns or refuses to load them. */
export const BROWSER_ONLY_KEYS = {
  chrome: ['side_panel', 'minimum_chrome_version', 'key'],
  firefox: ['sidebar_action', 'browser_specific_settings'],
};
const BROWSER_ONLY_PERMISSIONS = { chrome: ['sidePanel'], firefox: [] };

/** @param {unknown} v @returns {v is JsonObject} */
const isObject = (v) => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * @param {JsonObject} manifest
 * @param {'chrome' | 'firefox'} target
 * @returns {string[]} problems; empty when the manifest is valid
 */
export function validateManifest(manifest, target) {
  const problems = [];
  const other = target === 'chrome' ? 'firefox' : 'chrome';
  if (manifest.manifest_version !== 3) problems.push('manifest_version must be 3');
  for (const key of ['name', 'description']) {
    if (typeof manifest[key] !== 'string' || manifest[key] === '') problems.push(`${key} must be a non-empty string`);
  }
  if (typeof manifest.version !== 'string' || !/^\d+(\.\d+){0,3}$/.test(manifest.version)) {
    problems.push('version must be 1 to 4 dot-separated integers');
  }
  for (const key of BROWSER_ONLY_KEYS[other]) {
    if (key in manifest) problems.push(`${key} is ${other}-only and must not be in the ${target} manifest`);
  }
  const permissions = Array.isArray(manifest.permissions) ? manifest.permissions : [];
  for (const permission of BROWSER_ONLY_PERMISSIONS[other]) {
    if (permissions.includes(permission)) problems.push(`permission ${permission} is ${other}-only`);
  }
  problems.push(...(target === 'chrome' ? chromeProblems(manifest) : firefoxProblems(manifest)));
  return problems;
}

/** @param {JsonObject} m */
function chromeProblems(m) {
  const problems = [];
  const bg = isObject(m.background) ? m.background : {};
  if (typeof bg.service_worker !== 'string') problems.push('chrome needs background.service_worker');
  if ('scripts' in bg) problems.push('chrome MV3 rejects background.scripts');
  if (!isObject(m.side_panel) || typeof m.side_panel.default_path !== 'string')
    problems.push('chrome needs side_panel.default_path');
  if (!(Array.isArray(m.permissions) && m.permissions.includes('sidePanel')))
    problems.push('chrome needs the sidePanel permission');
  return problems;
}

/** @param {JsonObject} m */
function firefoxProblems(m) {
  const problems = [];
  const bg = isObject(m.background) ? m.background : {};
  if (!Array.isArray(bg.scripts) || bg.scripts.length === 0) problems.push('firefox needs background.scripts');
  if ('service_worker' in bg) problems.push('firefox MV3 does not run background.service_worker');
  if (!isObject(m.sidebar_action) || typeof m.sidebar_action.default_panel !== 'string')
    problems.push('firefox needs sidebar_action.default_panel');
  const bss = isObject(m.browser_specific_settings) ? m.browser_specific_settings : {};
  const gecko = isObject(bss.gecko) ? bss.gecko : {};
  if (typeof gecko.id !== 'string') problems.push('firefox needs browser_specific_settings.gecko.id');
  if (typeof gecko.strict_min_version !== 'string') problems.push('firefox needs gecko.strict_min_version');
  if (!isObject(gecko.data_collection_permissions)) problems.push('firefox needs gecko.data_collection_permissions');
  return problems;
}

/**
 * Every file the manifest points at, so the build can check they were all emitted.
 * @param {JsonObject} m
 * @returns {string[]}
 */
export function referencedFiles(m) {
  /** @type {string[]} */
  const files = [];
  /** @param {unknown} v */
  const add = (v) => {
    if (typeof v === 'string') files.push(v);
    else if (Array.isArray(v)) v.forEach(add);
    else if (isObject(v)) Object.values(v).forEach(add);
  };
  add(m.icons);
  if (isObject(m.action)) add(m.action.default_icon);
  if (isObject(m.background)) add([m.background.service_worker, m.background.scripts]);
  if (isObject(m.side_panel)) add(m.side_panel.default_path);
  if (isObject(m.options_ui)) add(m.options_ui.page);
  if (isObject(m.sidebar_action)) add([m.sidebar_action.default_panel, m.sidebar_action.default_icon]);
  if (Array.isArray(m.content_scripts))
    for (const script of m.content_scripts) if (isObject(script)) add([script.js, script.css]);
  return [...new Set(files)];
}
