/**
 * Bad input on every cart, checkout and order route: generated junk bodies, queries, path
 * segments and headers never give a 500, every 4xx is exactly `{ error }`, and the database
 * keeps its invariants (no pending idempotency key left behind, no line over its stock, every
 * order with lines and a transaction).
 */
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import type { Db } from '../../../../src/server/platform/db/database.ts';
import { call, checkoutIdOf, commerceApp, signedInShopper, stockedLevel } from './cart.helpers.ts';
import { badNumberText } from '../../junk.helpers.ts';

// a seeded app on a shared, loaded machine: generous time, exact assertions
vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

let app: FastifyInstance;
let db: Db;
let cookie = '';
let checkoutId = '';
let levelId = 0;

beforeAll(async () => {
  ({ app, db } = await commerceApp());
  cookie = (await signedInShopper(db)).cookie;
  levelId = (await stockedLevel(db, 1, 0, 40)).id;
  checkoutId = checkoutIdOf((await call(app, 'GET', '/api/checkouts', { cookie })).body.checkout);
});
afterAll(async () => {
  await app.close();
});

const junkString = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.constantFrom('', ' ', '%', '%ZZ', '..', '\u0000', 'null', 'NaN', 'Infinity', '-1', '0', '1.5', '1e309', '9'.repeat(30), '{}', '[]', 'SAVE10', "'; DROP TABLE checkouts; --", 'x'.repeat(300)),
);
const junkNumber = fc.oneof(fc.integer(), fc.double(), fc.constantFrom(0, -1, 1, 2, 2 ** 31, Number.MAX_SAFE_INTEGER, 9999, 10000));
const junkValue: fc.Arbitrary<unknown> = fc.oneof(junkString, junkNumber, fc.boolean(), fc.constant(null), fc.jsonValue({ maxDepth: 2 }));
const lineLike = fc.record({ inventoryLevelId: fc.oneof(junkValue, fc.constant('LEVEL')), quantity: junkValue }, { requiredKeys: [] });
const body = fc.oneof(
  lineLike,
  fc.record({ lineItems: fc.oneof(fc.array(lineLike, { maxLength: 5 }), junkValue) }, { requiredKeys: [] }),
  fc.record({ handles: fc.oneof(fc.array(junkString, { maxLength: 4 }), junkValue) }, { requiredKeys: [] }),
  junkValue,
);
const rawBody = fc.oneof(body.map((b) => JSON.stringify(b)), junkString, fc.constant(''), fc.constant('{"a":'), fc.constant('{"__proto__":{"x":1}}'));
// ids in paths: junk text, and numbers a lenient Number() would read (1e999, 0x1F, -0, ...)
const seg = fc.oneof(junkString.map(encodeURIComponent), badNumberText.filter((t) => t !== '').map(encodeURIComponent), fc.constantFrom('1', '0', '-1', '99999999', 'CHECKOUT', 'LINE', '2147483648', 'abc'));
const code = fc.oneof(junkString, fc.constantFrom('SAVE10', 'TAKE5', 'FREESHIP', 'EXPIRED2020', 'BIG50', 'FIRST10'));

type Req = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: string; headers: Record<string, string> };
const withSeg = (s: string) => s.replace('CHECKOUT', encodeURIComponent(checkoutId));
const contentType = fc.constantFrom('application/json', 'application/json; charset=utf-8', 'text/plain', 'application/x-www-form-urlencoded', '');
const idemKey = fc.option(fc.oneof(fc.constantFrom('k1', 'k2', 'k3'), junkString.filter((s) => /^[\x20-\x7e]*$/.test(s))), { nil: undefined });

const requests: fc.Arbitrary<Req> = fc.oneof(
  fc.tuple(rawBody, contentType, idemKey).map(([payload, type, key]) => ({ method: 'POST' as const, url: '/api/checkouts/lineItems', payload, headers: { 'content-type': type, ...(key === undefined ? {} : { 'idempotency-key': key }) } })),
  fc.tuple(rawBody, contentType).map(([payload, type]) => ({ method: 'PUT' as const, url: '/api/checkouts/lineItems', payload, headers: { 'content-type': type } })),
  fc.tuple(seg, contentType).map(([s, type]) => ({ method: 'DELETE' as const, url: `/api/checkouts/lineItems/${s}`, headers: { 'content-type': type } })),
  fc.tuple(seg, code, fc.constantFrom('POST', 'DELETE') as fc.Arbitrary<'POST' | 'DELETE'>).map(([s, c, method]) => ({
    method, url: `/api/checkouts/${withSeg(s)}/discountCodes?code=${encodeURIComponent(c)}`, headers: { 'content-type': 'application/json' },
  })),
  fc.tuple(seg, code).map(([s, c]) => ({ method: 'POST' as const, url: `/api/checkouts/${withSeg(s)}/discountCodes?${encodeURIComponent(c)}`, headers: { 'content-type': 'application/json' } })),
  fc.tuple(rawBody, idemKey).map(([payload, key]) => ({ method: 'POST' as const, url: '/api/checkouts/products', payload, headers: { 'content-type': 'application/json', ...(key === undefined ? {} : { 'idempotency-key': key }) } })),
  seg.map((s) => ({ method: 'GET' as const, url: `/api/orders/${s}`, headers: {} })),
  fc.tuple(seg, seg).map(([o, p]) => ({ method: 'POST' as const, url: `/api/orders/${o}/relatedProducts/${p}`, headers: { 'content-type': 'application/json' } })),
  fc.constant({ method: 'GET' as const, url: '/api/orders', headers: {} }),
  fc.constant({ method: 'GET' as const, url: '/api/checkouts', headers: {} }),
  fc.tuple(seg, fc.dictionary(fc.constantFrom('email', 'firstName', 'address1', 'zip', 'countryCode', 'cardNumber', 'expMonth', 'expYear', 'cvc', 'addressId', 'paymentMethodId'), junkString)).map(([s, form]) => ({
    method: 'POST' as const, url: `/checkout/${withSeg(s)}`, payload: new URLSearchParams(form).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' },
  })),
);

async function invariants(): Promise<void> {
  expect((await db.get<{ n: number }>("SELECT COUNT(*) AS n FROM idempotency_keys WHERE state = 'pending'"))?.n).toBe(0);
  expect((await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM checkout_line_items WHERE quantity <= 0 OR quantity > 9999'))?.n).toBe(0);
  expect(
    (await db.get<{ n: number }>(
      `SELECT COUNT(*) AS n FROM checkout_line_items li JOIN inventory_levels l ON l.id = li.inventory_level_id JOIN checkouts c ON c.id = li.checkout_id
       WHERE c.status = 'open' AND l.bypass_negative_quantity = 0 AND li.quantity > l.quantity`,
    ))?.n,
  ).toBe(0);
  expect((await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM orders o WHERE NOT EXISTS (SELECT 1 FROM order_lines l WHERE l.order_id = o.id) OR NOT EXISTS (SELECT 1 FROM transactions t WHERE t.order_id = o.id)'))?.n).toBe(0);
}

describe('junk on every cart, checkout and order route', () => {
  test('never a 500; every 4xx is exactly { error }; no half-written rows', async () => {
    await fc.assert(
      fc.asyncProperty(requests, fc.boolean(), async (req, signedIn) => {
        const payload = req.payload?.replace('LEVEL', String(levelId));
        const headers: Record<string, string> = { ...req.headers };
        if (headers['content-type'] === '') delete headers['content-type'];
        if (signedIn) headers.cookie = cookie;
        const res = await app.inject({ method: req.method, url: req.url, headers, ...(payload === undefined ? {} : { payload }) });
        expect(res.statusCode, `${req.method} ${req.url} ${payload ?? ''}`).toBeLessThan(500);
        if (res.statusCode >= 400 && String(res.headers['content-type']).includes('json')) {
          const parsed = res.json() as Record<string, unknown>;
          expect(Object.keys(parsed)).toEqual(['error']);
          expect(typeof parsed.error).toBe('string');
        }
        await invariants();
      }),
      { numRuns: 400 },
    );
  }, 120_000);
});
