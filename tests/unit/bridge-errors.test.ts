import { describe, expect, it } from 'vitest';
import { fail } from '../../src/abp/response';
import { abpError, navigationError, ToolError } from '../../bridge/server/errors';
import { errorResult, successResult } from '../../bridge/server/server';

const URL = 'http://localhost:8000/';
const playwright = (message: string) =>
  new Error(`page.goto: ${message}\nCall log:\n  - navigating to "${URL}", waiting until "load"`);

describe('bridge errors', () => {
  it.each([
    [
      'net::ERR_CONNECTION_REFUSED at http://localhost:8000/',
      'nothing is listening at that host and port (connection refused)',
      'Start the server, or check the port number.',
    ],
    [
      'net::ERR_NAME_NOT_RESOLVED at http://localhost:8000/',
      'the host name could not be resolved (no such domain)',
      'Check the spelling of the host name.',
    ],
    [
      'net::ERR_INTERNET_DISCONNECTED at http://localhost:8000/',
      'the browser is offline',
      'Call browser_set_offline with offline: false, or expect the service worker to answer.',
    ],
    [
      'net::ERR_CERT_AUTHORITY_INVALID at http://localhost:8000/',
      'the certificate is not trusted',
      'Use a trusted certificate, or http:// for a local server.',
    ],
  ])('maps %s to its cause and a next step', (message, reason, next) => {
    const error = navigationError(URL, playwright(message), 30_000);
    expect(error).toBeInstanceOf(ToolError);
    expect(error.message).toBe(`Navigation to ${URL} failed: ${reason}.`);
    expect(error.nextStep).toBe(next);
    expect(error.details).toEqual({ url: URL, reason: message.split(' ')[0] });
  });

  it('names unknown network errors, timeouts and other failures by their first line', () => {
    expect(navigationError(URL, playwright('net::ERR_QUIC_PROTOCOL_ERROR at x'), 30_000).message).toBe(
      `Navigation to ${URL} failed: the browser reported ERR_QUIC_PROTOCOL_ERROR.`,
    );
    const timeout = navigationError(URL, playwright('Timeout 30000ms exceeded.'), 30_000);
    expect(timeout.message).toBe(`Navigation to ${URL} failed: the page did not finish loading within 30 s.`);
    expect(timeout.details).toEqual({ url: URL, reason: 'timeout' });
    expect(navigationError(URL, playwright('Target page, context or browser has been closed'), 30_000).message).toBe(
      `Navigation to ${URL} failed: Target page, context or browser has been closed.`,
    );
  });

  it('turns an ABP failure into the code, the message and what to do', () => {
    const denied = abpError('page.act', fail('PERMISSION_DENIED', 'Denied by the user. (decision: deny)'));
    expect(denied.message).toBe('page.act failed with PERMISSION_DENIED: Denied by the user. (decision: deny)');
    expect(denied.nextStep).toMatch(/Do not repeat it; ask the person to allow it/);
    expect(denied.details).toEqual({ capability: 'page.act', code: 'PERMISSION_DENIED', retryable: true });
    const required = abpError(
      'page.act',
      fail('PERMISSION_REQUIRED', 'nobody can answer', undefined, { allowWith: '--allow a.example:interact' }),
    );
    expect(required.nextStep).toMatch(/Restart the bridge with the --allow the details name/);
    expect(required.details).toMatchObject({ details: { allowWith: '--allow a.example:interact' } });
    expect(abpError('crawl.start', fail('OPERATION_FAILED', 'A crawl is running')).details).toMatchObject({
      retryable: true,
    });
  });

  it('formats results as the design does: SUCCESS or ERROR text, and structured content', () => {
    expect(successResult({ summary: 'Navigation complete', data: { url: URL, status: 200 } })).toEqual({
      content: [{ type: 'text', text: `SUCCESS: Navigation complete\n{\n  "url": "${URL}",\n  "status": 200\n}` }],
      structuredContent: { url: URL, status: 200 },
    });
    // A read's long text follows the other fields once, as it is: not again, escaped, inside the JSON.
    const snapshot = 'Page "Shop"\n[1] link "Home"';
    expect(successResult({ summary: 'Snapshot', data: { url: URL, snapshot }, body: 'snapshot' })).toEqual({
      content: [{ type: 'text', text: `SUCCESS: Snapshot\n{\n  "url": "${URL}"\n}\n\n${snapshot}` }],
      structuredContent: { url: URL, snapshot },
    });
    const withImage = successResult({
      summary: 'Screenshot',
      data: {},
      image: { base64: 'iVBO', mimeType: 'image/png' },
    });
    expect(withImage.content[1]).toEqual({ type: 'image', data: 'iVBO', mimeType: 'image/png' });

    expect(
      errorResult('browser_navigate', navigationError(URL, playwright('net::ERR_CONNECTION_REFUSED at x'), 30_000)),
    ).toEqual({
      isError: true,
      content: [
        {
          type: 'text',
          text: `ERROR: Navigation to ${URL} failed: nothing is listening at that host and port (connection refused).\nNext step: Start the server, or check the port number.`,
        },
      ],
      structuredContent: {
        error: {
          message: `Navigation to ${URL} failed: nothing is listening at that host and port (connection refused).`,
          nextStep: 'Start the server, or check the port number.',
          url: URL,
          reason: 'net::ERR_CONNECTION_REFUSED',
        },
      },
    });
    expect(errorResult('browser_click', new Error('locator.click: boom\nCall log: …'))).toMatchObject({
      isError: true,
      content: [
        {
          type: 'text',
          text: 'ERROR: browser_click failed: boom\nNext step: Call again; if it keeps failing, restart the bridge and report the message.',
        },
      ],
    });
  });
});
