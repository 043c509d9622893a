// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { isSiteKey, resolveSite, siteOf, type SiteIdentity } from '../../policy';

const site = (s: string): SiteIdentity => ({ kind: 'site', site: s });
const INVALID: SiteIdentity = { kind: 'invalid' };

describe('siteOf: web pages', () => {
  it.each<[string, string]>([
    ['HTTPS://WWW.Example.COM.:443/x', 'example.com'],
    ['https://example.com', 'example.com'],
    ['https://example.com../', 'example.com'],
    ['http://münchen.de', 'xn--mnchen-3ya.de'],
    ['https://www.MÜNCHEN.de/path', 'xn--mnchen-3ya.de'],
    ['https://a.b.example.co.uk', 'example.co.uk'],
    ['https://shop.amazon.co.uk/dp/1', 'amazon.co.uk'],
    ['https://user.github.io', 'user.github.io'],
    ['https://deep.user.github.io/x', 'user.github.io'],
    ['https://github.io', 'github.io'],
    ['https://foo.blogspot.com', 'foo.blogspot.com'],
    ['http://[::1]:8080', '[::1]'],
    ['http://[0:0:0:0:0:0:0:1]/', '[::1]'],
    ['http://[::ffff:192.168.0.1]/', '[::ffff:c0a8:1]'],
    ['http://192.168.0.1', '192.168.0.1'],
    ['http://0x7f.1/', '127.0.0.1'],
    ['http://localhost:3000', 'localhost'],
    ['http://app.localhost:5173/', 'app.localhost'],
    ['http://intranet/wiki', 'intranet'],
    ['https://user:pw@evil.com@good.com/', 'good.com'],
    ['  https://example.org/ ', 'example.org'],
    ['https://chrome.google.com/search', 'google.com'],
    ['https://microsoftedge.microsoft.com/other', 'microsoft.com'],
  ])('%s → %s', (url, expected) => {
    expect(siteOf(url)).toEqual(site(expected));
  });
});

describe('siteOf: restricted pages', () => {
  it.each([
    'about:blank',
    'about:reader?url=https://example.com',
    'chrome://settings',
    'chrome-extension://abcdefghijklmnop/options.html',
    'moz-extension://6b3e0a57-1b1c-4c5e-9e0b-2c7c1d1e1f1a/sidebar.html',
    'edge://extensions',
    'view-source:https://example.com',
    'data:text/html,<h1>hi</h1>',
    'blob:https://example.com/0f1e2d3c',
    'javascript:alert(1)',
    ' JavaScript:alert(1)',
    'resource://gre/modules/x.js',
    'devtools://devtools/bundled/inspector.html',
    'https://chrome.google.com/webstore/detail/abc',
    'https://chrome.google.com/WebStore',
    'https://chromewebstore.google.com/detail/some-extension/abc',
    'https://addons.mozilla.org/en-US/firefox/addon/x/',
    'https://addons.mozilla.org./en-US/',
    'https://microsoftedge.microsoft.com/addons/detail/x',
    'file:///etc/passwd',
    'mailto:someone@example.com',
    'ftp://example.com/file',
    'wss://example.com/socket',
  ])('%s is restricted', (url) => {
    const identity = siteOf(url);
    expect(identity.kind).toBe('restricted');
    if (identity.kind === 'restricted') expect(identity.reason.length).toBeGreaterThan(0);
  });

  it('file: URLs are one site when the policy allows file URLs', () => {
    expect(siteOf('file:///etc/passwd', { allowFileUrls: true })).toEqual(site('file://'));
    expect(siteOf('file:///home/a/b.html', { allowFileUrls: false }).kind).toBe('restricted');
  });

  it('file access does not unlock any other restricted scheme', () => {
    expect(siteOf('about:blank', { allowFileUrls: true }).kind).toBe('restricted');
  });
});

describe('siteOf: garbage', () => {
  it.each([
    '',
    'not a url',
    'http://',
    'https://exa mple.com',
    'http://-a.com/',
    'http://exa$mple.com/',
    'http://a..b/',
    'http://__proto__/',
    'http://constructor/',
    'http://999.1.1.1/',
    '//example.com',
  ])('%j is invalid', (url) => {
    expect(siteOf(url)).toEqual(INVALID);
  });

  it('never throws on non-strings', () => {
    expect(siteOf(42 as unknown as string)).toEqual(INVALID);
    expect(siteOf(undefined as unknown as string)).toEqual(INVALID);
  });
});

describe('resolveSite: URLs, hosts and sites are the same site', () => {
  it.each<[string, SiteIdentity]>([
    ['amazon.com', site('amazon.com')],
    ['www.Amazon.com', site('amazon.com')],
    ['https://www.amazon.com/dp/1', site('amazon.com')],
    ['localhost:3000', site('localhost')],
    ['example.com:8080/path', site('example.com')],
    ['[::1]', site('[::1]')],
    ['192.168.0.1', site('192.168.0.1')],
    ['about:blank', { kind: 'restricted', reason: 'a browser page (about:)' }],
    [
      'chromewebstore.google.com',
      { kind: 'restricted', reason: 'a browser add-on store, where extensions may not act' },
    ],
    ['', INVALID],
    ['   ', INVALID],
  ])('%j', (input, expected) => {
    expect(resolveSite(input)).toEqual(expected);
  });
});

describe('isSiteKey: only canonical sites', () => {
  it.each(['example.com', 'xn--mnchen-3ya.de', 'user.github.io', '[::1]', '192.168.0.1', 'localhost', 'file://'])(
    '%s is a site',
    (key) => expect(isSiteKey(key)).toBe(true),
  );
  it.each([
    'www.example.com',
    'Example.com',
    'example.com.',
    'münchen.de',
    'example.com/x',
    'user@example.com',
    'example.com:80',
    '',
    'about:blank',
    'chromewebstore.google.com',
    '__proto__',
    'a'.repeat(300),
  ])('%j is not', (key) => expect(isSiteKey(key)).toBe(false));
});
