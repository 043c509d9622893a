import { describe, expect, it } from 'vitest';
import {
  headerObject,
  mimeEssence,
  pickRequest,
  reportBody,
  RequestDetailLog,
} from '../../bridge/engines/request-details';

const requests = ['http://site/', 'http://site/app.js', 'http://site/api/items?page=1', 'http://site/app.js'].map(
  (url, i) => ({ url, id: String(i) }),
);

describe('picking a request', () => {
  it('by index, its place in the list', () => {
    expect(pickRequest(requests, { index: 2 })).toEqual({ index: 2, request: requests[2] });
  });

  it('by exact URL, the latest request to it', () => {
    expect(pickRequest(requests, { url: 'http://site/app.js' })).toEqual({ index: 3, request: requests[3] });
  });

  it('by a part of the URL only one request has', () => {
    expect(pickRequest(requests, { url: 'items?page' }).index).toBe(2);
  });

  it('refuses a part several requests share, an unknown URL and an index past the end, saying what there is', () => {
    expect(() => pickRequest(requests, { url: 'site/a' })).toThrow(
      /^3 requests contain site\/a: http:\/\/site\/app\.js, http:\/\/site\/api\/items\?page=1, http:\/\/site\/app\.js\.$/,
    );
    expect(() => pickRequest(requests, { url: 'nowhere' })).toThrow(
      /no request to nowhere .*\(4 request\(s\) in all\)/,
    );
    expect(() => pickRequest(requests, { index: 4 })).toThrow(/There is no request 4: .*made 4 request\(s\)/);
  });
});

describe('a response body', () => {
  it('is text for text types, cut at the limit and marked', () => {
    expect(reportBody({ data: '{"a":1}', base64: false }, 'application/json')).toEqual({
      kind: 'text',
      text: '{"a":1}',
      bytes: 7,
      truncated: false,
    });
    expect(reportBody({ data: 'é'.repeat(10), base64: false }, 'text/html', 4)).toEqual({
      kind: 'text',
      text: 'éééé',
      bytes: 20,
      truncated: true,
    });
    // Chromium hands some text bodies over as base64.
    expect(reportBody({ data: Buffer.from('<svg/>').toString('base64'), base64: true }, 'image/svg+xml')).toEqual({
      kind: 'text',
      text: '<svg/>',
      bytes: 6,
      truncated: false,
    });
    expect(reportBody({ data: 'x', base64: false }, 'application/ld+json').kind).toBe('text');
    expect(reportBody({ data: 'x', base64: false }, 'text/javascript').kind).toBe('text');
  });

  it('is judged by its MIME type without parameters', () => {
    expect(mimeEssence('Application/JSON;charset=utf-8')).toBe('application/json');
    expect(reportBody({ data: '{}', base64: false }, 'application/json;charset=utf-8').kind).toBe('text');
  });

  it('is only a size for anything else', () => {
    expect(reportBody({ data: Buffer.alloc(1987).toString('base64'), base64: true }, 'image/png')).toEqual({
      kind: 'binary',
      bytes: 1987,
    });
    expect(reportBody({ data: 'abc', base64: false }, undefined)).toEqual({ kind: 'binary', bytes: 3 });
  });
});

describe('headers and the record', () => {
  it('joins repeated header names and lowercases them', () => {
    expect(
      headerObject([
        { name: 'Set-Cookie', value: 'a=1' },
        { name: 'set-cookie', value: 'b=2' },
        { name: 'Content-Type', value: 'text/html' },
      ]),
    ).toEqual({ 'set-cookie': 'a=1, b=2', 'content-type': 'text/html' });
  });

  it('keeps a request its place when it is sent again (a redirect) and forgets all on clear', () => {
    const log = new RequestDetailLog();
    const sent = (id: string, url: string) => log.sent({ id, url, method: 'GET', requestHeaders: {}, startMs: 1 });
    sent('a', 'http://site/old');
    sent('b', 'http://site/b');
    sent('a', 'http://site/new');
    log.update('b', { status: 404, endMs: 5 });
    log.update('missing', { status: 200 });
    expect(log.list().map((d) => [d.url, d.status])).toEqual([
      ['http://site/new', undefined],
      ['http://site/b', 404],
    ]);
    log.clear();
    expect(log.list()).toEqual([]);
  });
});
