import type { BrowserContext } from 'playwright-core';
import type { Cookie, NewCookie, SiteCookies } from './site-data';

/** The site's cookies in Chromium, through Playwright's context (CDP Storage), httpOnly ones included. */
export function chromiumCookies(context: BrowserContext): SiteCookies {
  const list = async (url: string): Promise<Cookie[]> =>
    (await context.cookies(url)).map(({ name, value, domain, path, expires, httpOnly, secure, sameSite }) => ({
      name,
      value,
      domain,
      path,
      expires,
      httpOnly,
      secure,
      sameSite,
    }));
  return {
    list,
    async set(url: string, cookie: NewCookie) {
      // A domain without a leading dot makes a host-only cookie, as a Set-Cookie without Domain does.
      await context.addCookies([{ ...cookie, domain: new URL(url).hostname, expires: cookie.expires ?? -1 }]);
    },
    async clear(url: string, name?: string) {
      const doomed = (await list(url)).filter((cookie) => name === undefined || cookie.name === name);
      for (const { name: n, domain, path } of doomed) await context.clearCookies({ name: n, domain, path });
      return doomed.length;
    },
  };
}
