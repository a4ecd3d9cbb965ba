/**
 * The card and answer caches of the catalogue routes (search/cache.ts): a cache never changes
 * an answer. A write shows in the very next answer once `reindex` ran, a cached app answers
 * byte for byte what an app without caches answers, and the JSON text sent as is equals what
 * the routes' response schemas serialise.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '../../../../src/server/app.ts';
import { readConfig } from '../../../../src/server/platform/config/config.ts';
import type { Db } from '../../../../src/server/platform/db/database.ts';
import { acceptedEncoding } from '../../../../src/server/modules/catalogue/routes.ts';
import { sharedSchemas } from '../../../../src/server/modules/catalogue/schemas.ts';
import { CatalogueCache, REFRESHED_ANSWERS, type CachedAnswer } from '../../../../src/server/modules/search/cache.ts';
import { seededDb } from '../catalogue/catalogue.helpers.ts';
import { equipmentSummarySchema } from '../../../../src/server/modules/equipment/schemas.ts';

let db: Db;
let cached: FastifyInstance;
let uncached: FastifyInstance;
/** The card store without the answer cache: every answer searched (the benchmark's 'cards' row). */
let cardsOnly: FastifyInstance;

beforeAll(async () => {
  db = await seededDb(300, 23);
  const dataDir = mkdtempSync(join(tmpdir(), 'skimmer-cache-test-'));
  const webDir = join(dataDir, 'no-web');
  cached = await buildApp({ db, dataDir, webDir });
  uncached = await buildApp({ db, dataDir, webDir, catalogueCache: { cards: false, responseBytes: 0 } });
  cardsOnly = await buildApp({ db, dataDir, webDir, catalogueCache: { responseBytes: 0 } });
});
afterAll(async () => {
  await cached.close();
  await uncached.close();
  await cardsOnly.close();
});

/** Gives the event loop `n` turns (answers forgotten by a change are worked out again one a turn). */
const turns = async (n: number): Promise<void> => {
  for (let i = 0; i < n; i++) await new Promise((r) => setImmediate(r));
};
const one = async <T>(sql: string, params: unknown[] = []): Promise<T> => await db.get<T>(sql, params) as T;
const body = async (app: FastifyInstance, url: string): Promise<string> => (await app.inject({ url })).body;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read JSON answers loosely
const json = async (app: FastifyInstance, url: string): Promise<any> => JSON.parse(await body(app, url));
/** Every app sees every write: they share the database, and each keeps its own index and caches. */
const reindex = async (ids: number[]): Promise<void> => {
  await cached.catalogue.reindex(ids);
  await uncached.catalogue.reindex(ids);
  await cardsOnly.catalogue.reindex(ids);
};

const URLS = [
  '/api/products/filter',
  '/api/products/filter?q=pump&limit=8',
  '/api/products/filter?q=filter%20cartridge&sortBy=price_asc&page=1&limit=12',
  '/api/products/filter?sortBy=title_desc&limit=30&page=2',
  '/api/products/filter?t=Brand,AquaCrest&sortBy=best_selling',
  '/api/products/filter?minPrice=10&maxPrice=500&sortBy=top_rated&fields=title,handle,id,price',
  '/api/products/filter?isFeatured=true&limit=4',
  '/api/products/byIds?ids=3,1,2,1,99999',
  '/api/products/byIds?ids=5,4&fields=vendor,id,title',
];

describe('cached answers', () => {
  test('equal the answers of an app without caches, byte for byte, on a first and a repeated call', async () => {
    for (const url of URLS) {
      const cold = await body(uncached, url);
      expect(await body(cached, url), url).toBe(cold);
      expect(await body(cached, url), url).toBe(cold);
      expect(await body(cardsOnly, url), url).toBe(cold);
      expect(await body(cardsOnly, url), url).toBe(cold);
    }
    expect(cached.catalogue.cache.stats.responseHits).toBeGreaterThan(0);
  });

  test('a product write shows in the next search answer and card after reindex', async () => {
    const row = await one<{ id: number; title: string }>('SELECT id, title FROM products ORDER BY id LIMIT 1 OFFSET 7');
    const url = '/api/products/filter?q=xylophonic';
    const byId = `/api/products/byIds?ids=${row.id}`;
    expect((await json(cached, url)).products).toEqual([]);
    expect((await json(cardsOnly, url)).products).toEqual([]);
    expect((await json(cached, byId)).products[0].title).toBe(row.title);
    await db.run("UPDATE products SET title = 'Xylophonic Skimmer Basket' WHERE id = ?", [row.id]);
    await reindex([row.id]);
    const answer = await json(cached, url);
    expect(answer.products.map((p: { id: number }) => p.id)).toEqual([row.id]);
    expect(answer.products[0].title).toBe('Xylophonic Skimmer Basket');
    expect(answer.pageInfo.totalObjects).toBe(1);
    expect((await json(cached, byId)).products[0].title).toBe('Xylophonic Skimmer Basket');
    expect(await body(cached, url)).toBe(await body(uncached, url));
    expect(await body(cardsOnly, url)).toBe(await body(uncached, url));
  });

  test('a stock write (an order) shows in the cards of the next answer after reindex', async () => {
    const level = await one<{ id: number; product_id: number; quantity: number }>(
      `SELECT l.id, v.product_id, l.quantity FROM inventory_levels l JOIN variants v ON v.id = l.variant_id
       WHERE l.available_for_sale = 1 AND l.quantity > 3 ORDER BY v.product_id, v.position, v.id, l.position, l.id LIMIT 1`,
    );
    const url = `/api/products/byIds?ids=${level.product_id}`;
    const before = (await json(cached, url)).products[0];
    if (before.inventoryLevelId !== level.id) return; // the card shows another level first: nothing to see here
    await db.run('UPDATE inventory_levels SET quantity = quantity - 2 WHERE id = ?', [level.id]);
    await reindex([level.product_id]);
    expect((await json(cached, url)).products[0].availableQuantity).toBe(before.availableQuantity - 2);
    expect(await body(cached, url)).toBe(await body(uncached, url));
  });

  test('a price write moves the product in price order and in the facets of the next answer', async () => {
    const url = '/api/products/filter?sortBy=price_desc&limit=3';
    const first = await json(cached, url);
    await body(cardsOnly, url); // its facets (and their JSON) are now memoised
    // a product with a price to compare (a call-for-price product is in no price-sorted answer)
    const row = await one<{ id: number }>('SELECT id FROM products WHERE call_for_price = 0 ORDER BY id DESC LIMIT 1');
    await db.run('UPDATE products SET price_cents = 99999900 WHERE id = ?', [row.id]);
    await db.run(
      'UPDATE inventory_levels SET price_cents = 99999900 WHERE variant_id IN (SELECT id FROM variants WHERE product_id = ?)',
      [row.id],
    );
    await reindex([row.id]);
    const after = await json(cached, url);
    expect(after.products[0].id).toBe(row.id);
    expect(after.products[0].price).toBe(999999);
    expect(after.pageInfo.productMaxPrice).toBe(999999);
    expect(after.pageInfo.productMaxPrice).toBeGreaterThan(first.pageInfo.productMaxPrice);
    expect(await body(cached, url)).toBe(await body(uncached, url));
    expect(await body(cardsOnly, url)).toBe(await body(uncached, url));
  });

  test('a removed product leaves answers and cards after reindex', async () => {
    const row = await one<{ id: number; title: string }>('SELECT id, title FROM products ORDER BY id LIMIT 1 OFFSET 3');
    const byId = `/api/products/byIds?ids=${row.id}`;
    expect((await json(cached, byId)).products).toHaveLength(1);
    const total = (await json(cached, '/api/products/filter')).pageInfo.totalObjects;
    // the product row alone, its variants and pictures left behind (foreign keys off for the delete)
    if (db.dialect.name === 'postgres') {
      await db.transaction(async (tx) => {
        await tx.exec('SET LOCAL session_replication_role = replica');
        await tx.run('DELETE FROM products WHERE id = ?', [row.id]);
      });
    } else {
      await db.exec('PRAGMA foreign_keys = OFF');
      await db.run('DELETE FROM products WHERE id = ?', [row.id]);
      await db.exec('PRAGMA foreign_keys = ON');
    }
    await reindex([row.id]);
    expect((await json(cached, byId)).products).toEqual([]);
    expect((await json(cached, '/api/products/filter')).pageInfo.totalObjects).toBe(total - 1);
  });

  test("a price write keeps the cached answers not drawn from the product and recomputes those that were", async () => {
    const words = '/api/products/filter?q=xylophonic';
    const broad = '/api/products/filter?sortBy=price_asc&limit=5';
    const inside = await one<{ id: number }>("SELECT id FROM products WHERE title = 'Xylophonic Skimmer Basket'");
    const outside = await one<{ id: number }>("SELECT id FROM products WHERE title <> 'Xylophonic Skimmer Basket' AND call_for_price = 0 ORDER BY id LIMIT 1");
    const setPrice = async (id: number, cents: number): Promise<void> => {
      await db.run('UPDATE products SET price_cents = ? WHERE id = ?', [cents, id]);
      await db.run('UPDATE inventory_levels SET price_cents = ? WHERE variant_id IN (SELECT id FROM variants WHERE product_id = ?)', [cents, id]);
    };
    await body(cached, words);
    await body(cached, broad);
    const { stats } = cached.catalogue.cache;
    // the searches the cached app works out (by a shopper's request or after a change), by their words
    const { index } = cached.catalogue;
    const searchPage = index.searchPage.bind(index);
    const searched: string[] = [];
    index.searchPage = (query) => {
      searched.push(query.q ?? '');
      return searchPage(query);
    };
    try {
      // another product's price: the word answer stays cached, the broad one (drawn from every
      // product) is worked out again (after the change, or by the next request)
      await setPrice(outside.id, 1);
      await reindex([outside.id]);
      await turns(20);
      const hits = stats.responseHits;
      expect(await body(cached, words)).toBe(await body(uncached, words));
      expect(stats.responseHits - hits).toBe(1);
      expect((await json(cached, broad)).products[0].id).toBe(outside.id);
      expect(searched).not.toContain('xylophonic');
      expect(searched).toContain('');
      // the word answer's own product: forgotten, and worked out again before a shopper asks, with its new price
      await setPrice(inside.id, 4321);
      const refreshes = stats.refreshes;
      await reindex([inside.id]);
      await turns(20);
      expect(searched).toContain('xylophonic');
      expect(stats.refreshes).toBeGreaterThan(refreshes);
      const misses = stats.responseMisses;
      expect((await json(cached, words)).products[0].price).toBe(43.21);
      expect(stats.responseMisses - misses).toBe(0);
      expect(await body(cached, words)).toBe(await body(uncached, words));
    } finally {
      index.searchPage = searchPage;
    }
  });

  test('an answer worked out again after a change is compressed anew from the new answer', async () => {
    const url = '/api/products/filter?q=xylophonic&fields=title,price,id';
    const inside = await one<{ id: number }>("SELECT id FROM products WHERE title = 'Xylophonic Skimmer Basket'");
    const gz = async (): Promise<string> => {
      const res = await cached.inject({ url, headers: { 'accept-encoding': 'gzip' } });
      return res.headers['content-encoding'] === 'gzip' ? gunzipSync(res.rawPayload).toString() : res.body;
    };
    const before = await gz();
    await db.run('UPDATE products SET price_cents = 1234 WHERE id = ?', [inside.id]);
    await db.run('UPDATE inventory_levels SET price_cents = 1234 WHERE variant_id IN (SELECT id FROM variants WHERE product_id = ?)', [inside.id]);
    await reindex([inside.id]);
    await turns(20);
    const after = await gz();
    expect(after).not.toBe(before);
    expect(after).toBe(await body(uncached, url));
    expect(JSON.parse(after).products[0].price).toBe(12.34);
  });

  test('any sequence of price, stock, title, featured and collection writes: every answer equals an uncached app\'s', async () => {
    const urls = [
      '/api/products/filter?q=pump&limit=8',
      '/api/products/filter?q=pump&minPrice=20&maxPrice=300&sortBy=price_desc',
      '/api/products/filter?q=filter%20cartridge&sortBy=price_asc&limit=12',
      '/api/products/filter?q=zanzibar',
      '/api/products/filter?q=zanzibar%20pump',
      '/api/products/filter?q=heater&isFeatured=true',
      '/api/products/filter?isFeatured=true&limit=4',
      '/api/products/filter?sortBy=price_desc&limit=3',
    ];
    const ids = (await db.all<{ id: number }>('SELECT id FROM products WHERE call_for_price = 0 ORDER BY id LIMIT 40')).map((r) => r.id);
    const collection = await one<{ id: number }>('SELECT id FROM collections ORDER BY id LIMIT 1');
    const write = fc.oneof(
      fc.record({ kind: fc.constant('price' as const), cents: fc.integer({ min: 100, max: 900_000 }) }),
      fc.record({ kind: fc.constant('stock' as const), quantity: fc.integer({ min: 0, max: 40 }) }),
      fc.record({ kind: fc.constant('title' as const), title: fc.constantFrom('Zanzibar Pump Lid', 'Zanzibar Heater', 'Plain Basket', 'Pump Strainer') }),
      fc.record({ kind: fc.constant('featured' as const), on: fc.boolean() }),
      fc.record({ kind: fc.constant('collection' as const), on: fc.boolean() }),
    );
    await fc.assert(fc.asyncProperty(fc.array(fc.tuple(fc.constantFrom(...ids), write), { minLength: 1, maxLength: 6 }), async (writes) => {
      for (const url of urls) await body(cached, url);
      for (const [id, w] of writes) {
        if (w.kind === 'price') {
          await db.run('UPDATE products SET price_cents = ? WHERE id = ?', [w.cents, id]);
          await db.run('UPDATE inventory_levels SET price_cents = ? WHERE variant_id IN (SELECT id FROM variants WHERE product_id = ?)', [w.cents, id]);
        } else if (w.kind === 'stock') {
          await db.run('UPDATE inventory_levels SET quantity = ? WHERE variant_id IN (SELECT id FROM variants WHERE product_id = ?)', [w.quantity, id]);
        } else if (w.kind === 'title') {
          await db.run('UPDATE products SET title = ? WHERE id = ?', [w.title, id]);
        } else if (w.kind === 'featured') {
          await db.run('UPDATE products SET is_featured = ? WHERE id = ?', [w.on ? 1 : 0, id]);
        } else if (w.on) {
          await db.run('INSERT INTO product_collections (product_id, collection_id) VALUES (?, ?) ON CONFLICT DO NOTHING', [id, collection.id]);
        } else {
          await db.run('DELETE FROM product_collections WHERE product_id = ? AND collection_id = ?', [id, collection.id]);
        }
        await reindex([id]);
        for (const url of [...urls, `/api/products/filter?c=${collection.id}&q=pump`]) expect(await body(cached, url), url).toBe(await body(uncached, url));
      }
    }), { numRuns: 12 });
  });
});

describe('JSON text sent as is', () => {
  test("equals what the route's response schema serialises", async () => {
    // the same response schemas on a plain Fastify route that returns the parsed object
    const reference = Fastify();
    for (const schema of sharedSchemas) reference.addSchema(schema);
    let payload: unknown = null;
    const products = { type: 'array', items: { $ref: 'ProductCard#' } };
    reference.get('/search', {
      schema: { response: { 200: { type: 'object', properties: {
        products, pageInfo: { $ref: 'PageInfo#' },
        // a search with q also answers the models its number names and the part number it equals (issue 15)
        equipment: { type: 'array', items: equipmentSummarySchema },
        matchedPartNumber: { type: 'object', properties: { number: { type: 'string' }, kind: { type: 'string' }, productId: { type: 'integer' } } },
      } } } },
    }, async () => payload);
    reference.get('/cards', { schema: { response: { 200: { type: 'object', properties: { products } } } } }, async () => payload);
    await reference.ready();
    const leaf = await one<{ id: number }>('SELECT id FROM collections WHERE level = 1 LIMIT 1');
    const product = await one<{ id: number }>('SELECT product_id AS id FROM related_products LIMIT 1');
    const cases: [string, string][] = [
      ...URLS.filter((u) => u.includes('/filter')).map((u): [string, string] => [u, '/search']),
      ['/api/products/byIds?ids=9,8,7', '/cards'],
      ['/api/products/byIds?ids=9,8&fields=sku,id', '/cards'],
      [`/api/products/${product.id}/related`, '/cards'],
      [`/api/collections/${leaf.id}/products/featured?limit=5`, '/cards'],
    ];
    for (const [url, route] of cases) {
      const res = await cached.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toBe('application/json; charset=utf-8');
      payload = JSON.parse(res.body);
      const ref = await reference.inject({ url: route });
      expect(res.body, url).toBe(ref.body);
    }
    await reference.close();
  });
});

describe('CatalogueCache', () => {
  const FIELDS = ['id', 'title', 'price'];
  const values = (id: number): unknown[] => [id, `Pump "${id}"\u0001 é`, id / 100];
  const text = (id: number): string => JSON.stringify({ id, title: `Pump "${id}"\u0001 é`, price: id / 100 });
  const loader = (loads: number[][]) => (ids: readonly number[]) => {
    loads.push([...ids]);
    return new Map(ids.filter((id) => id < 100).map((id) => [id, values(id)] as const));
  };

  test('writes held cards as the JSON of their fields, in the order given, repeats and unknown ids skipped', () => {
    const loads: number[][] = [];
    const cache = new CatalogueCache(FIELDS, loader(loads));
    cache.preload([[1, 2], [3]]);
    expect(loads).toEqual([[1, 2], [3]]);
    const { json, count } = cache.cardsJson([3, 1, 3, 500]);
    expect(json.toString()).toBe(`${text(3)},${text(1)}`);
    expect(count).toBe(2);
    expect(loads.at(-1)).toEqual([500]); // only the id not held is read
    expect(cache.cardObjects([2])).toEqual([JSON.parse(text(2))]);
    expect(cache.cardsJson([]).json.toString()).toBe('');
  });

  test('writes the cards between a head and the tail parts given their count, in one buffer', () => {
    const cache = new CatalogueCache(FIELDS, loader([]));
    cache.preload([[1, 2]]);
    const out = cache.cardsWithin([2, 500, 1], Buffer.from('['), (count) => [Buffer.from(`]:${count}`), Buffer.from('!')]);
    expect(out.toString()).toBe(`[${text(2)},${text(1)}]:2!`);
    const off = new CatalogueCache(FIELDS, loader([]), { cards: false });
    expect(off.cardsWithin([1], Buffer.from('<'), (count) => [Buffer.from(`>${count}`)]).toString()).toBe(`<${text(1)}>1`);
  });

  test('holds the cards of any id, small and dense or not', () => {
    const ids = [1, 5_000_000, 2 ** 40, 0, 70_000];
    const cache = new CatalogueCache(FIELDS, (asked) => new Map(asked.map((id) => [id, values(id)] as const)));
    cache.preload([ids]);
    expect(cache.cardsJson([...ids].reverse()).json.toString()).toBe([...ids].reverse().map(text).join(','));
    cache.invalidate([2 ** 40, 70_000]);
    expect(cache.size.cards).toBe(3);
    expect(cache.cardsJson([70_000, 2 ** 40, 70_000]).json.toString()).toBe(`${text(70_000)},${text(2 ** 40)}`);
  });

  test('reads a card again after invalidate, and a card not held on first use', () => {
    const loads: number[][] = [];
    const cache = new CatalogueCache(FIELDS, loader(loads));
    cache.preload([[1, 2]]);
    cache.invalidate([1]);
    expect(cache.cardsJson([1, 2, 7]).json.toString()).toBe(`${text(1)},${text(2)},${text(7)}`);
    expect(loads.at(-1)).toEqual([1, 7]);
    expect(cache.size.cards).toBe(3);
  });

  test('keeps the same answers through many rewrites (the store compacts its old bytes)', () => {
    let version = 0;
    const cache = new CatalogueCache(['id', 'v'], (ids) => new Map(ids.map((id) => [id, [id, `${version}-${'x'.repeat(3000)}`]] as const)));
    const ids = Array.from({ length: 200 }, (_, i) => i + 1);
    cache.preload([ids]);
    for (version = 1; version <= 40; version++) {
      cache.invalidate(ids);
      cache.cardsJson(ids);
    }
    const cards = cache.cardObjects(ids);
    expect(cards.map((c) => c.id)).toEqual(ids);
    expect(cards.every((c) => String(c.v).startsWith('40-'))).toBe(true);
    expect(cache.size.cardBytes).toBeLessThan(40 * 200 * 3000);
  });

  test('with a byte budget: answers stay whole, the cards held stay within it, the start-up reads a quarter of it, and cards shown often stay', () => {
    const BUDGET = 4 * 2 ** 20;
    const big = (id: number): unknown[] => [id, `${id}-${'x'.repeat(2900)}`];
    const loads: number[][] = [];
    const cache = new CatalogueCache(['id', 'v'], (ids) => {
      loads.push([...ids]);
      return new Map(ids.filter((id) => id <= 6000).map((id) => [id, big(id)] as const));
    }, { cardBytes: BUDGET });
    const expected = (ids: readonly number[]): string => [...new Set(ids)].filter((id) => id <= 6000).map((id) => JSON.stringify({ id, v: big(id)[1] })).join(',');
    // the start-up stops at a quarter of the budget (about 350 cards of 3 KB)
    cache.preload(Array.from({ length: 60 }, (_, b) => Array.from({ length: 100 }, (_, i) => b * 100 + i + 1)));
    expect(loads.length).toBe(4);
    expect(cache.size.cards).toBe(400);
    expect(cache.size.cards * 2900).toBeLessThanOrEqual(BUDGET);
    const hot = Array.from({ length: 24 }, (_, i) => 5000 + i);
    fc.assert(fc.property(fc.array(fc.array(fc.integer({ min: 1, max: 6100 }), { maxLength: 48 }), { minLength: 1, maxLength: 40 }), (pages) => {
      for (const page of pages) {
        expect(cache.cardsJson(page).json.toString()).toBe(expected(page));
        expect(cache.cardsJson(hot).json.toString()).toBe(expected(hot));
        expect(cache.size.cards * 2900).toBeLessThanOrEqual(BUDGET);
      }
    }), { numRuns: 40 });
    // a hot page shown between pages that walk the whole catalogue (4 times what fits) is read once
    const hotter = Array.from({ length: 24 }, (_, i) => 5500 + i);
    for (let k = 0; k < 250; k++) {
      cache.cardsJson(Array.from({ length: 24 }, (_, i) => 1 + ((k * 24 + i) % 6000)));
      expect(cache.cardsJson(hotter).json.toString()).toBe(expected(hotter));
    }
    expect(loads.filter((l) => l.includes(5500))).toHaveLength(1);
  });

  test('with cards off, every answer reads its cards', () => {
    const loads: number[][] = [];
    const cache = new CatalogueCache(FIELDS, loader(loads), { cards: false });
    cache.preload([[1, 2]]);
    expect(loads).toEqual([]);
    expect(cache.cardsJson([2, 1]).json.toString()).toBe(`${text(2)},${text(1)}`);
    expect(cache.cardsJson([2]).json.toString()).toBe(text(2));
    expect(loads).toEqual([[2, 1], [2]]);
  });

  test('keeps at most the configured answer bytes, least recently used out first', () => {
    const cache = new CatalogueCache(FIELDS, () => new Map(), { responseBytes: 10 });
    let computed = 0;
    const answer = (body: string) => () => { computed++; return Buffer.from(body); };
    cache.response('a', answer('12345'));
    cache.response('b', answer('12345'));
    cache.response('a', answer('12345'));
    expect(computed).toBe(2);
    cache.response('c', answer('123')); // over 10 bytes: b (least recently used) goes
    cache.response('a', answer('12345'));
    expect(computed).toBe(3);
    cache.response('b', answer('12345'));
    expect(computed).toBe(4);
    cache.response('big', answer('12345678901')); // larger than the whole cache: never kept
    cache.response('big', answer('12345678901'));
    expect(computed).toBe(6);
  });

  test('a write that leaves what selects its products forgets only the answers drawn from them, and those kept without their ids', () => {
    const cache = new CatalogueCache(FIELDS, () => new Map());
    const computed: string[] = [];
    const answer = (key: string, from: number[] | null) => cache.answer(key, () => {
      computed.push(key);
      return { body: Buffer.from(key), from: from === null ? null : Uint32Array.from(from) };
    });
    const all = (): void => {
      answer('a', [1, 5, 9]);
      answer('b', [2, 7]);
      answer('c', null);
      answer('d', []);
    };
    all();
    cache.forgetAnswersOf([7, 100]);
    all();
    expect(computed).toEqual(['a', 'b', 'c', 'd', 'b', 'c']);
    cache.forgetAnswersOf([9]);
    all();
    expect(computed.slice(6)).toEqual(['a', 'c']);
    cache.forgetAnswers();
    all();
    expect(computed.slice(8)).toEqual(['a', 'b', 'c', 'd']);
  });

  test('answers a change forgot are worked out again, the most recently used first, at most REFRESHED_ANSWERS, unless asked meanwhile', () => {
    const cache = new CatalogueCache(FIELDS, () => new Map());
    const computed: string[] = [];
    const answer = (key: string) => cache.answer(key, () => {
      computed.push(key);
      return { body: Buffer.from(`${key}:${computed.length}`), from: Uint32Array.of(1) };
    });
    const keys = Array.from({ length: REFRESHED_ANSWERS + 4 }, (_, i) => `k${i}`);
    for (const k of keys) answer(k);
    answer('k0'); // now the most recently used
    computed.length = 0;
    cache.forgetAnswersOf([2]);
    expect(cache.refreshOne()).toBe(false); // nothing drawn from product 2
    cache.forgetAnswersOf([1]);
    expect(cache.size.responses).toBe(0);
    answer('k19'); // a shopper asked first: worked out by the request, not again by the refresh
    computed.length = 0;
    while (cache.refreshOne());
    expect(computed).toEqual(['k0', 'k18', 'k17', 'k16', 'k15', 'k14', 'k13', 'k12', 'k11', 'k10', 'k9', 'k8', 'k7', 'k6', 'k5']);
    expect(cache.stats.refreshes).toBe(REFRESHED_ANSWERS - 1);
    const misses = cache.stats.responseMisses;
    answer('k0');
    expect(cache.stats.responseMisses).toBe(misses);
    // forgetting every answer drops those waiting
    cache.forgetAnswersOf([1]);
    cache.forgetAnswers();
    expect(cache.refreshOne()).toBe(false);
  });

  test('a renewal works the most recently used answers out again one a step while the old ones are given, then installs them at once; a compressed answer is made from the renewed plain one', () => {
    const cache = new CatalogueCache(FIELDS, () => new Map());
    let version = 1;
    const computed: string[] = [];
    const plain = (key: string) => (): CachedAnswer => {
      computed.push(key);
      return { body: Buffer.from(`${key}@${version}`), from: null };
    };
    const answer = (key: string) => cache.answer(key, plain(key)).body.toString();
    // a compressed answer's work reads its plain answer through the cache, as the route does
    const packed = (key: string) => cache.answer(`gz ${key}`, () => {
      computed.push(`gz ${key}`);
      const now = cache.answer(key, plain(key));
      return { body: Buffer.from(`gz(${now.body.toString()})`), from: now.from };
    }).body.toString();
    const keys = Array.from({ length: REFRESHED_ANSWERS + 3 }, (_, i) => `k${i}`);
    for (const k of keys) answer(k);
    expect(packed('k0')).toBe('gz(k0@1)'); // the most recently used, with k0 just before it
    computed.length = 0;
    version = 2; // the index now has the change
    const renewal = cache.renewAnswers();
    // the first step works out the compressed answer, and with it the plain one it is made from
    expect(renewal.step()).toBe(true);
    expect(computed).toEqual(['gz k0', 'k0']);
    // meanwhile shoppers are given the answers of before
    expect(packed('k0')).toBe('gz(k0@1)');
    expect(answer('k18')).toBe('k18@1');
    let steps = 1;
    for (;;) {
      steps++;
      if (!renewal.step()) break;
    }
    expect(steps).toBe(REFRESHED_ANSWERS);
    // the 16 most recently used: gz k0, k0 (already renewed with it), then k18 down to k5
    expect(computed).toEqual(['gz k0', 'k0', ...Array.from({ length: REFRESHED_ANSWERS - 2 }, (_, i) => `k${18 - i}`)]);
    expect(answer('k4')).toBe('k4@1');
    cache.forgetAnswers();
    renewal.install();
    computed.length = 0;
    expect(packed('k0')).toBe('gz(k0@2)');
    expect(answer('k0')).toBe('k0@2');
    expect(answer('k5')).toBe('k5@2');
    expect(computed).toEqual([]);
    // the ones not renewed are worked out when asked
    expect(answer('k4')).toBe('k4@2');
    expect(computed).toEqual(['k4']);
  });

  test('an answer that fails to be worked out again in a renewal is left to the next shopper who asks', () => {
    const cache = new CatalogueCache(FIELDS, () => new Map());
    let broken = false;
    cache.answer('bad', () => {
      if (broken) throw new Error('no longer valid');
      return { body: Buffer.from('bad@1'), from: null };
    });
    cache.answer('good', () => ({ body: Buffer.from(broken ? 'good@2' : 'good@1'), from: null }));
    broken = true;
    const renewal = cache.renewAnswers();
    expect(renewal.step()).toBe(true);
    expect(renewal.step()).toBe(false);
    expect(cache.stats.refreshes).toBe(1);
    cache.forgetAnswers();
    renewal.install();
    expect(cache.answer('good', () => ({ body: Buffer.from('missed'), from: null })).body.toString()).toBe('good@2');
    expect(() => cache.answer('bad', () => {
      throw new Error('no longer valid');
    })).toThrow('no longer valid');
  });

  test('any write clears every answer', () => {
    const cache = new CatalogueCache(FIELDS, () => new Map());
    let computed = 0;
    const compute = (): Buffer => { computed++; return Buffer.from('{}'); };
    cache.response('k', compute);
    cache.response('k', compute);
    cache.invalidate([12345]);
    cache.response('k', compute);
    expect(computed).toBe(2);
  });
});

describe('SEARCH_CACHE_MB', () => {
  test('sizes the answer cache in megabytes: 24 by default, 0 turns it off, junk stops the start', () => {
    expect(readConfig({}).searchCacheMb).toBe(24);
    expect(readConfig({ SEARCH_CACHE_MB: '0' }).searchCacheMb).toBe(0);
    expect(readConfig({ SEARCH_CACHE_MB: '128' }).searchCacheMb).toBe(128);
    expect(() => readConfig({ SEARCH_CACHE_MB: '-1' })).toThrow('SEARCH_CACHE_MB');
    expect(() => readConfig({ SEARCH_CACHE_MB: 'lots' })).toThrow('SEARCH_CACHE_MB');
  });
});

describe('compressed answers', () => {
  test.each([
    ['br', 'br'], ['gzip, deflate, br', 'br'], ['gzip', 'gzip'], ['br;q=0, gzip;q=0.5', 'gzip'], ['*', 'br'],
    ['identity', null], ['deflate', null], ['br;q=0', null], ['', null],
  ])('accept-encoding %j picks %j', (header, expected) => {
    expect(acceptedEncoding({ headers: { 'accept-encoding': header } })).toBe(expected);
  });

  test('x-no-compression or no accept-encoding picks none', () => {
    expect(acceptedEncoding({ headers: {} })).toBeNull();
    expect(acceptedEncoding({ headers: { 'accept-encoding': 'br', 'x-no-compression': '1' } })).toBeNull();
  });

  test('a search answer comes compressed as asked, from the cache the second time, and decodes to the plain answer', async () => {
    const url = '/api/products/filter?q=pool&limit=30&sortBy=title_asc';
    const plain = await cached.inject({ url });
    expect(plain.headers.vary).toBe('accept-encoding');
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const [encoding, decode] of [['br', brotliDecompressSync], ['gzip', gunzipSync]] as const) {
      const hitsBefore = cached.catalogue.cache.stats.responseHits;
      for (let i = 0; i < 2; i++) {
        const res = await cached.inject({ url, headers: { 'accept-encoding': encoding } });
        expect(res.headers['content-encoding']).toBe(encoding);
        expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(decode(res.rawPayload).toString()).toBe(plain.body);
      }
      expect(cached.catalogue.cache.stats.responseHits).toBeGreaterThanOrEqual(hitsBefore + 3);
    }
    const cold = await uncached.inject({ url, headers: { 'accept-encoding': 'br' } });
    expect(brotliDecompressSync(cold.rawPayload).toString()).toBe(plain.body);
    const searched = await cardsOnly.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(searched.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(searched.rawPayload).toString()).toBe(plain.body);
  });
});
