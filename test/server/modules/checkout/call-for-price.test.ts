/**
 * Call-for-price products (issue 31), marked by their flag: the search compares them by no price
 * (no price filter, no price sort, not the highest price), while a product priced 0 without the
 * flag is a price like any other; the product and card answers carry the flag; the seed sets it.
 * The cart's refusal is in call-for-price-cart.test.ts.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../../src/server/platform/db/database.ts';
import { createFastSearchIndex, createLinearSearchIndex, type SearchDocument } from '../../../../src/server/modules/search/index.ts';
import type { IndexQuery } from '../../../../src/server/modules/search/types.ts';
import { generateCatalogue } from '../../../../src/server/seed/generate.ts';
import { getJson, seededApp } from '../catalogue/catalogue.helpers.ts';

const doc = (id: number, priceCents: number, callForPrice?: boolean): SearchDocument => ({
  id, title: `Pool pump ${id}`, description: '', vendor: 'AquaCrest', partNumbers: [`PN-${id}`], tags: [['Part Type', 'Pump']],
  collectionIds: [1], priceCents, isFeatured: false, avgRating: 0, totalReviews: 0, salesCount: id,
  ...(callForPrice === undefined ? {} : { callForPrice }),
});

// a priced pump, a free one, a pump quoted by phone whose stored price is high, one quoted by phone at 0
const DOCS = [doc(1, 50_00), doc(2, 0), doc(3, 9_999_00, true), doc(4, 0, true)];

describe.each([
  ['the fast index', createFastSearchIndex],
  ['the scanning index', createLinearSearchIndex],
] as const)('%s', (_name, create) => {
  const index = create(DOCS);
  const ask = (q: Omit<IndexQuery, 'limit' | 'page'>) => index.search({ limit: 50, page: 0, ...q });

  test.each([
    ['a price ceiling', { maxPriceCents: 100_00 }, [2, 1]],
    ['a price floor of 0', { minPriceCents: 0 }, [2, 1]],
    ['a price range', { minPriceCents: 0, maxPriceCents: 20_000_00 }, [2, 1]],
    ['the lowest price first', { sortBy: 'price_asc' as const }, [2, 1]],
    ['the highest price first', { sortBy: 'price_desc' as const }, [1, 2]],
  ])('%s lists the priced and the free product, no product quoted by phone', (_case, q, ids) => {
    const answer = ask(q);
    // without a price sort, the best sellers first (salesCount is the id here)
    expect(answer.ids).toEqual(ids);
    expect(answer.totalObjects).toBe(2);
  });

  test('without a price filter or sort every product is listed, and the highest price is not a quoted one', () => {
    const answer = ask({ sortBy: 'id_asc' });
    expect(answer.ids).toEqual([1, 2, 3, 4]);
    expect(answer.productMaxPriceCents).toBe(50_00);
    expect(ask({ q: 'pump', maxPriceCents: 10_00 }).productMaxPriceCents).toBe(50_00);
  });

  test('a product that becomes quoted by phone leaves the price filters at once', () => {
    const own = create(DOCS);
    own.upsert(doc(1, 50_00, true));
    expect(own.search({ limit: 50, page: 0, maxPriceCents: 100_00 }).ids).toEqual([2]);
    own.upsert(doc(1, 50_00, false));
    expect(own.search({ limit: 50, page: 0, maxPriceCents: 100_00, sortBy: 'price_desc' }).ids).toEqual([1, 2]);
  });
});

describe('the seeded catalogue', () => {
  let app: FastifyInstance;
  let db: Db;
  let quoted: number[];
  beforeAll(async () => {
    ({ app, db } = await seededApp(300, 11));
    quoted = (await db.all<{ id: number }>('SELECT id FROM products WHERE call_for_price = 1 ORDER BY id')).map((r) => r.id);
  });
  afterAll(async () => {
    await app.close();
  });

  type Listed = { products: { id: number; price: number; callForPrice: boolean }[] };
  /** Every page of a search, in order. */
  const listed = async (query: string): Promise<Listed['products']> => {
    const products: Listed['products'] = [];
    for (let page = 0; page < 10; page += 1) {
      const res = await getJson(app, `/api/products/filter?${query}&limit=100&page=${page}&fields=id,price,callForPrice`);
      expect(res.status).toBe(200);
      products.push(...(res.body as Listed).products);
      if ((res.body as Listed).products.length < 100) break;
    }
    return products;
  };

  test('the seed flags the products it prices for a call (priced 0), and only those', async () => {
    expect(quoted.length).toBeGreaterThan(0);
    const generated = [...generateCatalogue({ products: 300, seed: 11 }).products()];
    expect(generated.filter((p) => p.callForPrice).map((p) => p.id)).toEqual(quoted);
    for (const p of generated) expect(p.callForPrice).toBe(p.priceCents === 0);
  });

  test('a plain list keeps them, with the flag on their cards', async () => {
    const all = await listed('sortBy=id_asc');
    expect(all.filter((p) => p.callForPrice).map((p) => p.id)).toEqual(quoted);
    expect(all.filter((p) => !p.callForPrice).every((p) => p.callForPrice === false)).toBe(true);
  });

  test.each([
    ['a price ceiling', 'maxPrice=100'],
    ['a price floor of 0', 'minPrice=0'],
    ['a ceiling read from the words', `q=${encodeURIComponent('pump under $100')}`],
    ['the lowest price first', 'sortBy=price_asc'],
    ['the highest price first', 'sortBy=price_desc'],
  ])('%s lists no call-for-price product', async (_name, query) => {
    const products = await listed(query);
    expect(products.length).toBeGreaterThan(0);
    expect(products.filter((p) => p.callForPrice || quoted.includes(p.id))).toEqual([]);
  });

  test('the product answer carries the flag', async () => {
    const row = await db.get<{ handle: string }>('SELECT handle FROM products WHERE id = ?', [quoted[0]]);
    const res = await getJson(app, `/api/products/handle/${row!.handle}`);
    expect(res.status).toBe(200);
    expect(res.body.product.callForPrice).toBe(true);
    const other = await db.get<{ handle: string }>('SELECT handle FROM products WHERE call_for_price = 0 ORDER BY id LIMIT 1');
    expect((await getJson(app, `/api/products/handle/${other!.handle}`)).body.product.callForPrice).toBe(false);
  });
});
