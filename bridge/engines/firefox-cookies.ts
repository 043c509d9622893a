import type { Page } from 'puppeteer-core';
import type { Cookie, NewCookie, SameSite, SiteCookies } from './site-data';

/** The site's cookies in Firefox, through puppeteer's page over BiDi's storage module, httpOnly ones included. */
export function firefoxCookies(page: Page): SiteCookies {
  const list = async (url: string): Promise<Cookie[]> =>
    (await page.cookies(url)).map(({ name, value, domain, path, expires, httpOnly, secure, sameSite }) => ({
      name,
      value,
      domain,
      path,
      expires,
      httpOnly: httpOnly ?? false,
      secure,
      // BiDi reports sameSite always; puppeteer leaves it out only for a value it does not know.
      sameSite: (sameSite ?? 'None') as SameSite,
    }));
  return {
    list,
    async set(url: string, cookie: NewCookie) {
      await page.setCookie({ ...cookie, domain: new URL(url).hostname, expires: cookie.expires ?? -1 });
    },
    async clear(url: string, name?: string) {
      const doomed = (await list(url)).filter((cookie) => name === undefined || cookie.name === name);
      for (const { name: n, domain, path } of doomed) await page.deleteCookie({ name: n, domain, path });
      return doomed.length;
    },
  };
}
