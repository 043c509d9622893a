/**
 * The test site, from the repository root: these scripts run bundled into node_modules/.cache, where
 * the fixtures' own `testSiteDir` (found from the module's address) names a folder that is not there.
 */
export const SITE_DIR = 'tests/fixtures/site';
