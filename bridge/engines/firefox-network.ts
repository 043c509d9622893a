import type { BidiConnection } from './firefox-privileged';
import type { RecordedRequest } from './network-buckets';
import { headerObject, RequestDetailLog, type RawBody, type RequestDetail } from './request-details';

const MAX_REQUESTS = 2000;

/** What the network record hears from the browser as a whole. */
export interface NetworkFeeds {
  connection: BidiConnection;
  /** True (once) when a service worker produced the response for this URL. */
  takeSynthesized(url: string): boolean;
}

interface BidiHeader {
  name: string;
  value: { type: 'string' | 'base64'; value: string };
}

interface BidiRequestEvent {
  context: string | null;
  navigation: string | null;
  /** ms since the epoch. */
  timestamp: number;
  request: { request: string; url: string; method: string; destination?: string; headers?: BidiHeader[] };
  response?: { status: number; fromCache: boolean; statusText?: string; mimeType?: string; headers?: BidiHeader[] };
  errorText?: string;
}

const bidiHeaders = (headers: BidiHeader[] = []) =>
  headerObject(
    headers.map(({ name, value }) => ({
      name,
      value: value.type === 'base64' ? Buffer.from(value.value, 'base64').toString('latin1') : value.value,
    })),
  );

/** BiDi's fetch destinations as the resource types Chromium names. */
const RESOURCE_TYPES: Record<string, string> = {
  document: 'Document',
  script: 'Script',
  style: 'Stylesheet',
  image: 'Image',
  font: 'Font',
  manifest: 'Manifest',
  '': 'Fetch',
};

/**
 * One Firefox tab's requests since its last navigation, from BiDi's network events: the list
 * browser_network_sources shows (a service worker's answers told apart by the privileged observer)
 * and each request in full for browser_network_request.
 */
export class FirefoxNetwork {
  private requests = new Map<string, RecordedRequest>();
  private readonly details = new RequestDetailLog();
  /** The document request of the last navigation; null when it sent none (a page from the back-forward cache). */
  navigationRequest: string | null = null;
  navigatedUrl: string | null = null;

  constructor(
    private readonly context: string,
    private readonly feeds: NetworkFeeds,
  ) {}

  watch(connection: BidiConnection): void {
    connection.on('network.beforeRequestSent', (event) => this.sent(event as BidiRequestEvent));
    connection.on('network.responseCompleted', (event) => this.completed(event as BidiRequestEvent));
    connection.on('network.fetchError', (event) => this.failed(event as BidiRequestEvent));
  }

  sent(event: BidiRequestEvent): void {
    const { url, method, request: id, destination } = event.request;
    // data: and blob: URLs are not loaded from anywhere.
    if (event.context !== this.context || /^(data|blob):/.test(url)) return;
    if (event.navigation !== null && destination === 'document') {
      this.requests.clear();
      this.details.clear();
      this.navigatedUrl = url;
      this.navigationRequest = id;
    }
    if (this.requests.size >= MAX_REQUESTS && !this.requests.has(id)) return;
    this.requests.set(id, { url, method, resourceType: RESOURCE_TYPES[destination ?? ''] ?? 'Other' });
    // A redirect is sent again under the same id: it keeps its place and its start.
    const startMs = this.details.get(id)?.startMs ?? event.timestamp;
    this.details.sent({ id, url, method, requestHeaders: bidiHeaders(event.request.headers), startMs });
  }

  completed(event: BidiRequestEvent): void {
    const request = event.context === this.context ? this.requests.get(event.request.request) : undefined;
    if (!request || !event.response) return;
    const fromServiceWorker = this.feeds.takeSynthesized(request.url);
    // BiDi tells only "from a cache": Firefox reports a worker's answer that way too.
    Object.assign(request, {
      status: event.response.status,
      fromServiceWorker,
      fromDiskCache: !fromServiceWorker && event.response.fromCache,
    });
    const { status, statusText, mimeType, headers } = event.response;
    this.details.update(event.request.request, {
      status,
      statusText,
      mimeType,
      responseHeaders: bidiHeaders(headers),
      endMs: event.timestamp,
    });
  }

  failed(event: BidiRequestEvent): void {
    const request = event.context === this.context ? this.requests.get(event.request.request) : undefined;
    if (request) request.failure = event.errorText ?? 'failed';
    if (request) this.details.update(event.request.request, { endMs: event.timestamp });
  }

  /** The last navigation's document request, as recorded. */
  document(): RecordedRequest | undefined {
    return this.navigationRequest ? this.requests.get(this.navigationRequest) : undefined;
  }

  recorded(): RecordedRequest[] {
    return [...this.requests.values()];
  }

  inFull(): RequestDetail[] {
    return this.details.list();
  }

  /** From the data collector puppeteer adds as the session starts (BiDi's network.getData). */
  async body(id: string): Promise<RawBody> {
    const { result } = await this.feeds.connection.send('network.getData', { dataType: 'response', request: id });
    const { bytes } = result as { bytes: { type: 'string' | 'base64'; value: string } };
    return { data: bytes.value, base64: bytes.type === 'base64' };
  }
}
