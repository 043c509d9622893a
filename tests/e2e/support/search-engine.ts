import type { BrowserName } from '../harness';

/**
 * Each test browser's own default search engine in a fresh profile (no test sets it): the host its
 * results page is on, and the site Bosun's questions name for it. Tests that search compare against
 * these, so a search asked about any other site fails them.
 */
export const DEFAULT_ENGINE: Record<BrowserName, { host: string; site: string }> = {
  chromium: { host: 'duckduckgo.com', site: 'duckduckgo.com' },
  firefox: { host: 'www.google.com', site: 'google.com' },
};
