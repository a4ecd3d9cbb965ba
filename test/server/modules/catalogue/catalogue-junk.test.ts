/**
 * Bad input never produces a 500: generated junk (random strings, huge numbers, negative pages,
 * unknown sorts, repeated and odd t values, unicode, path junk) thrown at every catalogue route
 * answers 2xx or 4xx JSON; 4xx answers are exactly `{ error }`.
 */
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { seededApp } from './catalogue.helpers.ts';
import { badNumberText } from '../../junk.helpers.ts';

let app: FastifyInstance;

beforeAll(async () => {
  ({ app } = await seededApp(200, 21));
});
afterAll(async () => {
  await app.close();
});

const junkString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.constantFrom('', ' ', '%', '%ZZ', '%00', '..', '../..', '\u0000', 'null', 'undefined', 'NaN', 'Infinity', '-Infinity',
    '1e309', '-0', '0x10', '1.5', '9'.repeat(40), 'true', '[]', '{}', 'Brand,', ',x', 'Brand,AquaCrest', 'a,b,c',
    'SPX-1600-S', 'spx1600', '💧🏊', 'ß', 'İ', "'; DROP TABLE products; --", '<script>', 'x'.repeat(300)),
);
const junkNumber = fc.oneof(
  fc.integer().map(String),
  fc.double().map(String),
  // texts a lenient Number() reads (1e999 is Infinity, 0x1F is 31): strict input refuses them
  badNumberText,
  fc.constantFrom('-1', '0', '1', '4', '24', '100', '101', '100000', '100001', String(Number.MAX_SAFE_INTEGER), '1e308', '2147483648'),
);
const junkValue = fc.oneof(junkString, junkNumber);
const sorts = fc.oneof(fc.constantFrom('', 'id_asc', 'id_desc', 'title_asc', 'title_desc', 'price_asc', 'price_desc', 'top_rated', 'best_selling', 'PRODUCT_COUNT', 'NAME'), junkString);

const param = (name: string, value: fc.Arbitrary<string>) => value.map((v) => [name, v] as [string, string]);
const searchParams = fc.array(
  fc.oneof(
    param('q', junkString), param('v', junkString), param('t', junkValue), param('t', junkValue),
    param('minPrice', junkNumber), param('maxPrice', junkNumber), param('sortBy', sorts), param('limit', junkNumber),
    param('page', junkNumber), param('c', junkValue), param('isFeatured', junkValue), param('fields', junkValue),
    param('ids', junkValue), param('order', fc.oneof(fc.constantFrom('ASC', 'DESC'), junkString)), param(`x${'y'}`, junkString),
  ),
  { maxLength: 8 },
);

const query = (pairs: [string, string][]): string => (pairs.length === 0 ? '' : `?${new URLSearchParams(pairs).toString()}`);
const seg = fc.oneof(junkString.map(encodeURIComponent), junkString, junkNumber, fc.constantFrom('1', '2', '999999', 'pumps', 'handle'));

const routes: fc.Arbitrary<string>[] = [
  fc.tuple(seg, searchParams).map(([h, q]) => `/api/products/handle/${h}${query(q)}`),
  searchParams.map((q) => `/api/products/filter${query(q)}`),
  searchParams.map((q) => `/api/collections${query(q)}`),
  fc.tuple(seg, searchParams).map(([c, q]) => `/api/collections/${c}${query(q)}`),
  fc.tuple(seg, searchParams).map(([h, q]) => `/api/collections/handle/${h}${query(q)}`),
  fc.tuple(seg, searchParams).map(([id, q]) => `/api/collections/${id}/products/featured${query(q)}`),
  fc.tuple(seg, searchParams).map(([id, q]) => `/api/collections/${id}/hierarchy${query(q)}`),
  fc.tuple(seg, searchParams).map(([id, q]) => `/api/collections/${id}/upper-hierarchy${query(q)}`),
  searchParams.map((q) => `/api/products/vendors/fullDetail${query(q)}`),
  searchParams.map((q) => `/api/products/byIds${query(q)}`),
  fc.tuple(seg, searchParams).map(([id, q]) => `/api/products/${id}/related${query(q)}`),
  fc.tuple(seg, searchParams).map(([id, q]) => `/api/products/${id}/reviews${query(q)}`),
  fc.tuple(seg, searchParams).map(([id, q]) => `/api/products/${id}/questions${query(q)}`),
  fc.tuple(seg, seg).map(([a, b]) => `/media/images/${a}-${b}.png`),
  seg.map((a) => `/media/pdfs/${a}`),
  fc.tuple(seg, seg).map(([a, b]) => `/media/models/${a}/${b}`),
  fc.tuple(fc.constantFrom('products', 'collections'), seg, seg).map(([a, b, c]) => `/api/${a}/${b}/${c}`),
];

async function expectNeverServerError(url: string): Promise<void> {
  const res = await app.inject({ method: 'GET', url });
  expect(res.statusCode, url).toBeLessThan(500);
  if (res.statusCode >= 400) {
    expect(res.headers['content-type'], url).toMatch(/^application\/json/);
    const body = res.json();
    expect(Object.keys(body), url).toEqual(['error']);
    expect(typeof body.error).toBe('string');
  } else if (url.startsWith('/api/')) {
    expect(res.headers['content-type'], url).toMatch(/^application\/json/);
  }
}

describe('junk numbers answer 400', () => {
  test('any generated junk number in a numeric parameter of a catalogue route answers 400 { error }', async () => {
    const numeric = fc.constantFrom(
      '/api/products/filter?minPrice=', '/api/products/filter?maxPrice=', '/api/products/filter?page=', '/api/products/filter?limit=',
      '/api/collections?maxPrice=', '/api/collections?page=', '/api/products/vendors/fullDetail?limit=', '/api/products/1/reviews?page=',
      '/api/collections/1/products/featured?limit=',
    );
    await fc.assert(fc.asyncProperty(numeric, badNumberText, async (prefix, text) => {
      const res = await app.inject({ method: 'GET', url: `${prefix}${encodeURIComponent(text)}` });
      expect(res.statusCode, `${prefix}${text}`).toBe(400);
      expect(Object.keys(res.json())).toEqual(['error']);
    }), { numRuns: 300 });
  });
});

describe('junk input never produces a 500', () => {
  test('any generated URL on any catalogue route answers 2xx or 4xx JSON', async () => {
    await fc.assert(fc.asyncProperty(fc.oneof(...routes), expectNeverServerError), { numRuns: 600 });
  });

  describe('counter examples', () => {
    test.each([
      '/api/products/filter?t=Brand',
      '/api/products/filter?t=,',
      '/api/products/filter?t=Brand,AquaCrest&t=Brand,Hydrapeak&t=Part%20Type,Pump',
      '/api/products/filter?minPrice=1e308',
      '/api/products/filter?maxPrice=1e999',
      '/api/products/filter?minPrice=Infinity&maxPrice=-0',
      '/api/collections?maxPrice=1e999',
      '/api/products/filter?page=100000&limit=100',
      '/api/products/filter?q=%F0%9F%92%A7',
      '/api/products/filter?c=0',
      '/api/products/filter?c=9999999999',
      '/api/products/filter?sortBy=best_selling&sortBy=id_asc',
      '/api/products/handle/%ZZ',
      '/api/products/handle/..%2F..%2Fetc%2Fpasswd',
      '/api/collections/%00',
      '/api/collections?q=%27%3B%20DROP%20TABLE%20products',
      '/api/products/byIds?ids=99999999999',
      '/api/products/0/related',
      '/media/images/1-900.png',
      '/media/pdfs/..%2F..%2Fetc%2Fpasswd',
    ])('%s', async (url) => {
      await expectNeverServerError(url);
    });
  });
});
