// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractProduct } from '../../content/reader/product';

const page = (head: string, body = ''): Document =>
  new DOMParser().parseFromString(
    `<!doctype html><html><head><title>Shop</title>${head}</head><body>${body}</body></html>`,
    'text/html',
  );
const jsonLd = (data: unknown): string => `<script type="application/ld+json">${JSON.stringify(data)}</script>`;

describe('extractProduct from JSON-LD', () => {
  it('finds a Product in @graph, with an offers array and a brand object', () => {
    const doc = page(
      jsonLd({
        '@context': 'https://schema.org',
        '@graph': [
          { '@type': 'WebPage', name: 'Shop page' },
          {
            '@type': ['Product', 'Thing'],
            name: ' Trail  Runner 2 ',
            brand: { '@type': 'Brand', name: 'Stride' },
            offers: [
              { '@type': 'Offer', availability: 'InStock' },
              { '@type': 'Offer', price: 89.99, priceCurrency: 'USD' },
            ],
            aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.6, reviewCount: 128 },
          },
        ],
      }),
    );
    expect(extractProduct(doc)).toEqual({
      name: 'Trail Runner 2',
      price: '89.99',
      currency: 'USD',
      brand: 'Stride',
      rating: '4.6',
    });
  });

  it('reads an array of items, an AggregateOffer lowPrice, a brand string and a prefixed type', () => {
    const doc = page(
      jsonLd([
        { '@type': 'BreadcrumbList', itemListElement: [] },
        {
          '@type': 'schema:Product',
          name: 'Tent',
          brand: 'Camp Co',
          offers: { '@type': 'AggregateOffer', lowPrice: '120.00', priceCurrency: 'EUR' },
        },
      ]),
    );
    expect(extractProduct(doc)).toEqual({ name: 'Tent', price: '120.00', currency: 'EUR', brand: 'Camp Co' });
  });

  it('prefers the page product over one nested as a related item', () => {
    const doc = page(
      jsonLd({
        '@type': 'ItemPage',
        mainEntity: { '@type': 'Product', name: 'Main', isRelatedTo: { '@type': 'Product', name: 'Other' } },
      }),
    );
    expect(extractProduct(doc)?.name).toBe('Main');
  });

  it('skips malformed and oversized JSON-LD without throwing', () => {
    const huge = `<script type="application/ld+json">{"@type":"Product","name":"Huge","description":"${'x'.repeat(1_000_001)}"}</script>`;
    const doc = page(
      `<script type="application/ld+json">{ "@type": "Product", "name": "Broken", }</script>${huge}` +
        jsonLd({ '@type': 'Product', name: 'Valid', offers: { price: '5', priceCurrency: 'GBP' } }),
    );
    expect(extractProduct(doc)).toEqual({ name: 'Valid', price: '5', currency: 'GBP' });
  });
});

describe('extractProduct from microdata', () => {
  const MICRODATA = `
    <div itemscope itemtype="https://schema.org/Product">
      <h1 itemprop="name">Rain Jacket</h1>
      <div itemprop="brand" itemscope itemtype="https://schema.org/Brand"><span itemprop="name">Drizzle</span></div>
      <div itemprop="offers" itemscope itemtype="https://schema.org/Offer">
        <span itemprop="price" content="149.00">$149</span><meta itemprop="priceCurrency" content="CAD">
      </div>
      <div itemprop="aggregateRating" itemscope itemtype="https://schema.org/AggregateRating"><span itemprop="ratingValue">4.2</span></div>
      <div itemprop="review" itemscope itemtype="https://schema.org/Review">
        <div itemprop="reviewRating" itemscope itemtype="https://schema.org/Rating"><span itemprop="ratingValue">1</span></div>
      </div>
      <div itemprop="isRelatedTo" itemscope itemtype="https://schema.org/Product"><span itemprop="name">Umbrella</span></div>
    </div>`;

  it('reads name, nested brand, offer and aggregate rating, preferring content attributes', () => {
    expect(extractProduct(page('', MICRODATA))).toEqual({
      name: 'Rain Jacket',
      price: '149.00',
      currency: 'CAD',
      brand: 'Drizzle',
      rating: '4.2',
    });
  });

  it('ignores the properties of a related product and of individual reviews', () => {
    const doc = page('', MICRODATA.replace('<h1 itemprop="name">Rain Jacket</h1>', '').replace('>4.2<', '><'));
    const product = extractProduct(doc);
    expect(product?.name).toBeUndefined();
    expect(product?.rating).toBeUndefined();
  });
});

describe('extractProduct from OpenGraph and product meta tags', () => {
  const OG = `<meta property="og:type" content="product"><meta property="og:title" content="Camp Stove">
    <meta property="product:price:amount" content="59.50"><meta property="product:price:currency" content="USD">
    <meta property="product:brand" content="Flame">`;

  it('reads a product page described only by meta tags', () => {
    expect(extractProduct(page(OG))).toEqual({ name: 'Camp Stove', price: '59.50', currency: 'USD', brand: 'Flame' });
  });

  it('does not treat product meta tags on a non-product page as a product', () => {
    expect(extractProduct(page(OG.replace('content="product"', 'content="article"')))).toBeNull();
  });
});

describe('extractProduct merging and non-products', () => {
  it('takes each field from the most trusted source that has it', () => {
    const doc = page(
      jsonLd({ '@type': 'Product', name: 'From JSON-LD', offers: { price: '10.00' } }) +
        '<meta property="og:type" content="product"><meta property="og:title" content="From OG">' +
        '<meta property="product:price:currency" content="JPY"><meta property="product:brand" content="OG Brand">' +
        '<meta property="product:price:amount" content="99">',
      `<div itemscope itemtype="http://schema.org/Product"><span itemprop="name">From microdata</span>
        <span itemprop="brand">Micro Brand</span><span itemprop="priceCurrency">EUR</span><span itemprop="price">11</span></div>`,
    );
    expect(extractProduct(doc)).toEqual({
      name: 'From JSON-LD',
      price: '10.00',
      currency: 'EUR',
      brand: 'Micro Brand',
    });
  });

  it('returns null for pages that are not products', () => {
    expect(
      extractProduct(
        page(jsonLd({ '@type': 'NewsArticle', headline: 'News' }) + '<meta property="og:type" content="article">'),
      ),
    ).toBeNull();
    expect(extractProduct(page('', '<p>Just text about a product</p>'))).toBeNull();
  });

  it('reads the test site product and finds none on its home page', () => {
    const site = (name: string): Document =>
      new DOMParser().parseFromString(
        readFileSync(join(process.cwd(), 'tests/fixtures/site', name), 'utf8'),
        'text/html',
      );
    expect(extractProduct(site('product.html'))).toEqual({
      name: 'Trail Runner 2',
      price: '89.99',
      currency: 'USD',
      brand: 'Stride',
      rating: '4.6',
    });
    expect(extractProduct(site('index.html'))).toBeNull();
  });
});
