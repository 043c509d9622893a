import { describe, expect, it } from 'vitest';
import { createRedirectLookout, type HeadersEvent } from '../../background/llm/redirect-lookout';

type Listener = Parameters<HeadersEvent['addListener']>[0];

/** webRequest.onHeadersReceived as the browser keeps it: the listeners added and the patterns they watch. */
function headersEvent() {
  const added: { listener: Listener; urls: string[] }[] = [];
  const event: HeadersEvent = {
    addListener: (listener, filter) => void added.push({ listener, urls: filter.urls }),
    removeListener: (listener) =>
      void added.splice(
        added.findIndex((a) => a.listener === listener),
        1,
      ),
  };
  const respond = (url: string, statusCode: number, location?: string) => {
    for (const { listener } of added)
      listener({ url, statusCode, responseHeaders: location ? [{ name: 'Location', value: location }] : [] });
  };
  return { event, added, respond };
}

describe('the redirect lookout', () => {
  it('adds one listener for the provider host across many requests, not one per request', () => {
    const { event, added } = headersEvent();
    const watch = createRedirectLookout(event);
    for (let step = 0; step < 5; step++) watch('https://api.example.com/v1/chat/completions').stop();
    watch('https://api.example.com/v1/models').stop();
    expect(added.map((a) => a.urls)).toEqual([['https://api.example.com/*']]);
  });

  it('moves its one listener when the provider host changes, and watches every port of it', () => {
    const { event, added } = headersEvent();
    const watch = createRedirectLookout(event);
    watch('https://api.example.com/v1/chat/completions').stop();
    watch('http://127.0.0.1:11434/api/chat').stop();
    expect(added.map((a) => a.urls)).toEqual([['http://127.0.0.1/*']]);
  });

  it("names the Location of the watched request's redirect, and of no other request", async () => {
    const { event, respond } = headersEvent();
    const watch = createRedirectLookout(event);
    const url = 'https://api.example.com/v1/chat/completions';
    const lookout = watch(url);
    respond('https://api.example.com/other', 302, 'https://elsewhere.example/a');
    respond(url, 200, 'https://ignored.example/');
    const location = lookout.location();
    respond(url, 307, 'https://evil.example/steal');
    await expect(location).resolves.toBe('https://evil.example/steal');
    lookout.stop();
  });

  it('forgets a request once it ends: a later redirect of the same address is heard only by its own lookout', async () => {
    const { event, respond } = headersEvent();
    const watch = createRedirectLookout(event);
    const url = 'https://api.example.com/v1/chat/completions';
    const first = watch(url);
    first.stop();
    const second = watch(url);
    respond(url, 301, 'https://moved.example/');
    await expect(second.location()).resolves.toBe('https://moved.example/');
    second.stop();
  });
});
