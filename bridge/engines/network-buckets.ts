/** Where a response came from, as Chromium's Network domain reports it. */
export interface RecordedRequest {
  url: string;
  method: string;
  resourceType: string;
  status?: number;
  fromServiceWorker?: boolean;
  fromDiskCache?: boolean;
  fromPrefetchCache?: boolean;
  /** Network.requestServedFromCache: the memory cache answered. */
  fromMemoryCache?: boolean;
  /** Network.loadingFailed's errorText. */
  failure?: string;
}

export const BUCKETS = ['network', 'serviceWorker', 'cache', 'failed', 'pending'] as const;
export type Bucket = (typeof BUCKETS)[number];

/**
 * The service worker wins over the caches: a response a worker produced from its Cache Storage
 * is the worker's answer (fromServiceWorker), which is what an offline check needs to see.
 */
export function bucketOf(request: RecordedRequest): Bucket {
  if (request.failure !== undefined) return 'failed';
  if (request.fromServiceWorker) return 'serviceWorker';
  if (request.fromDiskCache || request.fromPrefetchCache || request.fromMemoryCache) return 'cache';
  return request.status === undefined ? 'pending' : 'network';
}

export interface BucketedRequests {
  counts: Record<Bucket, number>;
  requests: (Pick<RecordedRequest, 'url' | 'method' | 'resourceType' | 'status' | 'failure'> & { source: Bucket })[];
}

export function bucketRequests(requests: readonly RecordedRequest[]): BucketedRequests {
  const counts = Object.fromEntries(BUCKETS.map((bucket) => [bucket, 0])) as Record<Bucket, number>;
  const listed = requests.map((request) => {
    const source = bucketOf(request);
    counts[source] += 1;
    const { url, method, resourceType, status, failure } = request;
    return {
      url,
      method,
      resourceType,
      source,
      ...(status === undefined ? {} : { status }),
      ...(failure === undefined ? {} : { failure }),
    };
  });
  return { counts, requests: listed };
}
