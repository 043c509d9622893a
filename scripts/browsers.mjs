// @ts-check
/** Where the system browsers are; CHROMIUM_PATH and FIREFOX_PATH override the Debian paths. */
export const BROWSERS = {
  chromium: { name: 'Chromium', path: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', debianPackage: 'chromium' },
  firefox: { name: 'Firefox', path: process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr', debianPackage: 'firefox-esr' },
};

/** espeak-ng speaks the sentence the voice tests feed to Chromium's fake microphone. */
export const SPEECH_SYNTHESIZER = {
  name: 'espeak-ng',
  path: process.env.ESPEAK_PATH ?? '/usr/bin/espeak-ng',
  debianPackage: 'espeak-ng',
};

/** A virtual X display and a tool that clicks and types on it: the Chromium context-menu tests run a headed browser there. */
export const VIRTUAL_DISPLAY_TOOLS = [
  { name: 'Xvfb', path: '/usr/bin/Xvfb', debianPackage: 'xvfb' },
  { name: 'xdotool', path: '/usr/bin/xdotool', debianPackage: 'xdotool' },
];
