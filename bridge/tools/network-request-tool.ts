import * as v from 'valibot';
import { INTEGER, NULLABLE_STRING, STRING } from './browser-tool-parts';
import { aDialog } from '../engines/dialogs';
import { firstLine } from '../server/errors';
import { bucketOf } from '../engines/network-buckets';
import { BODY_TEXT_LIMIT, mimeEssence, pickRequest, reportBody, type BodyReport } from '../engines/request-details';
import { NATIVE_TOOLS } from '../../src/abp/bridge-operations';
import { siteOfUrl, withheldValue } from './site-data-tools';
import type { LiveBrowser } from '../server/session';
import { defineTool, objectSchema, type BridgeTool, type CallInfo } from '../server/tool';

const HEADERS = { type: 'object', additionalProperties: STRING };

/**
 * The headers as they may be handed on: a request's Cookie header may carry HttpOnly cookies (which
 * ones, the header does not say) and a response's Set-Cookie may set them, so both are withheld
 * unless --allow-httponly names the request's site, as browser_cookies withholds their values.
 */
function cookieHeadersShown(
  headers: Record<string, string>,
  url: string,
  httpOnlySites: ReadonlySet<string>,
): Record<string, string> {
  const site = siteOfUrl(url) ?? url;
  if (httpOnlySites.has(site)) return headers;
  const shown = { ...headers };
  if ('cookie' in shown) shown.cookie = withheldValue(site);
  if (/;\s*httponly/i.test(shown['set-cookie'] ?? '')) shown['set-cookie'] = withheldValue(site);
  return shown;
}

/** What browser_network_request is, apart from how it runs. */
const DECLARED = {
  name: 'browser_network_request',
  title: 'Network request',
  annotations: NATIVE_TOOLS.browser_network_request.annotations,
  outputSchema: objectSchema(
    {
      index: INTEGER,
      url: STRING,
      method: STRING,
      source: STRING,
      status: INTEGER,
      statusText: STRING,
      mimeType: STRING,
      failure: STRING,
      requestHeaders: HEADERS,
      responseHeaders: HEADERS,
      startTime: STRING,
      durationMs: { type: ['number', 'null'] },
      body: objectSchema(
        {
          kind: { enum: ['text', 'binary', 'unavailable'] },
          text: STRING,
          bytes: INTEGER,
          truncated: { type: 'boolean' },
          reason: STRING,
        },
        ['text', 'bytes', 'truncated', 'reason'],
      ),
      note: NULLABLE_STRING,
    },
    ['status', 'statusText', 'mimeType', 'failure', 'note'],
  ),
  description: `One request the working tab made since its last navigation, by its index in browser_network_sources or by URL (the latest request to it): method, URL, status, request and response headers, start time and duration, and the response body (text up to ${BODY_TEXT_LIMIT} characters; binary bodies as their size). A Cookie header, and a Set-Cookie that sets an HttpOnly cookie, are withheld unless the bridge was started with --allow-httponly for the site.`,
  params: v.pipe(
    v.strictObject({
      url: v.optional(
        v.pipe(
          v.string(),
          v.trim(),
          v.minLength(1, 'must not be empty'),
          v.maxLength(8000),
          v.description('The full URL, or a part only one request has'),
        ),
      ),
      index: v.optional(
        v.pipe(v.number(), v.integer(), v.minValue(0), v.description('Its place in browser_network_sources, from 0')),
      ),
    }),
    v.check((a) => (a.url === undefined) !== (a.index === undefined), 'give either url or index'),
  ),
};

/** One request of the working tab in full: what was sent, what came back, when, and the body. */
export const networkRequestTool = (allowHttpOnly: readonly string[]): BridgeTool => {
  const httpOnlySites = new Set(allowHttpOnly);
  return defineTool({ ...DECLARED, run: (which, browser, call) => readRequest(which, browser, call, httpOnlySites) });
};

async function readRequest(
  which: { url?: string; index?: number },
  browser: LiveBrowser,
  call: CallInfo,
  httpOnlySites: ReadonlySet<string>,
) {
  const tab = await browser.tab();
  const sources = tab.requestsSinceNavigation();
  const { index, request } = pickRequest(tab.requestDetails(), which);
  const recorded = sources[index];
  const failure = recorded?.url === request.url ? recorded.failure : undefined;
  let body: BodyReport;
  if (failure !== undefined) body = { kind: 'unavailable', reason: `the request failed: ${failure}` };
  else if (request.endMs === undefined) body = { kind: 'unavailable', reason: 'the response has not finished loading' };
  else {
    // Chromium answers no body while the page has a dialog open: the rest is shown, the body after the answer.
    const dialog = tab.dialogs.next();
    body = await Promise.race([
      tab.responseBody(request.id).then(
        (raw) => reportBody(raw, request.mimeType),
        (error: unknown) => ({
          kind: 'unavailable' as const,
          reason: `the browser kept no body for it (${firstLine(error instanceof Error ? error.message : String(error))})`,
        }),
      ),
      dialog.opened.then((open) => ({
        kind: 'unavailable' as const,
        reason: `the page has ${aDialog(open)} open; the body can be read once browser_handle_dialog has answered it`,
      })),
    ]).finally(dialog.stop);
  }
  const data = {
    index,
    url: request.url,
    method: request.method,
    source: recorded ? bucketOf(recorded) : 'pending',
    ...(request.status === undefined ? {} : { status: request.status }),
    ...(request.statusText ? { statusText: request.statusText } : {}),
    ...(request.mimeType ? { mimeType: mimeEssence(request.mimeType) } : {}),
    ...(failure === undefined ? {} : { failure }),
    requestHeaders: cookieHeadersShown(request.requestHeaders, request.url, httpOnlySites),
    responseHeaders: cookieHeadersShown(request.responseHeaders ?? {}, request.url, httpOnlySites),
    startTime: new Date(request.startMs).toISOString(),
    durationMs: request.endMs === undefined ? null : Math.max(0, Math.round(request.endMs - request.startMs)),
    body,
    ...(body.kind === 'text' && body.truncated
      ? { note: `The body is cut to its first ${BODY_TEXT_LIMIT} characters of ${body.bytes} bytes.` }
      : {}),
  };
  // The body is the site's data: Bosun's data-flow rule hears where it came from.
  if (body.kind === 'text') await (await browser.abp()).noteRead(request.url, body.text, call);
  const outcome = failure ?? (request.status === undefined ? 'pending' : `HTTP ${request.status}`);
  return { summary: `${request.method} ${request.url}: ${outcome}, body ${body.kind}`, data };
}
