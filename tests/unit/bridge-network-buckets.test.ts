import { describe, expect, it } from 'vitest';
import { bucketOf, bucketRequests, type RecordedRequest } from '../../bridge/engines/network-buckets';

const request = (change: Partial<RecordedRequest> = {}): RecordedRequest => ({
  url: 'http://localhost/app.js',
  method: 'GET',
  resourceType: 'Script',
  ...change,
});

describe('network sources', () => {
  it.each([
    [{ status: 200 }, 'network'],
    [{ status: 200, fromServiceWorker: true }, 'serviceWorker'],
    // A worker answering from its Cache Storage is the worker's answer, whatever the flags say.
    [{ status: 200, fromServiceWorker: true, fromDiskCache: true }, 'serviceWorker'],
    [{ status: 200, fromDiskCache: true }, 'cache'],
    [{ status: 200, fromPrefetchCache: true }, 'cache'],
    [{ status: 200, fromMemoryCache: true }, 'cache'],
    [{ fromMemoryCache: true }, 'cache'],
    [{ status: 304 }, 'network'],
    [{ failure: 'net::ERR_INTERNET_DISCONNECTED' }, 'failed'],
    [{ status: 200, fromServiceWorker: true, failure: 'canceled' }, 'failed'],
    [{}, 'pending'],
  ] as const)('%j is %s', (flags, bucket) => {
    expect(bucketOf(request(flags))).toBe(bucket);
  });

  it('counts every bucket and lists each request with its source, without the raw flags', () => {
    const result = bucketRequests([
      request({ url: 'http://localhost/', resourceType: 'Document', status: 200, fromServiceWorker: true }),
      request({ status: 200, fromDiskCache: true }),
      request({ url: 'http://localhost/api', resourceType: 'Fetch', failure: 'net::ERR_FAILED' }),
    ]);
    expect(result).toEqual({
      counts: { network: 0, serviceWorker: 1, cache: 1, failed: 1, pending: 0 },
      requests: [
        { url: 'http://localhost/', method: 'GET', resourceType: 'Document', status: 200, source: 'serviceWorker' },
        { url: 'http://localhost/app.js', method: 'GET', resourceType: 'Script', status: 200, source: 'cache' },
        {
          url: 'http://localhost/api',
          method: 'GET',
          resourceType: 'Fetch',
          failure: 'net::ERR_FAILED',
          source: 'failed',
        },
      ],
    });
    expect(bucketRequests([])).toEqual({
      counts: { network: 0, serviceWorker: 0, cache: 0, failed: 0, pending: 0 },
      requests: [],
    });
  });
});
