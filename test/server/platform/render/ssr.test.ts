/**
 * Server rendering of the storefront (issue 13) without a browser: the app's server entry
 * (src/app/entry-server.tsx, the same module Vite builds into dist/server) renders every page of
 * the real server through `app.inject`, in Node, where `window` and `document` do not exist.
 */
import { copyFileSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { buildApp } from '../../../../src/server/app.ts';
import { render } from '../../../../src/app/entry-server.tsx';
import type { Transport } from '../../../../src/api/client.ts';
import { routeTable } from '../../../../src/app/routes.tsx';
import type { Db } from '../../../../src/server/platform/db/database.ts';
import { seededDb } from '../../modules/catalogue/catalogue.helpers.ts';

let app: FastifyInstance;
let db: Db;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the test reads JSON answers loosely
let config: any;
let products: { handle: string; title: string }[];

/** The JSON data block the page carries for the browser. */
function pageData(html: string): { url: string; queries: { queries: { queryKey: unknown[]; state: { data: unknown } }[] } } {
  const match = /<script type="application\/json" id="skimmer-data">([\s\S]*?)<\/script>/.exec(html);
  if (!match) throw new Error('no data block');
  return JSON.parse(match[1] ?? '');
}

/** The text inside #root (the app's HTML), tags kept. */
function rootHtml(html: string): string {
  const start = html.indexOf('<div id="root">');
  const end = html.indexOf('<script type="application/json" id="skimmer-data">');
  return html.slice(start, end);
}

/** Text of HTML with tags removed and entities of the test's strings decoded. */
function text(html: string): string {
  return html.replace(/<[^>]+>/g, ' ').replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'");
}

beforeAll(async () => {
  expect(typeof (globalThis as { window?: unknown }).window).toBe('undefined');
  expect(typeof (globalThis as { document?: unknown }).document).toBe('undefined');
  const dir = mkdtempSync(join(tmpdir(), 'skimmer-ssr-'));
  const webDir = join(dir, 'web');
  mkdirSync(webDir, { recursive: true });
  copyFileSync('index.html', join(webDir, 'index.html'));
  db = await seededDb(60, 3);
  app = await buildApp({ db, dataDir: dir, webDir, storefrontEntry: async () => ({ render }) });
  config = (await app.inject({ url: '/api/config' })).json();
  products = (await app.inject({ url: '/api/products/filter?limit=5' })).json().products;
}, 60_000);

afterAll(async () => {
  await app?.close();
});

/** The API client's transport to the app in process, as the reference server gives the render. */
function inProcessTransport(): Transport {
  return async (call) => {
    const url = new URL(call.url);
    const answer = await app.inject({ method: call.method, url: url.pathname + url.search, headers: Object.fromEntries(call.headers), ...(call.body === undefined ? {} : { payload: call.body }) });
    return { status: answer.statusCode, headers: [['content-type', String(answer.headers['content-type'] ?? '')]], body: answer.body };
  };
}

describe('each route type carries its content in the first HTML', () => {
  test('home: the home grids with product names, and the data block the browser hydrates from', async () => {
    const res = await app.inject({ url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const root = rootHtml(res.body);
    expect(text(root)).toContain('FEATURED PRODUCTS');
    const data = pageData(res.body);
    expect(data.url).toBe('/');
    const grids = data.queries.queries.filter((q) => q.queryKey[0] === 'home-grid');
    expect(grids.map((q) => q.queryKey[1]).sort()).toEqual(['featured', 'new', 'popular']);
    // every card of the grids is in the HTML
    for (const grid of grids) for (const card of grid.state.data as { title: string }[]) expect(text(root)).toContain(card.title);
    // the navigation is in the header and in the cache
    expect(data.queries.queries.some((q) => q.queryKey[0] === 'nav')).toBe(true);
  });

  test('product: title, price and SKU in the HTML; the product in the data block', async () => {
    const product = (await app.inject({ url: `/api/products/handle/${products[0]!.handle}` })).json().product;
    const res = await app.inject({ url: `${config.storeConfig.productPath}/${product.handle}` });
    expect(res.statusCode).toBe(200);
    const root = text(rootHtml(res.body));
    expect(root).toContain(product.title);
    expect(root).toMatch(/\$\d[\d,]*\.\d\d|Please call us for price/);
    if (product.sku) expect(root).toContain(product.sku);
    const data = pageData(res.body);
    const cached = data.queries.queries.find((q) => q.queryKey[0] === 'product');
    expect((cached?.state.data as { id: number }).id).toBe(product.id);
  });

  test('collection: title and the first page of its products, pagination as links', async () => {
    const collections = (await app.inject({ url: '/api/collections?limit=50' })).json().collections as { handle: string; title: string; id: number }[];
    let chosen: { handle: string; title: string } | null = null;
    for (const c of collections) {
      const list = (await app.inject({ url: `/api/products/filter?c=${c.id}&limit=1` })).json();
      if (list.products.length > 0) {
        chosen = c;
        break;
      }
    }
    expect(chosen).not.toBeNull();
    const res = await app.inject({ url: `${config.storeConfig.collectionPath}/${chosen!.handle}` });
    expect(res.statusCode).toBe(200);
    const root = rootHtml(res.body);
    expect(text(root)).toContain(chosen!.title);
    const listing = pageData(res.body).queries.queries.find((q) => q.queryKey[0] === 'listing');
    const page = listing?.state.data as { products: { title: string }[] };
    expect(page.products.length).toBeGreaterThan(0);
    for (const card of page.products) expect(text(root)).toContain(card.title);
  });

  test('search results: the matches of the query', async () => {
    const word = products[0]!.title.split(/\s+/)[0]!;
    const res = await app.inject({ url: `/searchresults.asp?q=${encodeURIComponent(word)}` });
    expect(res.statusCode).toBe(200);
    const root = text(rootHtml(res.body));
    expect(root).toContain(`Search for "${word}"`);
    const listing = pageData(res.body).queries.queries.find((q) => q.queryKey[0] === 'listing');
    const page = listing?.state.data as { products: { title: string }[] };
    expect(page.products.length).toBeGreaterThan(0);
    expect(root).toContain(page.products[0]!.title);
  });

  test('content: a blog post with its title and body', async () => {
    const article = (await app.inject({ url: '/api/articles?limit=1' })).json().articles[0];
    const base = (config.storeConfig.articlePath as string) || '/blogs';
    const res = await app.inject({ url: `${base}/${article.handle}` });
    expect(res.statusCode).toBe(200);
    expect(text(rootHtml(res.body))).toContain(article.title);
  });
});

describe('status codes', () => {
  test.each([
    ['an unknown product', (c: typeof config) => `${c.storeConfig.productPath}/no-such-product-here`],
    ['an unknown collection', (c: typeof config) => `${c.storeConfig.collectionPath}/no-such-collection-here`],
    ['an unknown article', (c: typeof config) => `${(c.storeConfig.articlePath as string) || '/blogs'}/no-such-article-here`],
    ['an unknown help answer', () => '/help_answer/no-such-answer-here'],
    ['an unknown question', () => '/questions/ZZZ999/no-such-question'],
    ['an unknown brand', () => '/brands/No%20Such%20Brand%20Here'],
    ['an unknown path', () => '/no/such/page/here/at/all'],
  ])('%s answers 404 with the not-found page', async (_name, url) => {
    const res = await app.inject({ url: url(config) });
    expect(res.statusCode).toBe(404);
    expect(text(rootHtml(res.body))).toContain('404 Not Found');
  });

  test("a 'cat' the store knows answers a 301 to its collection, from the server", async () => {
    const collection = (await app.inject({ url: '/api/collections?limit=1' })).json().collections[0];
    const res = await app.inject({ url: `/searchresults.asp?cat=${collection.id}` });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe(`${config.storeConfig.collectionPath}/${collection.handle}`);
  });

  test("a 'cat' the store does not know shows the search page (200)", async () => {
    const res = await app.inject({ url: '/searchresults.asp?cat=999999' });
    expect(res.statusCode).toBe(200);
  });

  test("a render error answers 500 with the error fallback ('Oops.' / 'Something went wrong.')", async () => {
    const product = (await app.inject({ url: `/api/products/handle/${products[0]!.handle}` })).json().product;
    // the API answers a product whose pictures are not a list: the page throws while rendering
    const broken: Transport = async (call) => {
      const url = new URL(call.url);
      const json: [string, string][] = [['content-type', 'application/json']];
      if (url.pathname.startsWith('/api/products/handle/')) return { status: 200, headers: json, body: JSON.stringify({ product: { ...product, Images: 5, Options: 5, Variants: 5 } }) };
      const answer = await app.inject({ url: url.pathname + url.search });
      return { status: answer.statusCode, headers: [['content-type', String(answer.headers['content-type'] ?? '')]], body: answer.body };
    };
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => void errors.push(args);
    try {
      const page = await render({ url: `/products/${product.handle}`, origin: 'http://store.test', transport: broken, config, userAgent: '' });
      expect(page.status).toBe(500);
      expect(page.html).toContain('Oops.');
      expect(page.html).toContain('Something went wrong.');
      expect(page.data).toBeNull();
    } finally {
      console.error = original;
    }
    expect(errors.length).toBeGreaterThan(0);
  });
});

describe('render safety', () => {
  test('every route of the table renders in Node (no window or document during render or at import), without a render error', async () => {
    const failures: string[] = [];
    for (const row of routeTable(config.storeConfig)) {
      const url = row.path.replace(/:[A-Za-z]+/g, 'x').replace('*', 'no-such-page') || '/';
      const res = await app.inject({ url });
      if (res.statusCode >= 500 || !res.body.includes('<div id="root"><div class="app">')) failures.push(`${row.page} ${url} ${res.statusCode}`);
    }
    expect(failures).toEqual([]);
  }, 60_000);

  test('rendering pages writes nothing: no session, no cart (the shell asks for the cart in the browser only)', async () => {
    const count = async () => ({
      sessions: (await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM sessions'))!.n,
      carts: (await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM checkouts'))!.n,
    });
    const before = await count();
    for (const url of ['/?render-writes', `${config.storeConfig.productPath}/${products[3]!.handle}`, '/searchresults.asp?q=pump&render-writes']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['set-cookie'], url).toBeUndefined();
    }
    expect(await count()).toEqual(before);
  });

  test('a finished render leaves no timer behind (its timeout held the whole render alive until it fired)', async () => {
    const url = `${config.storeConfig.productPath}/${products[4]!.handle}`;
    const started: unknown[] = [];
    const cleared = new Set<unknown>();
    const realSet = globalThis.setTimeout;
    const realClear = globalThis.clearTimeout;
    const setSpy = vi.spyOn(globalThis, 'setTimeout').mockImplementation(((fn: () => void, ms?: number) => {
      const timer = realSet(fn, ms);
      // the render's own timeout (the database's pool keeps 10 s idle timers of its own)
      if (ms === 10_000 && (new Error().stack ?? '').includes('entry-server')) started.push(timer);
      return timer;
    }) as typeof setTimeout);
    const clearSpy = vi.spyOn(globalThis, 'clearTimeout').mockImplementation(((timer?: Parameters<typeof clearTimeout>[0]) => {
      cleared.add(timer);
      realClear(timer);
    }) as typeof clearTimeout);
    try {
      for (let i = 0; i < 3; i++) expect((await render({ url, origin: 'http://store.test', transport: inProcessTransport(), config, userAgent: '' })).status).toBe(200);
    } finally {
      setSpy.mockRestore();
      clearSpy.mockRestore();
    }
    expect(started).toHaveLength(3);
    expect(started.filter((timer) => !cleared.has(timer))).toEqual([]);
  });

  test('two concurrent renders of different products never mix (no state shared between requests)', async () => {
    const [a, b] = [products[1]!, products[2]!];
    const [ra, rb] = await Promise.all([
      app.inject({ url: `${config.storeConfig.productPath}/${a.handle}` }),
      app.inject({ url: `${config.storeConfig.productPath}/${b.handle}` }),
    ]);
    const [ta, tb] = [text(rootHtml(ra.body)), text(rootHtml(rb.body))];
    expect(ta).toContain(a.title);
    expect(tb).toContain(b.title);
    expect(ta).not.toContain(`<h1>${b.title}`);
    expect(rootHtml(ra.body)).not.toContain(`>${b.title}</h1>`);
    expect(rootHtml(rb.body)).not.toContain(`>${a.title}</h1>`);
    const keys = (html: string) => pageData(html).queries.queries.filter((q) => q.queryKey[0] === 'product').map((q) => q.queryKey[1]);
    expect(keys(ra.body)).toEqual([a.handle]);
    expect(keys(rb.body)).toEqual([b.handle]);
  });

  test('the page carries no executable inline script but the template\'s own (React adds none)', async () => {
    const res = await app.inject({ url: `${config.storeConfig.productPath}/${products[0]!.handle}` });
    const inline = [...rootHtml(res.body).matchAll(/<script(\s[^>]*)?>/g)].map((m) => m[1] ?? '');
    for (const attrs of inline) expect(attrs).toMatch(/type="application\/(ld\+)?json"/);
  });
});
