// @ts-check
/**
 * Builds a browser's manifest from the shared base and that browser's overlay.
 * Pure: no file system, no clock, so it is unit-tested and snapshotted.
 */

/** @typedef {{ [key: string]: unknown }} JsonObject */

/** @param {unknown} value @returns {value is JsonObject} */
const isObject = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Objects merge key by key, arrays are concatenated without duplicates (so an overlay adds
 * permissions instead of replacing the base list), anything else in the overlay wins.
 * @param {JsonObject} base
 * @param {JsonObject} overlay
 * @returns {JsonObject}
 */
export function mergeManifest(base, overlay) {
  /** @type {JsonObject} */
  const out = { ...base };
  for (const [key, value] of Object.entries(overlay)) {
    const current = out[key];
    if (isObject(current) && isObject(value)) out[key] = mergeManifest(current, value);
    else if (Array.isArray(current) && Array.isArray(value)) out[key] = [...new Set([...current, ...value])];
    else out[key] = value;
  }
  return out;
}

/**
 * @param {JsonObject} base
 * @param {JsonObject} overlay
 * @param {string} version the package version, so the version lives in one place
 * @returns {JsonObject}
 */
export function buildManifest(base, overlay, version) {
  const merged = mergeManifest(base, overlay);
  // Key order only matters to people reading dist/: keep the conventional head first.
  const { manifest_version, name, ...rest } = merged;
  return { manifest_version, name, version, ...rest };
}
