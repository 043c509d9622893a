import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildManifest, mergeManifest } from '../../manifests/merge.mjs';
import { BROWSER_ONLY_KEYS, referencedFiles, validateManifest } from '../../manifests/validate.mjs';

const read = (path: string) => JSON.parse(readFileSync(path, 'utf8'));
const base = read('manifests/base.json');
const overlays = { chrome: read('manifests/chrome.json'), firefox: read('manifests/firefox.json') };
const built = (target: 'chrome' | 'firefox') => buildManifest(base, overlays[target], '1.2.3');

describe('mergeManifest', () => {
  it('merges objects key by key, overlay scalars win', () => {
    expect(mergeManifest({ a: { b: 1, c: 2 }, d: 'x' }, { a: { c: 3 }, d: 'y' })).toEqual({
      a: { b: 1, c: 3 },
      d: 'y',
    });
  });
  it('concatenates arrays without duplicates, so overlays add permissions', () => {
    expect(mergeManifest({ permissions: ['storage', 'tabs'] }, { permissions: ['tabs', 'sidePanel'] })).toEqual({
      permissions: ['storage', 'tabs', 'sidePanel'],
    });
  });
  it('does not modify its inputs', () => {
    const left = { a: { b: [1] } };
    mergeManifest(left, { a: { b: [2] } });
    expect(left).toEqual({ a: { b: [1] } });
  });
  it('puts the version from package.json in, so it lives in one place', () => {
    expect(built('chrome').version).toBe('1.2.3');
    expect(base.version).toBeUndefined();
  });
});

describe('generated manifests', () => {
  it.each(['chrome', 'firefox'] as const)('%s manifest is valid', (target) => {
    expect(validateManifest(built(target), target)).toEqual([]);
  });
  it.each(['chrome', 'firefox'] as const)('%s manifest matches its snapshot', async (target) => {
    await expect(`${JSON.stringify(built(target), null, 2)}\n`).toMatchFileSnapshot(
      `__snapshots__/manifest.${target}.json`,
    );
  });
  it('chrome opens a side panel from a service worker, and the command opens it', () => {
    const m = built('chrome');
    expect(m.background).toEqual({ service_worker: 'background.js' });
    expect(m.side_panel).toEqual({ default_path: 'sidebar.html' });
    expect(m.permissions).toContain('sidePanel');
    expect(Object.keys(m.commands as object)).toEqual(['_execute_action']);
  });
  it('firefox has an event page, a sidebar, a fixed id and the data collection declaration', () => {
    const m = built('firefox') as {
      background: unknown;
      sidebar_action: { default_panel: string };
      browser_specific_settings: { gecko: Record<string, unknown> };
      commands: object;
    };
    expect(m.background).toEqual({ scripts: ['background.js'] });
    expect(m.sidebar_action.default_panel).toBe('sidebar.html');
    expect(m.browser_specific_settings.gecko).toMatchObject({
      id: expect.stringContaining('@'),
      strict_min_version: expect.any(String),
      data_collection_permissions: {
        // Page text and addresses go to the model provider the person chose; so do voice recordings, when they speak.
        required: ['websiteContent', 'browsingActivity', 'personallyIdentifyingInfo'],
      },
    });
    expect(Object.keys(m.commands)).toEqual(['_execute_sidebar_action']);
  });
  it('the base manifest holds no browser-only key', () => {
    for (const key of [...BROWSER_ONLY_KEYS.chrome, ...BROWSER_ONLY_KEYS.firefox, 'background', 'commands']) {
      expect(base).not.toHaveProperty(key);
    }
  });
  it('lists every file a manifest refers to', () => {
    expect(referencedFiles(built('firefox'))).toEqual(
      expect.arrayContaining(['icons/icon-128.png', 'background.js', 'sidebar.html']),
    );
  });
});

describe('validateManifest refuses broken manifests', () => {
  const cases: [string, 'chrome' | 'firefox', (m: Record<string, unknown>) => void, RegExp][] = [
    ['a Firefox key in Chrome', 'chrome', (m) => (m.sidebar_action = {}), /sidebar_action is firefox-only/],
    ['a Chrome key in Firefox', 'firefox', (m) => (m.side_panel = { default_path: 'x' }), /side_panel is chrome-only/],
    ['background scripts in Chrome', 'chrome', (m) => (m.background = { scripts: ['a.js'] }), /service_worker/],
    [
      'a service worker in Firefox',
      'firefox',
      (m) => (m.background = { service_worker: 'a.js' }),
      /background.scripts/,
    ],
    ['no gecko id', 'firefox', (m) => (m.browser_specific_settings = { gecko: {} }), /gecko.id/],
    ['a bad version', 'chrome', (m) => (m.version = '1.0-beta'), /version/],
    ['manifest v2', 'firefox', (m) => (m.manifest_version = 2), /manifest_version/],
    [
      'the sidePanel permission in Firefox',
      'firefox',
      (m) => (m.permissions = ['sidePanel']),
      /sidePanel is chrome-only/,
    ],
  ];
  it.each(cases)('%s', (_name, target, breakIt, problem) => {
    const manifest = structuredClone(built(target));
    breakIt(manifest);
    expect(validateManifest(manifest, target).join('\n')).toMatch(problem);
  });
});
