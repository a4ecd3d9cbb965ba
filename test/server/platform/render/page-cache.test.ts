import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '../../../../src/server/app.ts';
import { SESSION_COOKIE } from '../../../../src/server/modules/accounts/session.ts';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import fc from 'fast-check';
import { htmlEncodingFor, sendHtml, type EncodedBodies } from '../../../../src/server/platform/render/encoded-html.ts';
import { PageCache, pageCacheKey, pageEtag } from '../../../../src/server/platform/render/page-cache.ts';
import { CatalogueReads, type EntryRenderRequest, type StorefrontEntry } from '../../../../src/server/platform/render/index.ts';
import { seededDb } from '../../modules/catalogue/catalogue.helpers.ts';

const page = (body: string, status = 200) => ({ status, body, etag: pageEtag({ status, body }) });

describe('pageEtag', () => {
  test("the ETag of a page's UTF-8 bytes is the ETag of its text (the render hashes the bytes it sends)", () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), fc.constantFrom(200, 301, 404, 500), fc.option(fc.constant('/new'), { nil: undefined }), (body, status, location) => {
        const rendered = { status, body, ...(location ? { location } : {}) };
        expect(pageEtag(rendered, Buffer.from(body))).toBe(pageEtag(rendered));
      }),
    );
  });
});

describe('PageCache', () => {
  test('keeps pages up to its bytes, least recently used out first', () => {
    const cache = new PageCache({ maxBytes: 3000 });
    cache.set('a', page('a'.repeat(990)));
    cache.set('b', page('b'.repeat(990)));
    cache.set('c', page('c'.repeat(990)));
    expect(cache.get('a')?.body).toHaveLength(990); // a is now the most recent
    cache.set('d', page('d'.repeat(990)));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.get('c')).toBeDefined();
    expect(cache.get('d')).toBeDefined();
    expect(cache.stats.bytes).toBeLessThanOrEqual(3000);
    // a page larger than the whole cache is not kept and evicts nothing
    cache.set('huge', page('x'.repeat(5000)));
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.stats.entries).toBe(3);
  });

  test('keeps pages, 404s and permanent redirects only; entries expire', () => {
    let now = 0;
    const cache = new PageCache({ maxAgeMs: 1000, now: () => now });
    cache.set('ok', page('ok'));
    cache.set('missing', page('nf', 404));
    cache.set('error', page('oops', 500));
    cache.set('moved', { status: 302, location: '/x', body: '', etag: '"x"' });
    expect(cache.get('ok')).toBeDefined();
    expect(cache.get('missing')).toBeDefined();
    expect(cache.get('error')).toBeUndefined();
    expect(cache.get('moved')).toBeUndefined();
    now = 1000;
    expect(cache.get('ok')).toBeUndefined();
  });

  test('a page rendered before a clear is not kept after it', () => {
    const cache = new PageCache();
    const generation = cache.generation;
    cache.clear();
    cache.set('late', page('old data'), generation);
    expect(cache.get('late')).toBeUndefined();
    cache.set('fresh', page('new data'), cache.generation);
    expect(cache.get('fresh')).toBeDefined();
  });

  test('the key separates hosts and layouts (mobile user agents get the mobile page)', () => {
    const req = (host: string, ua: string) => ({ url: '/p', host, protocol: 'https' as const, headers: { 'user-agent': ua } });
    expect(pageCacheKey(req('a.test', 'Mozilla/5.0 (iPhone)'))).not.toBe(pageCacheKey(req('a.test', 'Mozilla/5.0 (X11; Linux)')));
    expect(pageCacheKey(req('a.test', 'x'))).not.toBe(pageCacheKey(req('b.test', 'x')));
    expect(pageCacheKey(req('a.test', 'Mozilla/5.0 (Windows)'))).toBe(pageCacheKey(req('a.test', 'Mozilla/5.0 (X11; Linux)')));
  });
});

describe('CatalogueReads', () => {
  const answer = (text: string, status = 200) => ({ status, headers: [['content-type', 'application/json']] as [string, string][], body: text });
  test('covers GETs of its paths only; keeps 200 answers for maxAgeMs', () => {
    let now = 0;
    const reads = new CatalogueReads(1000, () => now);
    expect(reads.covers('GET', '/api/nav')).toBe(true);
    expect(reads.covers('POST', '/api/nav')).toBe(false);
    expect(reads.covers('GET', '/api/products/filter')).toBe(false);
    expect(reads.covers('GET', '/api/collections/handle/pumps')).toBe(true);
    expect(reads.covers('GET', '/api/collections/4/hierarchy')).toBe(true);
    expect(reads.covers('GET', '/api/collections/4/upper-hierarchy')).toBe(true);
    // a listing, a search, a product (stock moves with orders) and anything else are asked each time
    expect(reads.covers('GET', '/api/collections')).toBe(false);
    expect(reads.covers('GET', '/api/collections/4/products/featured')).toBe(false);
    expect(reads.covers('GET', '/api/collections/handle/pumps/x')).toBe(false);
    expect(reads.covers('GET', '/api/products/handle/pump')).toBe(false);
    expect(reads.covers('GET', '/api/navigation')).toBe(false);
    reads.set('/api/nav?a=1', answer('{"navData":[]}'), reads.generation);
    reads.set('/api/nav?a=2', answer('{"error":"x"}', 500), reads.generation);
    expect(reads.get('/api/nav?a=1')?.body).toBe('{"navData":[]}');
    expect(reads.get('/api/nav?a=2')).toBeUndefined();
    now = 1001;
    expect(reads.get('/api/nav?a=1')).toBeUndefined();
  });

  test('an answer read before a clear is not kept after it; the oldest key goes past maxEntries', () => {
    const reads = new CatalogueReads(60_000, () => 0, (path) => path === '/api/nav', 2);
    const before = reads.generation;
    reads.clear();
    reads.set('/api/nav?x', answer('{}'), before);
    expect(reads.get('/api/nav?x')).toBeUndefined();
    for (const key of ['/api/nav?1', '/api/nav?2', '/api/nav?3']) reads.set(key, answer('{}'), reads.generation);
    expect(reads.get('/api/nav?1')).toBeUndefined();
    expect(reads.get('/api/nav?3')).toBeDefined();
  });
});

describe('storefront pages through the cache', () => {
  let app: FastifyInstance;
  const renders: EntryRenderRequest[] = [];
  let version = 1;
  // the request id of the navigation answer each render read (site-wide reads, render/index.ts)
  const navAnswers: string[] = [];
  // the request ids of the collection and listing answers each '/collection-reads/<handle>' render read
  const collectionAnswers: { collection: string; listing: string; status: number }[] = [];
  const requestId = (answer: { headers: [string, string][] }) => answer.headers.find(([name]) => name === 'x-request-id')?.[1] ?? '';
  const entry: StorefrontEntry = {
    async render(request) {
      renders.push(request);
      if (request.url.startsWith('/nav-reads')) {
        const nav = await request.transport({ method: 'GET', url: `${request.origin}/api/nav?collectionUrlPrefix=%2Fcollections&depth=2`, headers: [['accept', 'application/json']] });
        expect(nav.status).toBe(200);
        expect((JSON.parse(nav.body) as { navData: unknown[] }).navData.length).toBeGreaterThan(0);
        navAnswers.push(nav.headers.find(([name]) => name === 'x-request-id')?.[1] ?? '');
      }
      if (request.url.startsWith('/collection-reads/')) {
        const handle = request.url.slice('/collection-reads/'.length).split('?')[0];
        const headers: [string, string][] = [['accept', 'application/json']];
        const collection = await request.transport({ method: 'GET', url: `${request.origin}/api/collections/handle/${handle}`, headers });
        const listing = await request.transport({ method: 'GET', url: `${request.origin}/api/products/filter?limit=1`, headers });
        collectionAnswers.push({ collection: requestId(collection), listing: requestId(listing), status: collection.status });
      }
      const missing = request.url.startsWith('/missing');
      return {
        status: missing ? 404 : 200,
        redirect: request.url === '/old' ? { status: 301, location: '/new' } : null,
        html: `<main>${request.url} v${version}${request.url.startsWith('/big') || request.url === '/' ? ' pool pump parts'.repeat(400) : ''}</main>`,
        headHtml: '<title>Page</title>',
        data: null,
        head: { title: null, canonical: null, description: null },
      };
    },
  };

  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'skimmer-page-cache-'));
    const webDir = join(dir, 'web');
    mkdirSync(webDir, { recursive: true });
    writeFileSync(join(webDir, 'index.html'), '<!doctype html><html><head><title>Skimmer</title></head><body><div id="root"></div></body></html>');
    app = await buildApp({ db: await seededDb(20, 3), dataDir: dir, webDir, storefrontEntry: async () => entry });
  });
  afterAll(async () => {
    await app.close();
  });

  test('an anonymous page is rendered once, shared with ETag and s-maxage/stale-while-revalidate, and revalidates with 304', async () => {
    renders.length = 0;
    const first = await app.inject({ url: '/collections/anon' });
    const second = await app.inject({ url: '/collections/anon' });
    expect(renders).toHaveLength(1);
    expect(first.statusCode).toBe(200);
    expect(second.body).toBe(first.body);
    expect(first.body).toContain('<main>/collections/anon v1</main>');
    expect(first.headers['cache-control']).toMatch(/^public, max-age=0, s-maxage=\d+, stale-while-revalidate=\d+$/);
    expect(first.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(first.headers.vary).toMatch(/User-Agent/);
    const again = await app.inject({ url: '/collections/anon', headers: { 'if-none-match': String(first.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  test('a request with a session cookie gets a private answer and is never served from or put in the shared cache', async () => {
    renders.length = 0;
    const cookie = `${SESSION_COOKIE}=abcdefabcdefabcdefabcdef`;
    const signedIn = await app.inject({ url: '/collections/private', headers: { cookie } });
    await app.inject({ url: '/collections/private', headers: { cookie } });
    expect(renders).toHaveLength(2);
    expect(signedIn.headers['cache-control']).toBe('private, max-age=0, must-revalidate');
    // the anonymous copy is rendered on its own (nothing the signed-in answers left behind)
    const anonymous = await app.inject({ url: '/collections/private' });
    expect(renders).toHaveLength(3);
    expect(anonymous.headers['cache-control']).toMatch(/^public/);
    // the page itself is the same: the render never sees the cookie
    expect(renders.every((r) => !JSON.stringify(r).includes('abcdefabcdef'))).toBe(true);
  });

  test('a 404 and a 301 are cached too; mobile and desktop layouts separately', async () => {
    renders.length = 0;
    expect((await app.inject({ url: '/missing-thing' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/missing-thing' })).statusCode).toBe(404);
    const moved = await app.inject({ url: '/old' });
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe('/new');
    expect((await app.inject({ url: '/old' })).statusCode).toBe(301);
    expect(renders).toHaveLength(2);
    await app.inject({ url: '/products/x', headers: { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0)' } });
    await app.inject({ url: '/products/x', headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64)' } });
    expect(renders).toHaveLength(4);
  });

  test('a catalogue write clears the rendered pages (the same call that clears the search answers)', async () => {
    renders.length = 0;
    await app.inject({ url: '/collections/write' });
    await app.inject({ url: '/collections/write' });
    expect(renders).toHaveLength(1);
    version = 2;
    const product = (await app.inject({ url: '/api/products/filter?limit=1' })).json().products[0];
    await app.catalogue.reindex([product.id]);
    const after = await app.inject({ url: '/collections/write' });
    expect(renders).toHaveLength(2);
    expect(after.body).toContain('v2');
  });

  test('the navigation every render reads is kept between renders of different pages, and a catalogue write clears it with the pages', async () => {
    navAnswers.length = 0;
    await app.inject({ url: '/nav-reads/a' });
    await app.inject({ url: '/nav-reads/b' });
    expect(navAnswers).toHaveLength(2);
    expect(navAnswers[0]).not.toBe('');
    // the second render was answered the first one's navigation, without running the route again
    expect(navAnswers[1]).toBe(navAnswers[0]);
    const product = (await app.inject({ url: '/api/products/filter?limit=1' })).json().products[0];
    await app.catalogue.reindex([product.id]);
    await app.inject({ url: '/nav-reads/c' });
    expect(navAnswers[2]).not.toBe(navAnswers[0]);
  });

  test("a collection's own read is kept between renders of its pages, its listing is asked each time, a missing one is never kept", async () => {
    collectionAnswers.length = 0;
    const handle = (await app.inject({ url: '/api/collections' })).json().collections[0].handle as string;
    await app.inject({ url: `/collection-reads/${handle}` });
    await app.inject({ url: `/collection-reads/${handle}?page=1` });
    const [first, second] = collectionAnswers;
    expect(first?.status).toBe(200);
    expect(second?.collection).toBe(first?.collection);
    expect(second?.listing).not.toBe(first?.listing);
    await app.inject({ url: '/collection-reads/no-such-collection' });
    await app.inject({ url: '/collection-reads/no-such-collection?page=1' });
    const [, , missing, missingAgain] = collectionAnswers;
    expect(missing?.status).toBe(404);
    expect(missingAgain?.collection).not.toBe(missing?.collection);
    // a catalogue write clears it with the pages
    const product = (await app.inject({ url: '/api/products/filter?limit=1' })).json().products[0];
    await app.catalogue.reindex([product.id]);
    await app.inject({ url: `/collection-reads/${handle}?page=2` });
    expect(collectionAnswers[4]?.collection).not.toBe(first?.collection);
  });

  test('a page answered by the storefront router (no route of its own) is sent brotli or gzip as the request accepts, same page, weak ETag, Vary', async () => {
    const plain = await app.inject({ url: '/big-page' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('pool pump parts');
    expect(String(plain.headers.vary)).toMatch(/Accept-Encoding/);
    const br = await app.inject({ url: '/big-page', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 5);
    expect(String(br.headers.vary)).toMatch(/User-Agent, Cookie, Accept-Encoding/);
    expect(br.headers.etag).toBe(`W/${String(plain.headers.etag)}`);
    const gz = await app.inject({ url: '/big-page', headers: { 'accept-encoding': 'gzip, br;q=0' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString('utf8')).toBe(plain.body);
    // either form of the ETag revalidates
    const again = await app.inject({ url: '/big-page', headers: { 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) } });
    expect(again.statusCode).toBe(304);
    // the home page (a route of its own, where @fastify/compress also runs) is encoded once
    const home = await app.inject({ url: '/', headers: { 'accept-encoding': 'br' } });
    expect(home.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(home.rawPayload).toString('utf8')).toMatch(/<main>\/ v\d pool pump parts/);
  });
});

describe('encoded HTML', () => {
  test('the encoding of an Accept-Encoding header: brotli first, then gzip, q=0 refuses', () => {
    expect(htmlEncodingFor('gzip, deflate, br')).toBe('br');
    expect(htmlEncodingFor('gzip, deflate, br, zstd')).toBe('br');
    expect(htmlEncodingFor('gzip')).toBe('gzip');
    expect(htmlEncodingFor('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(htmlEncodingFor('*')).toBe('br');
    expect(htmlEncodingFor('*, br;q=0')).toBe('gzip');
    expect(htmlEncodingFor('identity')).toBeNull();
    expect(htmlEncodingFor('gzip;q=0, br;q=0')).toBeNull();
    expect(htmlEncodingFor('')).toBeNull();
    expect(htmlEncodingFor(undefined)).toBeNull();
  });

  test('property: the chosen encoding is one the header accepts with a weight above 0', () => {
    const token = fc.constantFrom('br', 'gzip', 'deflate', 'identity', '*', 'zstd', 'BR', 'Gzip');
    const weight = fc.option(fc.constantFrom('0', '0.5', '1', '1.0', 'x', '0.000'), { nil: undefined });
    const header = fc.array(fc.tuple(token, weight), { maxLength: 6 }).map((parts) => parts.map(([t, q]) => (q === undefined ? t : `${t};q=${q}`)).join(', '));
    fc.assert(
      fc.property(header, (h) => {
        const chosen = htmlEncodingFor(h);
        if (chosen === null) return;
        const entries = h.split(',').map((p) => p.trim().toLowerCase()).filter(Boolean);
        const named = entries.filter((e) => e.split(';')[0] === chosen || e.split(';')[0] === '*');
        expect(named.length).toBeGreaterThan(0);
        // the last mention of the chosen name (or of * when the name is absent) has a weight above 0
        const own = entries.filter((e) => e.split(';')[0] === chosen);
        const decisive = (own.length > 0 ? own : named).at(-1)!;
        const q = /;q=([^;]*)/.exec(decisive)?.[1];
        expect(q === undefined || Number(q) > 0).toBe(true);
      }),
    );
  });

  test('a kept page is encoded once per encoding: the second answer reuses the first one\'s bytes', async () => {
    const memo: EncodedBodies = {};
    const local = Fastify();
    local.get('/p', (req, reply) => sendHtml(req, reply.type('text/html; charset=utf-8'), 'x'.repeat(5000), memo));
    local.get('/small', (req, reply) => sendHtml(req, reply.type('text/html; charset=utf-8'), '<p>hi</p>'));
    try {
      await local.inject({ url: '/p', headers: { 'accept-encoding': 'br' } });
      const first = memo.br;
      expect(first).toBeDefined();
      expect(memo.gzip).toBeUndefined();
      const again = await local.inject({ url: '/p', headers: { 'accept-encoding': 'br' } });
      expect(memo.br).toBe(first);
      expect(brotliDecompressSync(again.rawPayload).toString('utf8')).toBe('x'.repeat(5000));
      // a small page goes out as it is
      const small = await local.inject({ url: '/small', headers: { 'accept-encoding': 'br' } });
      expect(small.headers['content-encoding']).toBeUndefined();
      expect(small.body).toBe('<p>hi</p>');
    } finally {
      await local.close();
    }
  });
});
