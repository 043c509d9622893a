import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { openBosunDb } from '../../background/storage/db';
import { createPageCache, PAGE_CACHE_LIMITS } from '../../background/storage/page-cache';

let counter = 0;
const page = (n: number, product: { name: string } | null = null) => ({
  url: `https://shop.example/p${n}`,
  title: `Page ${n}`,
  markdown: `# Page ${n}`,
  product,
});

describe('the cache of pages the agent read', () => {
  it('keeps the newest pages up to its count, and the last product seen', async () => {
    let clock = 1_000;
    const cache = createPageCache(openBosunDb(`pages-${++counter}`), () => clock);
    for (let n = 1; n <= PAGE_CACHE_LIMITS.count + 2; n++) {
      clock += 1;
      await cache.add(page(n, n === 5 ? { name: 'Kettle' } : null));
    }

    const kept = await cache.recent(100);
    expect(kept).toHaveLength(PAGE_CACHE_LIMITS.count);
    expect(kept[0]?.url).toBe(`https://shop.example/p${PAGE_CACHE_LIMITS.count + 2}`);
    expect(kept.at(-1)?.url).toBe('https://shop.example/p3');
    expect(await cache.lastProduct()).toEqual({ name: 'Kettle', url: 'https://shop.example/p5' });
  });

  it('drops pages older than its age limit when the next page is stored', async () => {
    let clock = 1_000;
    const cache = createPageCache(openBosunDb(`pages-${++counter}`), () => clock);
    await cache.add(page(1));
    clock += PAGE_CACHE_LIMITS.ageMs + 1;
    await cache.add(page(2));

    expect((await cache.recent()).map((p) => p.url)).toEqual(['https://shop.example/p2']);
  });

  it('does not write a page read again unchanged right after it was stored, and keeps the order of reading', async () => {
    let clock = 1_000;
    const cache = createPageCache(openBosunDb(`pages-${++counter}`), () => clock);
    await cache.add(page(1));
    clock += 10;
    await cache.add(page(1));
    expect((await cache.recent()).map((p) => p.timestamp)).toEqual([1_000]);
    // Changed, it is written again.
    clock += 10;
    await cache.add({ ...page(1), markdown: '# Page 1, changed' });
    expect((await cache.recent()).map((p) => p.timestamp)).toEqual([1_020]);
    // Read again after another page, it becomes the newest again.
    clock += 10;
    await cache.add(page(2));
    clock += 10;
    await cache.add({ ...page(1), markdown: '# Page 1, changed' });
    expect((await cache.recent()).map((p) => p.url)).toEqual(['https://shop.example/p1', 'https://shop.example/p2']);
    // And after a minute, unchanged, its time is renewed.
    clock += 60_000;
    await cache.add({ ...page(1), markdown: '# Page 1, changed' });
    expect((await cache.recent())[0]?.timestamp).toBe(clock);
  });

  it('stores neither the page nor its product when the store refuses the write', async () => {
    const cache = createPageCache(openBosunDb(`pages-${++counter}`));
    // A page without an address has no key: the store refuses it, as a full disk refuses a write.
    await expect(cache.add({ ...page(1, { name: 'Kettle' }), url: undefined as unknown as string })).rejects.toThrow();

    expect(await cache.recent()).toEqual([]);
    expect(await cache.lastProduct()).toBeNull();
  });
});
