// browser_cookies and browser_storage: the working tab's site's cookies and its local and session
// storage. Reading is judged at 'read-only' on the tab's site (a blocked site is refused), and what
// was read is noted for Bosun's data-flow rule; an HttpOnly cookie's value, which the site's own
// scripts cannot read, is handed on only where the developer allowed it (--allow-httponly). Writing
// changes what the site sees of the person, so it goes through Bosun's policy at a higher level:
// cookies at 'submit' (the browser sends them to the site with every request, as if submitted;
// clearing them signs the person out), storage at 'interact' (it stays in the browser, where the
// site's own scripts read it, as a field's text does).
import * as v from 'valibot';
import { siteOf } from '../../policy/site';
import { BOOLEAN, INTEGER, STRING } from './browser-tool-parts';
import type { EngineTab } from '../engines/engine';
import { firstLine, ToolError } from '../server/errors';
import type { Cookie } from '../engines/site-data';
import type { LiveBrowser } from '../server/session';
import { NATIVE_TOOLS } from '../../src/abp/bridge-operations';
import { defineTool, objectSchema, type BridgeTool, type CallInfo } from '../server/tool';

/** The working tab's URL, which must be a site: about:blank and Bosun's pages have no cookies or storage of a site. */
async function siteUrl(tab: EngineTab): Promise<string> {
  const url = tab.url();
  if (!/^https?:/.test(url))
    throw new ToolError(
      `The working tab shows ${url}, which is no web site: it has no cookies or storage of its own.`,
      'Call browser_navigate with the http(s) URL of the site first.',
    );
  return Promise.resolve(url);
}

// RFC 6265: a cookie name is an HTTP token, a value cookie-octets (no spaces, quotes, commas, semicolons or backslashes).
const CookieName = v.pipe(
  v.string(),
  v.minLength(1, 'must not be empty'),
  v.maxLength(256),
  v.regex(/^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/, "must be a token (letters, digits and !#$%&'*+-.^_`|~)"),
);
const CookieValue = v.pipe(
  v.string(),
  v.maxLength(4096),
  v.regex(
    /^[\x21\x23-\x2B\x2D-\x3A\x3C-\x5B\x5D-\x7E]*$/,
    'may not hold spaces, quotes, commas, semicolons or backslashes',
  ),
);

const CookieAction = v.pipe(
  v.strictObject({
    action: v.picklist(['list', 'set', 'clear']),
    name: v.optional(v.pipe(CookieName, v.description("For 'set'; for 'clear', only this cookie (all if left out)"))),
    value: v.optional(v.pipe(CookieValue, v.description("For 'set'"))),
    path: v.optional(v.pipe(v.string(), v.regex(/^\/[^;\s]*$/, 'must start with /'), v.maxLength(1024)), '/'),
    expires: v.optional(
      v.pipe(v.number(), v.integer(), v.minValue(0), v.description('Seconds since 1970; a session cookie without it')),
    ),
    httpOnly: v.optional(v.boolean(), false),
    secure: v.optional(v.boolean(), false),
    sameSite: v.optional(v.picklist(['Strict', 'Lax', 'None']), 'Lax'),
  }),
  v.check(
    (a) => a.action !== 'set' || (a.name !== undefined && a.value !== undefined),
    "'set' needs a name and a value",
  ),
  v.check((a) => a.action === 'set' || a.value === undefined, "only 'set' takes a value"),
  v.check((a) => a.action !== 'list' || a.name === undefined, "'list' takes no name: it lists them all"),
  v.check((a) => a.sameSite !== 'None' || a.secure, "sameSite 'None' needs secure: true, as browsers require"),
);

const COOKIE = objectSchema({
  name: STRING,
  value: STRING,
  domain: STRING,
  path: STRING,
  expires: { type: 'number' },
  httpOnly: BOOLEAN,
  secure: BOOLEAN,
  sameSite: { enum: ['Strict', 'Lax', 'None'] },
});

/** Where --allow-httponly does not name the site, the value an HttpOnly cookie is shown with instead of its own. */
export const withheldValue = (site: string) =>
  `[withheld: an HttpOnly cookie, which the site keeps from scripts; start the bridge with --allow-httponly ${site} to read it]`;

/** The tab's site as Bosun's policy names it (127.0.0.1, example.com), or null for no site. */
export function siteOfUrl(url: string): string | null {
  const identity = siteOf(url);
  return identity.kind === 'site' ? identity.site : null;
}

/** The cookies as they may be handed on: HttpOnly values only on the sites the developer named. */
function shownCookies(cookies: Cookie[], url: string, httpOnlySites: ReadonlySet<string>): Cookie[] {
  const site = siteOfUrl(url) ?? url;
  if (httpOnlySites.has(site)) return cookies;
  return cookies.map((cookie) => (cookie.httpOnly ? { ...cookie, value: withheldValue(site) } : cookie));
}

/** What a tool read on the page, told to Bosun before the agent sees it. */
async function noteRead(browser: LiveBrowser, call: CallInfo, url: string, text: string): Promise<void> {
  await (await browser.abp()).noteRead(url, text, call);
}

const cookieWords = (cookies: Cookie[]) =>
  cookies.length === 0
    ? 'none'
    : cookies.map((c) => `${c.name}=${c.value.slice(0, 40)}${c.httpOnly ? ' (httpOnly)' : ''}`).join('; ');

/** browser_cookies, handing on HttpOnly values only on the sites given (as Bosun's policy names them). */
const browserCookies = (httpOnlySites: ReadonlySet<string>) =>
  defineTool({
    name: 'browser_cookies',
    title: 'Cookies',
    annotations: NATIVE_TOOLS.browser_cookies.annotations,
    outputSchema: objectSchema({ url: STRING, cookies: { type: 'array', items: COOKIE }, removed: INTEGER }, [
      'removed',
    ]),
    description:
      "The cookies the browser sends to the working tab's URL: list them, set one for the tab's host, or clear one or all of them. Listing asks Bosun's permission policy at level read-only, setting and clearing at level submit. An httpOnly cookie's value is withheld unless the bridge was started with --allow-httponly for the site.",
    params: CookieAction,
    permission: ({ action, name, value }) =>
      action === 'list'
        ? { operation: 'browser_cookies.read', summary: 'Read the cookies' }
        : {
            operation: 'browser_cookies.write',
            summary:
              action === 'set'
                ? `Set the cookie ${name}=${value?.slice(0, 100)}`
                : `Clear ${name === undefined ? 'every cookie' : `the cookie ${name}`}`,
          },
    async run({ action, name, value, ...rest }, browser, call) {
      const tab = await browser.tab();
      const url = await siteUrl(tab);
      const failed = (error: unknown): never => {
        throw new ToolError(
          `Could not ${action} cookies of ${url}: ${firstLine(error instanceof Error ? error.message : String(error))}.`,
          'Check the arguments, then call again.',
        );
      };
      let done = 'Cookies';
      let removed: number | undefined;
      if (action === 'set' && name !== undefined && value !== undefined) {
        await tab.cookies.set(url, { name, value, ...rest }).catch(failed);
        done = `Set the cookie ${name}`;
      } else if (action === 'clear') {
        removed = await tab.cookies.clear(url, name).catch(failed);
        done = `Cleared ${removed} cookie(s)`;
      }
      const cookies = shownCookies(await tab.cookies.list(url), url, httpOnlySites);
      await noteRead(browser, call, url, cookies.map((c) => `${c.name}=${c.value}`).join('\n'));
      return {
        summary: `${done}; ${url} gets: ${cookieWords(cookies)}`,
        data: { url, cookies, ...(removed === undefined ? {} : { removed }) },
      };
    },
  });

const StorageAction = v.pipe(
  v.strictObject({
    action: v.picklist(['read', 'set', 'clear']),
    kind: v.picklist(['local', 'session']),
    key: v.optional(
      v.pipe(v.string(), v.maxLength(1000), v.description("For 'set'; for 'read' and 'clear', only this key")),
    ),
    value: v.optional(v.pipe(v.string(), v.maxLength(1_000_000), v.description("For 'set'"))),
  }),
  v.check((a) => a.action !== 'set' || (a.key !== undefined && a.value !== undefined), "'set' needs a key and a value"),
  v.check((a) => a.action === 'set' || a.value === undefined, "only 'set' takes a value"),
);

export const browserStorage = defineTool({
  name: 'browser_storage',
  title: 'Local and session storage',
  annotations: NATIVE_TOOLS.browser_storage.annotations,
  outputSchema: objectSchema({
    url: STRING,
    kind: STRING,
    entries: { type: 'object', additionalProperties: STRING },
    removed: INTEGER,
  }),
  description:
    "The working tab's localStorage or sessionStorage (its origin's): read every entry or one key, set a key, or clear one key or all. Reading asks Bosun's permission policy at level read-only, setting and clearing at level interact.",
  params: StorageAction,
  permission: ({ action, kind, key, value }) =>
    action === 'read'
      ? { operation: 'browser_storage.read', summary: `Read ${kind}Storage` }
      : {
          operation: 'browser_storage.write',
          summary:
            action === 'set'
              ? `Set ${kind}Storage "${key}" to "${value?.slice(0, 100)}"`
              : `Clear ${key === undefined ? `all of ${kind}Storage` : `${kind}Storage "${key}"`}`,
        },
  async run({ action, kind, key, value }, browser, call) {
    const tab = await browser.tab();
    const url = await siteUrl(tab);
    const request =
      action === 'set' ? { op: action, kind, key: key ?? '', value: value ?? '' } : { op: action, kind, key };
    const answer = await tab.storage(request);
    if (answer.error !== undefined)
      throw new ToolError(
        `The page's ${kind}Storage refused: ${answer.error}.`,
        'The site cannot store data here (storage turned off, a sandboxed page, or its quota is full).',
      );
    await noteRead(
      browser,
      call,
      url,
      Object.entries(answer.entries)
        .map(([k, val]) => `${k}=${val}`)
        .join('\n'),
    );
    const count = Object.keys(answer.entries).length;
    const summary =
      action === 'set'
        ? `Set ${kind}Storage "${key}"`
        : action === 'clear'
          ? `Removed ${answer.removed} ${kind}Storage entr${answer.removed === 1 ? 'y' : 'ies'}`
          : `${count} ${kind}Storage entr${count === 1 ? 'y' : 'ies'}${key === undefined ? '' : ` for "${key}"`}`;
    return { summary: `${summary} on ${new URL(url).origin}`, data: { url, kind, ...answer } };
  },
});

/** The site-data tools; `httpOnlySites` are the sites whose HttpOnly cookie values may be read (--allow-httponly). */
export const siteDataTools = (httpOnlySites: readonly string[]): readonly BridgeTool[] => [
  browserCookies(new Set(httpOnlySites)),
  browserStorage,
];
