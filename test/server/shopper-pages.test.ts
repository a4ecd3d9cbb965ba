/**
 * What a shopper (and a crawler) gets in the first HTML of the pages fixed in the second round of
 * findings: the parts that fit a model as a listing, the equipment finder without JavaScript, the
 * equipment pages in the sitemap with their JSON-LD, the titles of the sign-in and account pages,
 * the missing collection's 404 head, the product page's whole breadcrumb trail; a rate-limited
 * page as a readable page; and the server's own pages (recovery email, hosted checkout) styled and
 * without a /favicon.ico request.
 */
import { copyFileSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import type { Db } from '../../src/server/platform/db/database.ts';
import { connectRedis } from '../../src/server/platform/scale/redis.ts';
import { readSecurityHeadersConfig } from '../../src/server/platform/http/headers.ts';
import { tooManyRequestsPage, wantsDocument } from '../../src/server/platform/http/limits.ts';
import { call, checkoutIdOf, commerceApp, createSession, stockedLevel } from './modules/checkout/cart.helpers.ts';
import { seededDb } from './modules/catalogue/catalogue.helpers.ts';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 120_000 });

const { JSDOM } = createRequire(import.meta.url)('jsdom') as { JSDOM: new (text: string, options?: { contentType?: string }) => { window: { document: Document } } };
const parse = (text: string, contentType = 'text/html'): Document => new JSDOM(text, { contentType }).window.document;
const host = { host: 'shop.test' };
const NAVIGATION = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

describe('first HTML of the storefront pages', () => {
  let app: FastifyInstance;
  let db: Db;

  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'skimmer-shopper-pages-'));
    const webDir = join(dir, 'web');
    mkdirSync(webDir, { recursive: true });
    copyFileSync('index.html', join(webDir, 'index.html'));
    db = await seededDb(300, 1);
    app = await buildApp({ db, dataDir: dir, webDir, storefrontEntry: () => import('../../src/app/entry-server.tsx') });
  });
  afterAll(async () => {
    await app?.close();
  });

  async function page(url: string) {
    const res = await app.inject({ url, headers: { ...host, ...NAVIGATION } });
    const doc = parse(res.body);
    const jsonLd = [...doc.querySelectorAll('script[type="application/ld+json"]')].map((s) => JSON.parse(s.textContent!) as Record<string, unknown>);
    return {
      status: res.statusCode,
      doc,
      titles: [...doc.head.querySelectorAll('title')].map((t) => t.textContent),
      robots: doc.head.querySelector('meta[name="robots"]')?.getAttribute('content') ?? null,
      canonical: doc.head.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null,
      jsonLd,
    };
  }

  async function aModel(): Promise<{ handle: string; title: string; partCount: number }> {
    const res = await app.inject({ url: '/api/equipment?limit=50', headers: host });
    const models = (res.json() as { equipment: { handle: string; title: string; partCount: number }[] }).equipment;
    return models.find((m) => m.partCount > 0)!;
  }

  test("an equipment page's 'Shop all N parts that fit' lists those N parts under a heading that names no empty search", async () => {
    const model = await aModel();
    const equipment = await page(`/equipment/${model.handle}`);
    const link = [...equipment.doc.querySelectorAll('a')].find((a) => /^Shop all \d+ parts that fit$/.test(a.textContent ?? ''))!;
    expect(link.textContent).toBe(`Shop all ${model.partCount} parts that fit`);
    const results = await page(link.getAttribute('href')!);
    expect(results.status).toBe(200);
    const h1 = results.doc.querySelector('main h1')!.textContent;
    expect(h1).not.toBe('Search for ""');
    expect(h1).toMatch(/^Parts that fit /);
    expect(results.doc.body.textContent).toContain(`${model.partCount} matches found`);
    expect(results.doc.body.textContent).not.toContain('No products match your search criteria');
    // the products' column beside the sidebar's (the grid's two columns, even before the answer)
    const listing = results.doc.querySelector('.sk-listing')!;
    expect([...listing.children].map((c) => c.tagName)).toEqual(['DIV', 'SECTION']);
  });

  test('the equipment finder is a GET form with a named field: Enter without JavaScript gets the matching models', async () => {
    const model = await aModel();
    const index = await page('/equipment');
    const form = index.doc.querySelector('form.sk-eq-find')!;
    expect(form.getAttribute('action')).toBe('/equipment');
    expect((form.getAttribute('method') ?? 'get').toLowerCase()).toBe('get');
    const field = form.querySelector('input[type="search"]')!;
    expect(field.getAttribute('name')).toBe('q');
    // what the browser sends on Enter: the page answers the models matching the typed number
    const number = (await (await app.inject({ url: `/api/equipment/handle/${model.handle}`, headers: host })).json() as { equipment: { modelNumber: string } }).equipment.modelNumber;
    const answer = await page(`/equipment?q=${encodeURIComponent(number)}`);
    expect(answer.doc.querySelector('form.sk-eq-find input[name="q"]')!.getAttribute('value')).toBe(number);
    const found = answer.doc.querySelector(`ul[aria-label="Models matching ${number}"]`);
    expect(found?.querySelector(`a[href="/equipment/${model.handle}"]`)).not.toBeNull();
  });

  test('/equipment and every model page are in the sitemap; /equipment has BreadcrumbList and ItemList JSON-LD and its canonical is its sitemap URL', async () => {
    const index = (await app.inject({ url: '/sitemap.xml', headers: host })).body;
    const files = [...parse(index, 'application/xml').querySelectorAll('sitemap > loc')].map((l) => new URL(l.textContent!).pathname);
    const locs: string[] = [];
    for (const file of files) locs.push(...[...parse((await app.inject({ url: file, headers: host })).body, 'application/xml').querySelectorAll('url > loc')].map((l) => l.textContent!));
    expect(locs).toContain('http://shop.test/equipment');
    const handles = await db.all<{ handle: string }>('SELECT handle FROM equipment ORDER BY id');
    expect(handles.length).toBeGreaterThan(0);
    for (const { handle } of handles) expect(locs).toContain(`http://shop.test/equipment/${handle}`);
    const equipment = await page('/equipment');
    expect(equipment.canonical).toBe('http://shop.test/equipment');
    expect(equipment.jsonLd.map((ld) => ld['@type'])).toEqual(expect.arrayContaining(['BreadcrumbList', 'ItemList']));
    const model = await page(`/equipment/${handles[0]!.handle}`);
    expect(model.canonical).toBe(`http://shop.test/equipment/${handles[0]!.handle}`);
  });

  test.each([
    ['/login', 'Sign in'],
    ['/login.asp', 'Sign in'],
    ['/register', 'Create an account'],
    ['/myaccount.asp', 'Manage Account'],
    ['/recovery-email', 'Recovery email'],
    ['/address.asp', null],
    ['/wallet', null],
    ['/orders.asp', null],
  ])('%s carries its own title (not only the store name) and noindex', async (url, title) => {
    const got = await page(url);
    expect(got.titles).toHaveLength(1);
    const store = 'Skimmer Pool & Spa Supply';
    expect(got.titles[0]).not.toBe(store);
    expect(got.titles[0]).toMatch(/ - Skimmer Pool & Spa Supply$/);
    if (title) expect(got.titles[0]).toBe(`${title} - ${store}`);
    expect(got.robots).toBe('noindex, follow');
  });

  test('a missing collection answers 404 with the not-found title and noindex, like the other 404s', async () => {
    for (const url of ['/collections/no-such-collection-zz', '/products/no-such-product-zz', '/no-such-page-zz']) {
      const got = await page(url);
      expect(got.status, url).toBe(404);
      expect(got.titles, url).toEqual(['404 Not Found - Skimmer Pool & Spa Supply']);
      expect(got.robots, url).toBe('noindex, follow');
    }
  });

  test('a product page renders its whole breadcrumb trail on the server, visible and in its BreadcrumbList', async () => {
    const row = await db.get<{ handle: string }>(
      `SELECT p.handle AS handle FROM products p JOIN product_collections pc ON pc.product_id = p.id
        WHERE p.is_indexed = 1 ORDER BY p.id LIMIT 1`,
    );
    const product = (await app.inject({ url: `/api/products/handle/${row!.handle}`, headers: host })).json() as { product: { title: string; Collections: { id: number }[] } };
    // the page's breadcrumb collection is the product's first
    const first = product.product.Collections[0]!.id;
    const upper = (await app.inject({ url: `/api/collections/${first}/upper-hierarchy`, headers: host })).json() as { hierarchy: { default: { title: string }[] } };
    const trail = upper.hierarchy.default.map((h) => h.title);
    expect(trail.length).toBeGreaterThan(0);
    const got = await page(`/products/${row!.handle}`);
    const visible = [...got.doc.querySelectorAll('nav[aria-label="Breadcrumb"] li')].map((li) => li.textContent!.trim());
    expect(visible).toEqual(['Home', ...trail, product.product.title]);
    const list = got.jsonLd.find((ld) => ld['@type'] === 'BreadcrumbList') as { itemListElement: { name: string }[] };
    expect(list.itemListElement.map((i) => i.name)).toEqual(['Home', ...trail, product.product.title]);
  });
});

describe('a rate-limited page', () => {
  test('wantsDocument: a browser navigation to a page, not an API call or media', () => {
    expect(wantsDocument({ method: 'GET', url: '/products/pump', headers: NAVIGATION })).toBe(true);
    expect(wantsDocument({ method: 'GET', url: '/products/pump', headers: { accept: 'application/json' } })).toBe(false);
    expect(wantsDocument({ method: 'GET', url: '/api/products/filter', headers: NAVIGATION })).toBe(false);
    expect(wantsDocument({ method: 'GET', url: '/media/images/1-200.png', headers: NAVIGATION })).toBe(false);
    expect(wantsDocument({ method: 'POST', url: '/checkout/x', headers: NAVIGATION })).toBe(false);
  });

  test('the page escapes the address it offers to try again, and offers only a path of this site', () => {
    expect(tooManyRequestsPage(5, '/searchresults.asp?q="><script>')).not.toContain('"><script>');
    expect(tooManyRequestsPage(5, '//evil.test/x')).toContain('href="/"');
    expect(tooManyRequestsPage(1, '/')).toContain('Please try again in 1 second.');
  });

  async function limitedApp(redis?: { client: Awaited<ReturnType<typeof connectRedis>>; prefix: string }) {
    const dataDir = mkdtempSync(join(tmpdir(), 'skimmer-429-'));
    const webDir = join(dataDir, 'web');
    mkdirSync(webDir, { recursive: true });
    writeFileSync(join(webDir, 'index.html'), '<!doctype html><html><head></head><body><div id="root"></div></body></html>');
    return buildApp({
      db: await seededDb(30, 2), dataDir, webDir, securityHeaders: readSecurityHeadersConfig({}),
      rateLimits: { search: 2, pages: 1, media: 0, allowList: [] }, ...(redis ? { redis } : {}),
    });
  }

  async function expectPageAndJson(app: FastifyInstance, ip: string) {
    expect((await app.inject({ url: '/', remoteAddress: ip, headers: NAVIGATION })).statusCode).toBe(200);
    for (const url of ['/', '/products/some-pump', '/checkout/abc']) {
      const res = await app.inject({ url, remoteAddress: ip, headers: NAVIGATION });
      expect(res.statusCode, url).toBe(429);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      const seconds = Number(res.headers['retry-after']);
      expect(seconds >= 1 && seconds <= 60, url).toBe(true);
      const doc = parse(res.body);
      expect(doc.querySelector('h1')?.textContent).toBe('Too many requests');
      expect(doc.body.textContent).toContain(`Please try again in ${seconds} second`);
      expect(doc.querySelector('style')?.textContent).toContain('main{');
      const links = [...doc.querySelectorAll('main a')].map((a) => [a.textContent, a.getAttribute('href')]);
      expect(links).toEqual([['Try again', url], ['Go to the home page', '/']]);
    }
    // the same refusal to a script's call stays JSON
    const api = await app.inject({ url: '/', remoteAddress: ip, headers: { accept: 'application/json' } });
    expect(api.statusCode).toBe(429);
    expect(api.json()).toEqual({ error: expect.stringMatching(/^Too many requests\./) });
    for (let i = 0; i < 3; i++) await app.inject({ url: '/api/products/filter?q=pump', remoteAddress: ip, headers: NAVIGATION });
    const search = await app.inject({ url: '/api/products/filter?q=pump', remoteAddress: ip, headers: NAVIGATION });
    expect(search.statusCode).toBe(429);
    expect(search.headers['content-type']).toMatch(/^application\/json/);
  }

  test('a document over the limit gets a styled page with Retry-After; API calls keep their JSON', async () => {
    const app = await limitedApp();
    try {
      await expectPageAndJson(app, '10.1.0.1');
    } finally {
      await app.close();
    }
  });

  test('the same with the counters in Redis (several processes)', async () => {
    const client = await connectRedis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', 'limits-page');
    const app = await limitedApp({ client, prefix: `test:${process.pid}:${Date.now()}:` });
    try {
      await expectPageAndJson(app, '10.1.0.2');
    } finally {
      await app.close();
      client.disconnect();
    }
  });
});

describe("the server's own pages", () => {
  test('the recovery-email page is a styled page of the store and asks for no /favicon.ico', async () => {
    const { app } = await commerceApp();
    try {
      const res = await app.inject({ url: '/verify-recovery-email?token=abc', headers: NAVIGATION });
      expect(res.statusCode).toBe(200);
      const doc = parse(res.body);
      expect(doc.head.querySelector('link[rel="icon"]')?.getAttribute('href')).toBe('data:,');
      expect(doc.querySelector('header a[href="/"]')).not.toBeNull();
      expect(doc.querySelector('main h1')?.textContent).toBe('Recovery email');
      expect(doc.querySelector('style')?.textContent).toMatch(/main\{[^}]*max-width/);
      expect(doc.querySelector('button#go')?.textContent).toBe('Verify');
    } finally {
      await app.close();
    }
  });

  test('the hosted checkout page names its icon, so the browser asks for no /favicon.ico', async () => {
    const { app, db } = await commerceApp();
    try {
      const { cookie } = await createSession(db);
      const level = await stockedLevel(db, 1, 20, 50);
      const added = await call(app, 'POST', '/api/checkouts/lineItems', { cookie, body: { inventoryLevelId: level.id, quantity: 1 }, headers: { 'idempotency-key': `fav-${Math.random()}` } });
      const res = await app.inject({ method: 'GET', url: `/checkout/${checkoutIdOf(added.body.checkout)}`, headers: { cookie } });
      expect(res.statusCode).toBe(200);
      expect(parse(res.body).head.querySelector('link[rel="icon"]')?.getAttribute('href')).toBe('data:,');
    } finally {
      await app.close();
    }
  });
});
