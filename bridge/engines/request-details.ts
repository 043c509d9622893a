import { ToolError } from '../server/errors';

/** One request of the working tab in full, as browser_network_request shows it. */
export interface RequestDetail {
  /** The engine's id of the request, which its body is fetched by. */
  id: string;
  url: string;
  method: string;
  requestHeaders: Record<string, string>;
  /** When it was sent (ms since the epoch). */
  startMs: number;
  status?: number;
  statusText?: string;
  mimeType?: string;
  responseHeaders?: Record<string, string>;
  /** When it finished or failed (ms since the epoch). */
  endMs?: number;
}

/** A response body as the engine returns it. */
export interface RawBody {
  data: string;
  base64: boolean;
}

export type BodyReport =
  | { kind: 'text'; text: string; bytes: number; truncated: boolean }
  | { kind: 'binary'; bytes: number }
  | { kind: 'unavailable'; reason: string };

/** How much of a text body an agent gets: enough for a JSON answer or a page, not a bundle. */
export const BODY_TEXT_LIMIT = 20_000;

const TEXT_TYPES = /^text\/|[+/](json|xml|javascript|ecmascript|x-www-form-urlencoded)\b|^image\/svg\+xml/i;

/** Text (capped) when the MIME type says text, otherwise only the size. */
export function reportBody(raw: RawBody, mimeType: string | undefined, limit = BODY_TEXT_LIMIT): BodyReport {
  const bytes = raw.base64 ? Buffer.from(raw.data, 'base64') : Buffer.from(raw.data, 'utf8');
  if (!TEXT_TYPES.test(mimeType ?? '')) return { kind: 'binary', bytes: bytes.length };
  const text = raw.base64 ? bytes.toString('utf8') : raw.data;
  return {
    kind: 'text',
    text: text.length > limit ? text.slice(0, limit) : text,
    bytes: bytes.length,
    truncated: text.length > limit,
  };
}

/** The MIME type without its parameters: Chromium reports `application/json`, Firefox `application/json;charset=utf-8`. */
export const mimeEssence = (mimeType: string) => mimeType.split(';')[0]!.trim().toLowerCase();

/** Headers as one object; repeated names joined as HTTP joins them. */
export function headerObject(headers: Iterable<{ name: string; value: string }>): Record<string, string> {
  const joined: Record<string, string> = {};
  for (const { name, value } of headers) {
    const key = name.toLowerCase();
    joined[key] = key in joined ? `${joined[key]}, ${value}` : value;
  }
  return joined;
}

/**
 * The request an agent names: by its index in browser_network_sources, or by URL (the latest
 * request to it; an exact match, else the only request whose URL contains the text).
 */
export function pickRequest<T extends { url: string }>(
  requests: readonly T[],
  which: { index?: number; url?: string },
): { index: number; request: T } {
  const { index, url } = which;
  if (index !== undefined) {
    const request = requests[index];
    if (!request)
      throw new ToolError(
        `There is no request ${index}: the working tab made ${requests.length} request(s) since its last navigation, numbered from 0.`,
        'Call browser_network_sources to see them.',
        { index },
      );
    return { index, request };
  }
  const exact = requests.map((r, i) => ({ r, i })).filter(({ r }) => r.url === url);
  const matches = exact.length > 0 ? exact : requests.map((r, i) => ({ r, i })).filter(({ r }) => r.url.includes(url!));
  if (matches.length === 0)
    throw new ToolError(
      `The working tab made no request to ${url} since its last navigation (${requests.length} request(s) in all).`,
      'Call browser_network_sources to see the URLs it requested.',
      { url },
    );
  if (exact.length === 0 && matches.length > 1)
    throw new ToolError(
      `${matches.length} requests contain ${url}: ${matches
        .slice(0, 5)
        .map(({ r }) => r.url)
        .join(', ')}${matches.length > 5 ? ', …' : ''}.`,
      'Give the full URL, or the index from browser_network_sources.',
      { url },
    );
  const last = matches[matches.length - 1]!;
  return { index: last.i, request: last.r };
}

/**
 * The tab's requests in full since its last navigation, kept beside the sources record
 * (network-buckets.ts) and cleared with it, so both list the same requests in the same order.
 */
export class RequestDetailLog {
  private readonly details = new Map<string, RequestDetail>();

  sent(detail: RequestDetail): void {
    this.details.set(detail.id, detail);
  }

  update(id: string, change: Partial<Omit<RequestDetail, 'id'>>): void {
    const detail = this.details.get(id);
    if (detail) Object.assign(detail, change);
  }

  get(id: string): RequestDetail | undefined {
    return this.details.get(id);
  }

  clear(): void {
    this.details.clear();
  }

  list(): RequestDetail[] {
    return [...this.details.values()];
  }
}
