import { copyFileSync, mkdirSync, mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '../../../../src/server/app.ts';
import type { Db } from '../../../../src/server/platform/db/database.ts';
import { seoRoutes } from '../../../../src/server/modules/seo/routes.ts';
import { robotsTxt, SITEMAP_KINDS, sitemapFiles, urlsetXml, type SitemapKind, type SitemapUrl } from '../../../../src/server/modules/seo/sitemap.ts';
import { seededDb } from '../catalogue/catalogue.helpers.ts';

// jsdom (a dev dependency without its own types) reads the XML and the pages' HTML as a crawler
// would; the test itself runs in Node, as the server does
const { JSDOM } = createRequire(import.meta.url)('jsdom') as { JSDOM: new (text: string, options?: { contentType?: string }) => { window: { document: Document } } };
const parse = (text: string, contentType = 'text/html'): Document => new JSDOM(text, { contentType }).window.document;

const PATHS = { collectionPath: '/collections', productPath: '/products', articlePath: '/articles' };

/** The <loc> and <lastmod> of a sitemap file or index. */
function entries(xml: string): { loc: string; lastmod: string | null }[] {
  const doc = parse(xml, 'application/xml');
  expect(doc.querySelector('parsererror')).toBeNull();
  return [...doc.querySelectorAll('url, sitemap')].map((node) => ({
    loc: node.querySelector('loc')!.textContent!,
    lastmod: node.querySelector('lastmod')?.textContent ?? null,
  }));
}

describe('sitemap files', () => {
  test('law: every URL in exactly one file, in order, no file over the limit, numbered from 1', () => {
    const url = fc.record({ loc: fc.nat().map((n) => `https://shop.test/p/${n}`), lastmod: fc.constant(null) });
    fc.assert(
      fc.property(fc.record(Object.fromEntries(SITEMAP_KINDS.map((k) => [k, fc.array(url, { maxLength: 40 })])) as Record<SitemapKind, fc.Arbitrary<SitemapUrl[]>>), fc.integer({ min: 1, max: 12 }), (urls, max) => {
        const files = sitemapFiles(urls, max);
        for (const kind of SITEMAP_KINDS) {
          const own = files.filter((f) => f.kind === kind);
          expect(own.map((f) => f.number)).toEqual(own.map((_, i) => i + 1));
          expect(own.flatMap((f) => f.urls)).toEqual(urls[kind]);
          expect(own.every((f) => f.urls.length <= max && f.urls.length > 0)).toBe(true);
          expect(own.map((f) => f.path)).toEqual(own.map((f) => `/sitemaps/${kind}-${f.number}.xml`));
        }
      }),
    );
  });

  test('URLs are escaped; lastmod only when known', () => {
    const xml = urlsetXml([{ loc: 'https://shop.test/brands/A%26B?x=1&y=<2>', lastmod: '2025-01-02T00:00:00.000Z' }, { loc: 'https://shop.test/about', lastmod: null }]);
    expect(entries(xml)).toEqual([
      { loc: 'https://shop.test/brands/A%26B?x=1&y=<2>', lastmod: '2025-01-02T00:00:00.000Z' },
      { loc: 'https://shop.test/about', lastmod: null },
    ]);
  });

  test('robots.txt keeps crawlers off the API and the shopper\'s own pages and names the sitemap', () => {
    const text = robotsTxt('https://shop.test');
    expect(text).toMatch(/^User-agent: \*$/m);
    for (const path of ['/api/', '/shoppingcart.asp', '/myaccount.asp', '/login']) expect(text).toContain(`Disallow: ${path}\n`);
    expect(text).not.toMatch(/Disallow: \/(products|collections|searchresults)/);
    expect(text).toMatch(/^Sitemap: https:\/\/shop\.test\/sitemap\.xml$/m);
  });
});

describe('sitemaps from the database (numbered files)', () => {
  let db: Db;
  let app: FastifyInstance;
  beforeAll(async () => {
    db = await seededDb(30, 5);
    app = Fastify();
    await app.register(seoRoutes, { db, paths: async () => PATHS, maxUrlsPerFile: 7 });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  test('the index names numbered files of at most the limit; together they list every indexable product once, with lastmod', async () => {
    const index = await app.inject({ url: '/sitemap.xml', headers: { host: 'shop.test' } });
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toMatch(/^application\/xml/);
    const files = entries(index.body);
    const productFiles = files.filter((f) => /\/sitemaps\/products-\d+\.xml$/.test(f.loc));
    const indexed = await db.all<{ handle: string }>('SELECT handle FROM products WHERE is_indexed = 1 ORDER BY id');
    expect(productFiles).toHaveLength(Math.ceil(indexed.length / 7));
    const listed: string[] = [];
    for (const file of productFiles) {
      const answer = await app.inject({ url: new URL(file.loc).pathname, headers: { host: 'shop.test' } });
      expect(answer.statusCode).toBe(200);
      const urls = entries(answer.body);
      expect(urls.length).toBeLessThanOrEqual(7);
      for (const u of urls) expect(u.lastmod).toMatch(/^\d{4}-\d\d-\d\dT/);
      listed.push(...urls.map((u) => u.loc));
      // the index's lastmod of a file is its newest URL's
      expect(file.lastmod).toBe(urls.map((u) => u.lastmod!).sort().at(-1));
    }
    expect(listed).toEqual(indexed.map((p) => `http://shop.test/products/${p.handle}`));
    for (const kind of ['collections', 'articles', 'brands', 'pages']) expect(files.some((f) => f.loc.includes(`/sitemaps/${kind}-1.xml`))).toBe(true);
    expect((await app.inject({ url: '/sitemaps/products-999.xml' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/sitemaps/nope-1.xml' })).statusCode).toBe(404);
  });

  test('a product marked not indexed leaves the sitemap; a review moves its lastmod (rows re-read after maxAge)', async () => {
    const local = Fastify();
    let now = 0;
    await local.register(seoRoutes, { db, paths: async () => PATHS, maxAgeMs: 1000, now: () => now });
    const products = async () => entries((await local.inject({ url: '/sitemaps/products-1.xml', headers: { host: 'shop.test' } })).body);
    const before = await products();
    const [hidden, reviewed] = await db.all<{ id: number; handle: string }>('SELECT id, handle FROM products WHERE is_indexed = 1 ORDER BY id LIMIT 2');
    await db.run('UPDATE products SET is_indexed = 0 WHERE id = ?', [hidden!.id]);
    await db.run('INSERT INTO product_reviews (id, product_id, stars_rating, title, body, author, created_at) VALUES (?, ?, 5, ?, ?, ?, ?)', [990001, reviewed!.id, 'Good', 'Works', 'Ann', '2099-01-01T00:00:00.000Z']);
    now = 1000;
    const after = await products();
    expect(before.some((u) => u.loc.endsWith(`/products/${hidden!.handle}`))).toBe(true);
    expect(after.some((u) => u.loc.endsWith(`/products/${hidden!.handle}`))).toBe(false);
    expect(after.find((u) => u.loc.endsWith(`/products/${reviewed!.handle}`))?.lastmod).toBe('2099-01-01T00:00:00.000Z');
    await db.run('UPDATE products SET is_indexed = 1 WHERE id = ?', [hidden!.id]);
    await db.run('DELETE FROM product_reviews WHERE id = ?', [990001]);
    await local.close();
  });
});

describe('the first HTML of each route type (server render) and the sitemap agree', () => {
  let app: FastifyInstance;
  const host = { host: 'shop.test' };
  const origin = 'http://shop.test';

  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'skimmer-seo-'));
    const webDir = join(dir, 'web');
    mkdirSync(webDir, { recursive: true });
    copyFileSync('index.html', join(webDir, 'index.html'));
    app = await buildApp({ db: await seededDb(40, 2), dataDir: dir, webDir, storefrontEntry: () => import('../../../../src/app/entry-server.tsx') });
  }, 60_000);
  afterAll(async () => {
    await app.close();
  });

  async function page(url: string) {
    const res = await app.inject({ url, headers: host });
    const doc = parse(res.body);
    const head = doc.head;
    const jsonLd = [...doc.querySelectorAll('script[type="application/ld+json"]')].map((s) => JSON.parse(s.textContent!));
    return {
      status: res.statusCode,
      title: head.querySelectorAll('title'),
      canonical: head.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null,
      meta: (selector: string) => head.querySelector(selector)?.getAttribute('content') ?? null,
      preloads: [...head.querySelectorAll('link[rel="preload"][as="image"][imagesrcset]')],
      jsonLd,
      types: jsonLd.map((ld) => ld['@type']),
    };
  }

  async function sitemap(kind: string): Promise<string[]> {
    const index = entries((await app.inject({ url: '/sitemap.xml', headers: host })).body);
    const urls: string[] = [];
    for (const file of index.filter((f) => f.loc.includes(`/sitemaps/${kind}-`))) {
      urls.push(...entries((await app.inject({ url: new URL(file.loc).pathname, headers: host })).body).map((u) => u.loc));
    }
    return urls;
  }

  test('home: title, description, canonical, Open Graph, Organization and WebSite with its SearchAction', async () => {
    const home = await page('/');
    expect(home.status).toBe(200);
    expect(home.title).toHaveLength(1);
    expect(home.canonical).toBe(`${origin}/`);
    expect(home.meta('meta[name="description"]')).toBeTruthy();
    expect(home.meta('meta[property="og:title"]')).toBe(home.title[0]!.textContent);
    expect(home.types).toEqual(expect.arrayContaining(['Organization', 'WebSite']));
    const site = home.jsonLd.find((ld) => ld['@type'] === 'WebSite');
    expect(site.potentialAction.target.urlTemplate).toBe(`${origin}/searchresults.asp?q={search_term_string}`);
  });

  test('home: the first hero slide (a CSS background, its largest paint) is preloaded once, at high priority', async () => {
    const res = await app.inject({ url: '/', headers: host });
    const doc = parse(res.body);
    const slide = doc.querySelector('.sk-hero__slide');
    expect(slide).not.toBeNull();
    const background = /url\("([^"]+)"\)/.exec(slide!.getAttribute('style') ?? '')?.[1];
    expect(background).toBeTruthy();
    const preloads = [...doc.head.querySelectorAll('link[rel="preload"][as="image"]')].filter((l) => l.getAttribute('href') === background);
    expect(preloads).toHaveLength(1);
    expect(preloads[0]!.getAttribute('fetchpriority')).toBe('high');
  });

  test('product: Product with Offer and AggregateRating, BreadcrumbList, the preloaded picture; canonical = its sitemap URL', async () => {
    const products = await sitemap('products');
    expect(products.length).toBeGreaterThan(0);
    for (const loc of products.slice(0, 3)) {
      const p = await page(new URL(loc).pathname);
      expect(p.status).toBe(200);
      expect(p.canonical).toBe(loc);
      expect(p.meta('meta[property="og:type"]')).toBe('product');
      const product = p.jsonLd.find((ld) => ld['@type'] === 'Product');
      expect(product.name).toBeTruthy();
      expect(product.offers).toMatchObject({ '@type': 'Offer', priceCurrency: 'USD', price: expect.stringMatching(/^\d+\.\d\d$/), priceValidUntil: expect.stringMatching(/^\d{4}-\d\d-\d\d$/) });
      expect(product.offers.hasMerchantReturnPolicy.applicableCountry).toBe('US');
      if (product.aggregateRating) expect(String(product.aggregateRating.ratingValue)).toMatch(/^\d(\.\d{1,2})?$/);
      expect(p.types).toContain('BreadcrumbList');
      // the main picture, preloaded once with its srcset and sizes, at high priority
      expect(p.preloads).toHaveLength(1);
      expect(p.preloads[0]!.getAttribute('imagesrcset')).toMatch(/ 200w/);
      expect(p.preloads[0]!.getAttribute('imagesizes')).toBe('(max-width: 800px) 100vw, 600px');
      expect(p.preloads[0]!.getAttribute('fetchpriority')).toBe('high');
    }
    // under a collection the canonical is still the product's own URL
    const [first] = products;
    const handle = new URL(first!).pathname.split('/').at(-1);
    expect((await page(`/collections/pumps/products/${handle}`)).canonical).toBe(first);
  }, 60_000);

  test('collection: ItemList of its products and BreadcrumbList; canonical = its sitemap URL', async () => {
    const collections = await sitemap('collections');
    const loc = collections[0]!;
    const c = await page(new URL(loc).pathname);
    expect(c.status).toBe(200);
    expect(c.canonical).toBe(loc);
    expect(c.types).toEqual(expect.arrayContaining(['ItemList', 'BreadcrumbList']));
    const list = c.jsonLd.find((ld) => ld['@type'] === 'ItemList');
    expect(list.itemListElement[0]).toMatchObject({ '@type': 'ListItem', position: 1, url: expect.stringMatching(/^http:\/\/shop\.test\/products\//) });
    // a filtered page names the same canonical URL
    expect((await page(`${new URL(loc).pathname}?sortBy=price_asc&page=1`)).canonical).toBe(loc);
  }, 60_000);

  test('search: noindex, ItemList; article: Article; content page and brand: canonical = sitemap URL', async () => {
    const search = await page('/searchresults.asp?q=pump');
    expect(search.meta('meta[name="robots"]')).toBe('noindex, follow');
    expect(search.types).toContain('ItemList');
    const articles = await sitemap('articles');
    const article = await page(new URL(articles[0]!).pathname);
    expect(article.canonical).toBe(articles[0]);
    expect(article.types).toEqual(expect.arrayContaining(['Article', 'BreadcrumbList']));
    expect(article.jsonLd.find((ld) => ld['@type'] === 'Article')).toMatchObject({ headline: expect.any(String), datePublished: expect.any(String), author: expect.any(Object) });
    const pages = await sitemap('pages');
    const about = pages.find((u) => u.endsWith('/about-us'))!;
    expect((await page('/about-us')).canonical).toBe(about);
    const brands = await sitemap('brands');
    const brand = await page(new URL(brands[0]!).pathname);
    expect(brand.status).toBe(200);
    expect(brand.canonical).toBe(brands[0]);
  }, 60_000);

  test('robots.txt on the app', async () => {
    const res = await app.inject({ url: '/robots.txt', headers: host });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`Sitemap: ${origin}/sitemap.xml`);
  });
});
