import { describe, expect, it, vi } from 'vitest';
import { createSiteNames } from '../../sidebar/site-names';

describe('site names from the background', () => {
  it('asks once per page and shows the name the background gives', async () => {
    const send = vi.fn();
    const sites = createSiteNames(send);
    expect(sites.identityOf('https://www.shop.example/cart', false)).toBeNull();
    expect(sites.identityOf('https://www.shop.example/cart', false)).toBeNull();
    await Promise.resolve();
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledWith({
      type: 'NAME_SITE',
      payload: { url: 'https://www.shop.example/cart', allowFileUrls: false },
    });
    sites.handlers.SITE_NAME({
      type: 'SITE_NAME',
      payload: {
        url: 'https://www.shop.example/cart',
        allowFileUrls: false,
        identity: { kind: 'site', site: 'shop.example' },
      },
    });
    expect(sites.identityOf('https://www.shop.example/cart', false)).toEqual({ kind: 'site', site: 'shop.example' });
  });

  it('keeps names apart when file pages are allowed or not', async () => {
    const send = vi.fn();
    const sites = createSiteNames(send);
    const payload = {
      url: 'file:///tmp/a.html',
      allowFileUrls: false,
      identity: { kind: 'restricted' as const, reason: 'file' },
    };
    sites.handlers.SITE_NAME({ type: 'SITE_NAME', payload });
    expect(sites.identityOf('file:///tmp/a.html', false)).toEqual(payload.identity);
    expect(sites.identityOf('file:///tmp/a.html', true)).toBeNull();
    await Promise.resolve();
    expect(send).toHaveBeenCalledWith({
      type: 'NAME_SITE',
      payload: { url: 'file:///tmp/a.html', allowFileUrls: true },
    });
  });
});
