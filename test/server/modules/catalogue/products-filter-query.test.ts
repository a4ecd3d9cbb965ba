/**
 * The server reads the products-filter query with the storefront's own reader: whatever spelling
 * of a query the route accepts, it answers exactly as it answers the query the domain's writer
 * makes of the domain reader's reading (`productsFilterQuery(parseProductsFilterQuery(s))`).
 */
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SORT_OPTIONS } from '../../../../src/domain/search.ts';
import { parseProductsFilterQuery, productsFilterQuery } from '../../../../src/domain/urls.ts';
import type { Db } from '../../../../src/server/platform/db/database.ts';
import { getJson, seededApp } from './catalogue.helpers.ts';

let app: FastifyInstance;
let db: Db;
let vendors: string[];
let tags: [string, string][];
let collections: number[];

beforeAll(async () => {
  ({ app, db } = await seededApp(300, 11));
  vendors = (await db.all<{ vendor: string }>('SELECT name AS vendor FROM vendors WHERE id IN (SELECT vendor_id FROM products) ORDER BY id LIMIT 6')).map((r) => r.vendor);
  tags = (await db.all<{ prefix: string; value: string }>('SELECT prefix, value FROM tags ORDER BY id LIMIT 12')).map((r) => [r.prefix, r.value]);
  collections = (await db.all<{ id: number }>('SELECT id FROM collections ORDER BY id LIMIT 6')).map((r) => r.id);
});
afterAll(async () => {
  await app.close();
});

const enc = encodeURIComponent;
const padded = (text: string) => fc.constantFrom(text, ` ${text}`, `${text}  `);
const price = fc.integer({ min: 0, max: 600 }).map((n) => fc.constantFrom(String(n), `${n}.5`, `${n}.00`)).chain((a) => a);

/** Query strings the route accepts, in spellings the storefront writes and in others it does not. */
const rawQuery = (fieldNames: readonly string[]) =>
  fc
    .record(
      {
        text: fc.tuple(fc.constantFrom('q', 'search'), fc.constantFrom('pump', 'filter', 'valve', 'o-ring', 'motor')).chain(([key, word]) => padded(word).map((w) => `${key}=${enc(w)}`)),
        v: fc.constantFrom(...vendors).chain(padded).map((v) => `v=${enc(v)}`),
        t: fc.array(fc.constantFrom(...tags).chain(([p, v]) => padded(v).map((value) => `t=${enc(p)},${enc(value)}`)), { minLength: 1, maxLength: 3 }).map((ts) => ts.join('&')),
        min: price.map((p) => `minPrice=${p}`),
        max: price.map((p) => `maxPrice=${p}`),
        sortBy: fc.constantFrom(...SORT_OPTIONS.map((o) => o.value)).map((s) => `sortBy=${s}`),
        limit: fc.integer({ min: 1, max: 100 }).map((n) => `limit=${n}`),
        page: fc.integer({ min: 0, max: 3 }).map((n) => `page=${n}`),
        c: fc.constantFrom(...collections).map((c) => `c=${c}`),
        isFeatured: fc.constantFrom('true', 'false').map((b) => `isFeatured=${b}`),
        fields: fc.array(fc.constantFrom(...fieldNames), { minLength: 1, maxLength: 4 }).map((fs) => `fields=${fs.join(',')}`),
      },
      { requiredKeys: [] },
    )
    .chain((parts) => fc.shuffledSubarray(Object.values(parts), { minLength: Object.keys(parts).length }))
    .map((parts) => parts.join('&'));

describe('the products-filter query is read by the domain reader', () => {
  test('GET /api/products/filter answers a query as it answers the domain writer\'s spelling of its reading', async () => {
    await fc.assert(
      fc.asyncProperty(rawQuery(['id', 'title', 'handle', 'price', 'vendor']), async (raw) => {
        const given = await getJson(app, `/api/products/filter?${raw}`);
        const written = await getJson(app, `/api/products/filter?${productsFilterQuery(parseProductsFilterQuery(raw))}`);
        expect(given.status, raw).toBe(200);
        expect(given.body, raw).toEqual(written.body);
      }),
      { numRuns: 60 },
    );
  });

  test('GET /api/collections reads the same query the same way', async () => {
    await fc.assert(
      fc.asyncProperty(rawQuery(['id', 'title', 'handle', 'minPrice', 'maxPrice']), async (raw) => {
        const given = await getJson(app, `/api/collections?${raw}`);
        const written = await getJson(app, `/api/collections?${productsFilterQuery(parseProductsFilterQuery(raw))}`);
        expect(given.status, raw).toBe(200);
        expect(given.body, raw).toEqual(written.body);
      }),
      { numRuns: 40 },
    );
  });

  test.each([
    ['a maximum not above the minimum is dropped, as the price inputs drop it', 'minPrice=50&maxPrice=50', 'minPrice=50.00'],
    ["'search' is the page URL's name of q", 'search=pump&limit=48', 'q=pump&limit=48'],
  ])('%s', async (_title, raw, same) => {
    const given = await getJson(app, `/api/products/filter?${raw}`);
    expect(given.status).toBe(200);
    expect(given.body).toEqual((await getJson(app, `/api/products/filter?${same}`)).body);
  });

  // the swap keeps this refusal: the domain reader alone would drop such a tag and search without it
  test.each(['t=Brand', 't=,', 't=Brand,', 't=,Pentair'])("a tag the reader would drop (%s) is refused, not ignored: 400 { error }", async (raw) => {
    const { status, body } = await getJson(app, `/api/products/filter?${raw}`);
    expect(status).toBe(400);
    expect(Object.keys(body)).toEqual(['error']);
  });
});
