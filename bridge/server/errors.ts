import type { AbpFailure, AbpErrorCode } from '../../src/abp/response';

/** A failure the agent can act on: what went wrong, why, and what to do next. */
export class ToolError extends Error {
  override name = 'ToolError';
  constructor(
    message: string,
    readonly nextStep: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/** Chromium's network error codes an agent meets when navigating, in plain words. */
const NET_ERRORS: Record<string, { reason: string; next: string }> = {
  ERR_NAME_NOT_RESOLVED: {
    reason: 'the host name could not be resolved (no such domain)',
    next: 'Check the spelling of the host name.',
  },
  ERR_CONNECTION_REFUSED: {
    reason: 'nothing is listening at that host and port (connection refused)',
    next: 'Start the server, or check the port number.',
  },
  ERR_CONNECTION_RESET: {
    reason: 'the server closed the connection (connection reset)',
    next: 'Check the server log, then call again.',
  },
  ERR_CONNECTION_CLOSED: {
    reason: 'the server closed the connection before answering',
    next: 'Check the server log, then call again.',
  },
  ERR_CONNECTION_TIMED_OUT: {
    reason: 'the server did not answer in time (connection timed out)',
    next: 'Check that the host is reachable, then call again.',
  },
  ERR_TIMED_OUT: { reason: 'the request timed out', next: 'Check that the host is reachable, then call again.' },
  ERR_ADDRESS_UNREACHABLE: { reason: 'the address is unreachable', next: 'Check the host and the network.' },
  ERR_INTERNET_DISCONNECTED: {
    reason: 'the browser is offline',
    next: 'Call browser_set_offline with offline: false, or expect the service worker to answer.',
  },
  ERR_EMPTY_RESPONSE: { reason: 'the server sent no data', next: 'Check the server log.' },
  ERR_TOO_MANY_REDIRECTS: { reason: 'the page redirects in a loop', next: "Check the server's redirects." },
  ERR_ABORTED: {
    reason: 'the navigation was aborted (the response was a download, or another navigation replaced it)',
    next: 'Check the URL serves a page; browser_network_sources shows what was loaded.',
  },
  ERR_BLOCKED_BY_CLIENT: { reason: 'the browser blocked the request', next: 'Use another URL.' },
  ERR_UNSAFE_PORT: { reason: 'the browser refuses that port as unsafe', next: 'Serve the site on another port.' },
  ERR_SSL_PROTOCOL_ERROR: {
    reason: 'the TLS handshake failed',
    next: 'Check the server speaks HTTPS on that port, or use http://.',
  },
  ERR_CERT_AUTHORITY_INVALID: {
    reason: 'the certificate is not trusted',
    next: 'Use a trusted certificate, or http:// for a local server.',
  },
  ERR_CERT_COMMON_NAME_INVALID: {
    reason: 'the certificate is for another host name',
    next: 'Use the host name the certificate names.',
  },
  ERR_CERT_DATE_INVALID: { reason: 'the certificate has expired or is not yet valid', next: 'Renew the certificate.' },
};

/** Firefox's network error codes (nsError.h), as the Chromium codes with the same meaning. */
const FIREFOX_ERRORS: Record<string, string> = {
  NS_ERROR_UNKNOWN_HOST: 'ERR_NAME_NOT_RESOLVED',
  NS_ERROR_CONNECTION_REFUSED: 'ERR_CONNECTION_REFUSED',
  NS_ERROR_NET_RESET: 'ERR_CONNECTION_RESET',
  NS_ERROR_NET_INTERRUPT: 'ERR_CONNECTION_CLOSED',
  NS_ERROR_NET_TIMEOUT: 'ERR_CONNECTION_TIMED_OUT',
  NS_ERROR_OFFLINE: 'ERR_INTERNET_DISCONNECTED',
  NS_ERROR_NET_EMPTY_RESPONSE: 'ERR_EMPTY_RESPONSE',
  NS_ERROR_REDIRECT_LOOP: 'ERR_TOO_MANY_REDIRECTS',
  NS_BINDING_ABORTED: 'ERR_ABORTED',
  NS_ERROR_PORT_ACCESS_NOT_ALLOWED: 'ERR_UNSAFE_PORT',
};

/** A failed `page.goto` as a ToolError that names the cause (a net:: code, or a timeout) and what to try. */
export function navigationError(url: string, error: unknown, timeoutMs: number): ToolError {
  const raw = error instanceof Error ? error.message : String(error);
  const chromiumCode = /net::(ERR_[A-Z_]+)/.exec(raw)?.[1];
  const firefoxCode = /\b(NS_(?:ERROR|BINDING)_[A-Z_]+)/.exec(raw)?.[1];
  const code = chromiumCode ?? (firefoxCode && FIREFOX_ERRORS[firefoxCode]);
  if (code) {
    const known = NET_ERRORS[code];
    const reason = known?.reason ?? `the browser reported ${firefoxCode ?? code}`;
    const details = { url, reason: chromiumCode ? `net::${chromiumCode}` : firefoxCode };
    return new ToolError(
      `Navigation to ${url} failed: ${reason}.`,
      known?.next ?? 'Check the URL and that the site is up.',
      details,
    );
  }
  if (firefoxCode) {
    return new ToolError(
      `Navigation to ${url} failed: the browser reported ${firefoxCode}.`,
      'Check the URL and that the site is up.',
      { url, reason: firefoxCode },
    );
  }
  if (/Timeout \d+ms exceeded|Navigation timeout of \d+ ms exceeded/.test(raw)) {
    return new ToolError(
      `Navigation to ${url} failed: the page did not finish loading within ${timeoutMs / 1000} s.`,
      'Check whether the page keeps loading (browser_network_sources), then call again.',
      { url, reason: 'timeout' },
    );
  }
  return new ToolError(`Navigation to ${url} failed: ${firstLine(raw)}.`, 'Check the URL, then call again.', {
    url,
    reason: firstLine(raw),
  });
}

/** Playwright's messages carry a call log after the first line; the agent needs only the first. */
export function firstLine(text: string): string {
  return (text.split('\n')[0] ?? '').replace(/^\w+\.\w+: /, '').trim();
}

const ABP_NEXT_STEPS: Record<AbpErrorCode, string> = {
  PERMISSION_DENIED:
    "Bosun's permission policy refused this, or the person denied it in Bosun's sidebar. Do not repeat it; ask the person to allow it (or to trust the site in Bosun's Permissions view), then call again.",
  PERMISSION_REQUIRED:
    "This needs the person's permission and nobody could answer Bosun's question (the bridge is headless, or no answer came in time). Restart the bridge with the --allow the details name (such as --allow 127.0.0.1:interact), or run it headed (--headed) and answer in Bosun's sidebar, then call again.",
  ALREADY_INITIALIZED: 'Restart the bridge; its ABP session is in an unexpected state.',
  INVALID_PARAMS: "Fix the parameter the message names (the tool's input schema lists them), then call again.",
  OPERATION_FAILED: "Call again; if it keeps failing, abp_diagnostics_getErrors shows Bosun's error log.",
  CAPABILITY_UNAVAILABLE: 'This cannot be done in this browser; use another tool.',
  TIMEOUT: 'Call again, perhaps with less work per call.',
  NOT_INITIALIZED: 'Call again: the bridge opens a new ABP session.',
  UNKNOWN_CAPABILITY: 'List the tools again: this Bosun build does not offer that capability.',
  NOT_IMPLEMENTED: 'Use another tool.',
};

/** An ABP failure envelope as a ToolError, keeping the code and whether a retry may help. */
export function abpError(capability: string, failure: AbpFailure): ToolError {
  const { code, message, retryable, details } = failure.error;
  return new ToolError(`${capability} failed with ${code}: ${message}`, ABP_NEXT_STEPS[code], {
    capability,
    code,
    retryable,
    ...(details ? { details } : {}),
  });
}
