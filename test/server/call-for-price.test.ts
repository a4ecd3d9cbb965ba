/**
 * Call-for-price products (a price of 0) in GET /api/products/filter: a price ceiling or floor
 * never matches them and a price sort does not list them first; the unpriced lists keep them.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { getJson, seededApp } from './catalogue.helpers.ts';

describe('call-for-price products in the product search', () => {
  let app: FastifyInstance;
  let unpriced: number[];
  beforeAll(async () => {
    ({ app } = await seededApp(300, 11));
    unpriced = (await listed('')).products.filter((p) => p.price === 0).map((p) => p.id);
  });
  afterAll(async () => {
    await app.close();
  });

  type Listed = { products: { id: number; price: number }[] };
  /** Every page of a search, in order. */
  const listed = async (query: string): Promise<Listed> => {
    const products: Listed['products'] = [];
    for (let page = 0; page < 10; page += 1) {
      const res = await getJson(app, `/api/products/filter?${query}&limit=100&page=${page}&fields=id,price`);
      expect(res.status).toBe(200);
      products.push(...(res.body as Listed).products);
      if ((res.body as Listed).products.length < 100) break;
    }
    return { products };
  };

  test('the seeded catalogue has call-for-price products, and a plain list keeps them', () => {
    expect(unpriced.length).toBeGreaterThan(0);
  });

  test.each([
    ['a price ceiling', 'maxPrice=100'],
    ['a price floor of 0', 'minPrice=0'],
    ['a ceiling read from the words', `q=${encodeURIComponent('under $100')}`],
    ['the lowest price first', 'sortBy=price_asc'],
    ['the highest price first', 'sortBy=price_desc'],
  ])('%s lists no call-for-price product', async (_name, query) => {
    const body = await listed(query);
    expect(body.products.length).toBeGreaterThan(0);
    expect(body.products.filter((p) => p.price === 0)).toEqual([]);
  });

  test('the lowest-price-first list opens with the cheapest priced product', async () => {
    const body = await listed('sortBy=price_asc');
    const prices = body.products.map((p) => p.price);
    expect(prices[0]).toBe(Math.min(...prices));
    expect(prices[0]).toBeGreaterThan(0);
  });
});
