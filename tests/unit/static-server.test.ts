// @vitest-environment node
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStaticServer, testSiteDir } from '../fixtures/static-server';
import type { StaticServer } from '../fixtures/static-server';

/** A GET with the path sent exactly as written; fetch would normalise `..` away. */
function rawGet(url: string, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${url}/`, { path }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (part: string) => (body += part));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('static server on a scratch directory', () => {
  let scratch: string;
  let server: StaticServer;

  beforeAll(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'bosun-static-'));
    const root = join(scratch, 'public');
    await mkdir(join(root, 'docs'), { recursive: true });
    await writeFile(join(scratch, 'secret.txt'), 'top secret');
    await writeFile(join(root, 'index.html'), '<title>root</title>');
    await writeFile(join(root, 'docs', 'index.html'), '<title>docs</title>');
    await writeFile(join(root, 'style.css'), 'body { color: red; }');
    await writeFile(join(root, 'app.js'), 'console.log(1);');
    await writeFile(join(root, 'data.json'), '{"a":1}');
    await writeFile(join(root, 'pixel.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    await writeFile(join(root, 'blob.xyz'), 'opaque');
    server = await startStaticServer(root);
  });

  afterAll(async () => {
    await server.close();
    await rm(scratch, { recursive: true, force: true });
  });

  it('listens on 127.0.0.1', () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it.each([
    ['/style.css', 'text/css; charset=utf-8', 'body { color: red; }'],
    ['/app.js', 'text/javascript; charset=utf-8', 'console.log(1);'],
    ['/data.json', 'application/json; charset=utf-8', '{"a":1}'],
    ['/blob.xyz', 'application/octet-stream', 'opaque'],
    ['/', 'text/html; charset=utf-8', '<title>root</title>'],
    ['/docs/', 'text/html; charset=utf-8', '<title>docs</title>'],
    ['/index.html?cache=1', 'text/html; charset=utf-8', '<title>root</title>'],
  ])('serves %s as %s', async (path, type, content) => {
    const response = await fetch(`${server.url}${path}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(type);
    expect(await response.text()).toBe(content);
  });

  it('serves binary files intact', async () => {
    const response = await fetch(`${server.url}/pixel.png`);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect([...new Uint8Array(await response.arrayBuffer())]).toEqual([0x89, 0x50, 0x4e, 0x47]);
  });

  it('answers 404 for a missing file', async () => {
    const response = await fetch(`${server.url}/nope.html`);
    expect(response.status).toBe(404);
  });

  it.each(['/../secret.txt', '/docs/../../secret.txt', '/..%2fsecret.txt', '/%2e%2e%2fsecret.txt', '/..%5csecret.txt'])(
    'refuses path traversal %s',
    async (path) => {
      const { status, body } = await rawGet(server.url, path);
      expect(body).not.toContain('top secret');
      // Backslashes are ordinary file-name characters on POSIX, so that one is merely not found.
      expect(path.includes('%5c') ? [403, 404] : [403]).toContain(status);
    },
  );

  it('answers 400 for broken percent-encoding', async () => {
    const { status } = await rawGet(server.url, '/%E0%A4%A');
    expect(status).toBe(400);
  });

  it('refuses methods other than GET and HEAD', async () => {
    const response = await fetch(`${server.url}/index.html`, { method: 'POST', body: 'x' });
    expect(response.status).toBe(405);
  });
});

describe('the bundled test site', () => {
  let server: StaticServer;

  beforeAll(async () => {
    server = await startStaticServer(testSiteDir);
  });

  afterAll(async () => {
    await server.close();
  });

  it('has a home page linking to the other pages', async () => {
    const html = await (await fetch(`${server.url}/`)).text();
    expect(html).toContain('<title>Bosun Test Shop</title>');
    expect(html).toContain('href="product.html"');
    expect(html).toContain('href="form.html"');
  });

  it('describes the product in JSON-LD and OpenGraph', async () => {
    const html = await (await fetch(`${server.url}/product.html`)).text();
    const jsonLd = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(jsonLd ?? 'null')).toMatchObject({
      '@type': 'Product',
      name: 'Trail Runner 2',
      brand: { name: 'Stride' },
      offers: { price: '89.99', priceCurrency: 'USD' },
      aggregateRating: { ratingValue: '4.6' },
    });
    expect(html).toContain('<meta property="og:title" content="Trail Runner 2">');
    expect(html).toContain('<meta property="product:price:amount" content="89.99">');
    expect(html).toMatch(/<button[^>]*>Add to cart<\/button>/);
    expect(html).toMatch(/<button[^>]*>Buy now<\/button>/);
  });

  it('has a contact form with every kind of field', async () => {
    const html = await (await fetch(`${server.url}/form.html`)).text();
    for (const field of [
      'id="name"',
      'type="email"',
      '<textarea',
      '<select',
      'type="checkbox"',
      'type="submit"',
      'id="result"',
    ]) {
      expect(html).toContain(field);
    }
    expect(html.match(/<option /g)).toHaveLength(3);
  });
});
