/**
 * Price phrases in q for every client of GET /api/products/filter: read by the storefront
 * pill's rules (the domain's parser), applied as minPrice / maxPrice, removed from q, and
 * named in pageInfo.priceFilter; the answer cache keeps the two spellings apart.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { readPricePhrases } from '../../../../src/server/modules/search/price.ts';
import { getJson, seededApp } from '../catalogue/catalogue.helpers.ts';

describe('readPricePhrases', () => {
  test('reads a phrase as the pill would, leaving the other words', () => {
    expect(readPricePhrases('variable speed pump under $800', undefined, undefined)).toEqual({
      q: 'variable speed pump', minPrice: undefined, maxPrice: 800,
      read: [{ phrase: 'under $800', bound: 'max', price: 800, text: 'Price filter: under $800.00' }],
    });
  });

  test('reads a minimum and a maximum, each in turn', () => {
    const r = readPricePhrases('heater over 1,000 usd below $2500.50', undefined, undefined);
    expect(r).toMatchObject({ q: 'heater', minPrice: 1000, maxPrice: 2500.5 });
    expect(r.read.map((p) => p.bound)).toEqual(['min', 'max']);
  });

  test('leaves a phrase that contradicts the other bound as words, and replaces a bound on its own side', () => {
    expect(readPricePhrases('pump under $100', 200, undefined)).toEqual({ q: 'pump under $100', minPrice: 200, maxPrice: undefined, read: [] });
    expect(readPricePhrases('pump under $300', undefined, 500)).toMatchObject({ q: 'pump', maxPrice: 300 });
  });

  test('reads no phrase from sizes and model numbers, nor an amount above what the route accepts', () => {
    expect(readPricePhrases('1.5 hp pump', undefined, undefined).read).toEqual([]);
    expect(readPricePhrases('pump under $5000000000', undefined, undefined, 1_000_000_000)).toMatchObject({ q: 'pump under $5000000000', read: [] });
  });

  test('a query that is only a phrase leaves no q', () => {
    expect(readPricePhrases('under $50', undefined, undefined)).toMatchObject({ q: undefined, maxPrice: 50 });
  });
});

describe('GET /api/products/filter with a price phrase in q', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    ({ app } = await seededApp(300, 11));
  });
  afterAll(async () => {
    await app.close();
  });

  const ids = (body: { products: { id: number }[] }): number[] => body.products.map((p) => p.id);

  test('answers as the same words with the bound applied, and says which filter it read', async () => {
    const typed = await getJson(app, `/api/products/filter?q=${encodeURIComponent('pump under $500')}&limit=48&fields=id,price`);
    const given = await getJson(app, '/api/products/filter?q=pump&maxPrice=500&limit=48&fields=id,price');
    expect(typed.status).toBe(200);
    expect(typed.body.products.length).toBeGreaterThan(0);
    expect(ids(typed.body)).toEqual(ids(given.body));
    for (const p of typed.body.products as { price: number }[]) expect(p.price).toBeLessThanOrEqual(500);
    expect(typed.body.pageInfo.priceFilter).toEqual([{ phrase: 'under $500', bound: 'max', price: 500, text: 'Price filter: under $500.00' }]);
    // the explicit spelling read no phrase (and the answer cache did not hand it the other one)
    expect(given.body.pageInfo.priceFilter).toBeUndefined();
    expect(given.body.pageInfo.totalObjects).toBe(typed.body.pageInfo.totalObjects);
  });

  test('a minimum and a maximum in one q', async () => {
    const { body } = await getJson(app, `/api/products/filter?q=${encodeURIComponent('heater over $100 under 3000 USD')}&limit=48&fields=id,price`);
    expect(body.pageInfo.priceFilter.map((p: { bound: string; price: number }) => [p.bound, p.price])).toEqual([['min', 100], ['max', 3000]]);
    for (const p of body.products as { price: number }[]) {
      expect(p.price).toBeGreaterThanOrEqual(100);
      expect(p.price).toBeLessThanOrEqual(3000);
    }
  });

  test('a phrase contradicting the minPrice given stays words: no filter read', async () => {
    const { status, body } = await getJson(app, `/api/products/filter?q=${encodeURIComponent('pump under $100')}&minPrice=200&limit=4`);
    expect(status).toBe(200);
    expect(body.pageInfo.priceFilter).toBeUndefined();
  });

  test('an amount beyond the accepted range is not read and never fails the request', async () => {
    const { status, body } = await getJson(app, `/api/products/filter?q=${encodeURIComponent('pump under $99999999999')}&limit=4`);
    expect(status).toBe(200);
    expect(body.pageInfo.priceFilter).toBeUndefined();
  });

  test('no phrase, no priceFilter: the page info is as before', async () => {
    const { body } = await getJson(app, '/api/products/filter?q=pump&limit=4');
    expect(Object.keys(body.pageInfo)).not.toContain('priceFilter');
  });
});
