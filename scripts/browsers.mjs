// @ts-check
/** Where the system browsers are; CHROMIUM_PATH and FIREFOX_PATH override the Debian paths. */
export const BROWSERS = {
  chromium: { name: 'Chromium', path: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', debianPackage: 'chromium' },
  firefox: { name: 'Firefox', path: process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr', debianPackage: 'firefox-esr' },
};
