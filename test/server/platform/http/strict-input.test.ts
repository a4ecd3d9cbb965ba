/**
 * Strict input (issue 16 item 2): one way to read numbers from query strings, paths and form
 * fields (security/numbers.ts), applied to every numeric parameter of every route by the
 * validator (security/validation.ts): `1e999`, `-0`, `0x1F`, `NaN`, `Infinity`, other scripts'
 * digits, numbers past 2^53 and empty text answer 400 `{ error }`, never 500 or a silent reading.
 */
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { isStrictNumberText, parseStrictNumber } from '../../../../src/server/platform/http/numbers.ts';
import { holdsNul, NUL_TEXT_ERROR, numericParameters } from '../../../../src/server/platform/http/validation.ts';
import { seededApp } from '../../modules/catalogue/catalogue.helpers.ts';
import { signedInShopper } from '../../modules/checkout/cart.helpers.ts';
import { BAD_NUMBER_TEXTS, badNumberText, numericParametersOf, urlWith, type NumericParameter } from '../../junk.helpers.ts';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

let app: FastifyInstance;
let cookie = '';
let params: NumericParameter[] = [];
let pathParams: Map<string, { in: string; name: string; schema?: { type?: string | string[] } }[]> = new Map();

/** The operators' token, so their routes (which answer 404 without one) reach their validation too. */
const ADMIN_TOKEN = 'strict-input-operators';

beforeAll(async () => {
  vi.stubEnv('ADMIN_TOKEN', ADMIN_TOKEN);
  const seeded = await seededApp(60, 5);
  vi.unstubAllEnvs();
  app = seeded.app;
  // signed in, so routes that need a customer reach their validation the same way
  cookie = (await signedInShopper(seeded.db)).cookie;
  ({ params, pathParams } = await numericParametersOf(app));
});
afterAll(async () => {
  await app.close();
});

describe('parseStrictNumber: the one way to read a number written as text', () => {
  test.each([
    ['0', true, 0], ['42', true, 42], ['-7', true, -7], ['2147483647', true, 2147483647], ['9007199254740991', true, 9007199254740991],
    ['19.99', false, 19.99], ['0.5', false, 0.5], ['-3.25', false, -3.25], ['1000000000', false, 1_000_000_000],
  ])('%s (integer: %s) reads %d', (text, integer, value) => {
    expect(parseStrictNumber(text, { integer })).toBe(value);
  });

  test.each(BAD_NUMBER_TEXTS.map((t) => [t]))('%j is refused, as an integer and as a decimal', (text) => {
    expect(parseStrictNumber(text, { integer: true })).toBeNull();
    expect(parseStrictNumber(text, { integer: false })).toBeNull();
  });

  test('1.5 is a decimal, not an integer; ranges are inclusive', () => {
    expect(parseStrictNumber('1.5', { integer: true })).toBeNull();
    expect(parseStrictNumber('1.5', { integer: false, min: 1.5, max: 1.5 })).toBe(1.5);
    expect(parseStrictNumber('0', { integer: true, min: 1 })).toBeNull();
    expect(parseStrictNumber('101', { integer: true, max: 100 })).toBeNull();
    expect(parseStrictNumber(undefined, { integer: true })).toBeNull();
  });

  test('property: every accepted text is the canonical decimal writing of a finite safe number', () => {
    fc.assert(fc.property(fc.oneof(fc.string({ maxLength: 25 }), badNumberText, fc.integer().map(String), fc.double().map(String)), (text) => {
      for (const integer of [true, false]) {
        const n = parseStrictNumber(text, { integer });
        if (n === null) continue;
        expect(Number.isFinite(n)).toBe(true);
        expect(Math.abs(Math.trunc(n))).toBeLessThanOrEqual(Number.MAX_SAFE_INTEGER);
        expect(Object.is(n, -0)).toBe(false);
        expect(/^-?[0-9]+(\.[0-9]+)?$/.test(text)).toBe(true);
        if (integer) expect(Number.isInteger(n)).toBe(true);
      }
    }), { numRuns: 2000 });
    fc.assert(fc.property(badNumberText, (text) => {
      expect(isStrictNumberText(text, true)).toBe(false);
      expect(isStrictNumberText(text, false)).toBe(false);
    }), { numRuns: 1000 });
  });

  test('numericParameters finds integer, number and list-of-number properties, not text ones', () => {
    const found = numericParameters({
      type: 'object',
      properties: { page: { type: 'integer' }, price: { type: 'number' }, ids: { type: 'array', items: { type: 'integer' } }, q: { type: 'string' }, both: { type: ['string', 'integer'] } },
    });
    expect([...found]).toEqual([['page', 'integer'], ['price', 'number'], ['ids', 'integer']]);
  });
});

async function expect400(url: string, method: string): Promise<void> {
  const hasBody = method === 'POST' || method === 'PUT';
  const res = await app.inject({
    method: method as 'GET', url, headers: { cookie, origin: 'http://localhost:80', authorization: `Bearer ${ADMIN_TOKEN}`, ...(hasBody ? { 'content-type': 'application/json' } : {}) }, ...(hasBody ? { payload: '{}' } : {}),
  });
  expect(res.statusCode, `${method} ${url}`).toBe(400);
  expect(res.headers['content-type'], url).toMatch(/^application\/json/);
  const body = res.json();
  expect(Object.keys(body), url).toEqual(['error']);
  expect(body.error, url).toMatch(/must be (integer|number)/);
}

describe('every numeric parameter of every route refuses junk numbers with 400 { error }', () => {
  test('the routes have numeric parameters to check (the OpenAPI document lists them)', () => {
    expect(params.length).toBeGreaterThan(30);
    expect(params).toContainEqual(expect.objectContaining({ path: '/api/products/filter', name: 'maxPrice', kind: 'number' }));
  });

  test('/api/products/filter?maxPrice=1e999 (was a 500)', async () => {
    await expect400('/api/products/filter?maxPrice=1e999', 'GET');
  });

  test('each fixed junk text on each numeric parameter', async () => {
    for (const p of params) {
      for (const text of BAD_NUMBER_TEXTS) {
        // an empty path segment names no route (404); empty query values are checked
        if (p.in === 'path' && text === '') continue;
        await expect400(urlWith(p, text, pathParams.get(`${p.method.toLowerCase()} ${p.path}`) ?? []), p.method);
      }
    }
  });

  test('property: generated junk numbers on any numeric parameter', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...params), badNumberText.filter((t) => t !== ''), async (p, text) => {
        await expect400(urlWith(p, text, pathParams.get(`${p.method.toLowerCase()} ${p.path}`) ?? []), p.method);
      }),
      { numRuns: 400 },
    );
  });

  test('well-written numbers still pass validation', async () => {
    for (const url of ['/api/products/filter?minPrice=0&maxPrice=19.99&page=0&limit=24', '/api/products/filter?maxPrice=1000000000', '/api/collections?page=1&limit=4', '/api/articles?page=0&limit=5', '/api/reviews/siteReviews?page=0&limit=3']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(200);
    }
  });
});

describe('a NUL character in the API text inputs answers 400 { error } (PostgreSQL answered 500)', () => {
  test.each([
    ['GET', '/api/products/handle/%00', undefined],
    ['GET', '/api/products/handle/pump%00x', undefined],
    ['GET', '/api/products/filter?q=pu%00mp', undefined],
    ['GET', '/checkout/%00', undefined],
    ['POST', '/api/newsletterSubscriptions/confirm', { token: 'a\u0000b' }],
  ] as const)('%s %s', async (method, url, body) => {
    const res = await app.inject({
      method, url, headers: { cookie, origin: 'http://localhost:80', ...(body ? { 'content-type': 'application/json' } : {}) }, ...(body ? { payload: JSON.stringify(body) } : {}),
    });
    expect(res.statusCode, `${method} ${url}`).toBe(400);
    expect(res.json()).toEqual({ error: NUL_TEXT_ERROR });
  });

  test('holdsNul looks into strings, arrays, objects and their keys', () => {
    expect(holdsNul('a\u0000')).toBe(true);
    expect(holdsNul({ lines: [{ title: 'ok' }, { title: 'x\u0000' }] })).toBe(true);
    expect(holdsNul({ ['k\u0000']: 1 })).toBe(true);
    expect(holdsNul({ lines: [{ title: 'ok', quantity: 2 }], note: null })).toBe(false);
  });
});
