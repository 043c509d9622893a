/**
 * Unit tests render the sidebar with the real _locales/en/messages.json: this gives them the
 * `browser.i18n.getMessage` of an extension page (positional `$1`…`$9`, `$$` for a dollar sign),
 * reading that file, so a component shows exactly the text the extension shows.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

// A string, not a URL object: jsdom's URL class is not the one node:url accepts.
const file = join(dirname(fileURLToPath(import.meta.url)), '../../../_locales/en/messages.json');
const messages = new Map(
  Object.entries(JSON.parse(readFileSync(file, 'utf8')) as Record<string, { message: string }>).map(
    ([name, { message }]) => [name.toLowerCase(), message],
  ),
);

/** As the browsers do it: an unknown name gives '', a missing substitution gives ''. */
export function getMessage(name: string, substitutions: string | string[] = []): string {
  const message = messages.get(name.toLowerCase());
  if (message === undefined) return '';
  const values = Array.isArray(substitutions) ? substitutions : [substitutions];
  return message.replace(/\$(\$|[1-9])/g, (_, which: string) =>
    which === '$' ? '$' : (values[Number(which) - 1] ?? ''),
  );
}

// webextension-polyfill hands out `globalThis.browser` as it is when it looks like an extension's.
const runtime = { id: 'bosun-unit-tests' };
Object.assign(globalThis, {
  chrome: { runtime },
  browser: { runtime, i18n: { getMessage, getUILanguage: () => 'en' } },
});
