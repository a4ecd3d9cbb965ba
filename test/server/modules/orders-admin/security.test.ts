/**
 * Who may do what to an order, and bad input: the fulfilment role lists, reads, ships and prints
 * packing slips, and is refused (403, nothing written) cancel, refunds, returns, receipts and
 * notes; staff may do them all; an API token needs the orders scope; junk bodies on every order
 * write answer 400 `{ error }` and write nothing; an unknown order answers 404. On SQLite and
 * (server-pg project) PostgreSQL. (Anonymous callers, customers and swapped CSRF tokens are the
 * authorization test's, generated over the OpenAPI document: test/server/modules/admin.)
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import type { Db } from '../../../../src/server/platform/db/database.ts';
import { PERMISSION_DENIED } from '../../../../src/server/platform/http/operator-access.ts';
import { bootstrap } from '../admin/admin.helpers.ts';
import {
  freshLevels, opCall, ordersApp, placeOrder, sessionHeaders, signedInOperator, writeFingerprint, type PlacedOrder, type SignedInOperator,
} from './orders-admin.helpers.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

let app: FastifyInstance;
let db: Db;
let owner: SignedInOperator;
let staff: SignedInOperator;
let fulfilment: SignedInOperator;
let shipped: PlacedOrder;
let returnId = 0;

const UPS = { carrier: 'ups', trackingNumber: '1Z999AA10123456784' };

beforeAll(async () => {
  ({ app, db } = await ordersApp());
  owner = await signedInOperator(app, 'owner');
  staff = await signedInOperator(app, 'staff');
  fulfilment = await signedInOperator(app, 'fulfilment');
  const [a, b] = await freshLevels(db, 2);
  shipped = await placeOrder(app, db, [{ levelId: a!, quantity: 3 }, { levelId: b!, quantity: 2 }]);
  await opCall(app, owner, 'POST', `/api/admin/orders/${shipped.orderId}/fulfilments`, { ...UPS, lines: [{ lineId: shipped.lineIds[0], quantity: 2 }] });
  const ret = await opCall(app, owner, 'POST', `/api/admin/orders/${shipped.orderId}/returns`, { lines: [{ lineId: shipped.lineIds[0], quantity: 1 }], reason: 'Wrong size' });
  returnId = ret.body.return.id;
});
afterAll(async () => {
  await app?.close();
});

/** Every write of the module on the shipped order, with a valid body (paths made once the order exists). */
const WRITES: readonly (readonly [string, () => string, () => unknown])[] = [
  ['cancel', () => `/api/admin/orders/${shipped.orderId}/cancel`, () => ({ reason: 'Customer asked' })],
  ['refund', () => `/api/admin/orders/${shipped.orderId}/refunds`, () => ({ amountCents: 100 })],
  ['return', () => `/api/admin/orders/${shipped.orderId}/returns`, () => ({ lines: [{ lineId: shipped.lineIds[0], quantity: 1 }], reason: 'Too big' })],
  ['receive', () => `/api/admin/orders/${shipped.orderId}/returns/${returnId}/receive`, () => ({ restock: true })],
  ['note', () => `/api/admin/orders/${shipped.orderId}/notes`, () => ({ body: 'A note' })],
];

describe('the fulfilment role', () => {
  test('lists, reads, ships and prints the packing slip', async () => {
    expect((await opCall(app, fulfilment, 'GET', '/api/admin/orders')).status).toBe(200);
    expect((await opCall(app, fulfilment, 'GET', `/api/admin/orders/${shipped.orderId}`)).status).toBe(200);
    expect((await opCall(app, fulfilment, 'GET', `/admin/orders/${shipped.orderId}/packing-slip`)).status).toBe(200);
    expect((await opCall(app, fulfilment, 'GET', `/admin/orders/${shipped.orderId}/invoice`)).status).toBe(200);
    const [c] = await freshLevels(db, 1);
    const other = await placeOrder(app, db, [{ levelId: c!, quantity: 1 }]);
    const res = await opCall(app, fulfilment, 'POST', `/api/admin/orders/${other.orderId}/fulfilments`, UPS);
    expect(res.status).toBe(200);
    expect(res.body.fulfilment.by).toMatchObject({ kind: 'operator', id: fulfilment.id });
  });

  test.each(['cancel', 'refund', 'return', 'receive', 'note'])('is refused %s with 403 and nothing written', async (name) => {
    const [, url, body] = WRITES.find(([n]) => n === name)!;
    const before = await writeFingerprint(db);
    const res = await opCall(app, fulfilment, 'POST', url(), body());
    expect(res).toMatchObject({ status: 403, body: { error: PERMISSION_DENIED } });
    expect(Object.keys(res.body)).toEqual(['error']);
    expect(await writeFingerprint(db)).toBe(before);
  });
});

describe('staff and API tokens', () => {
  test('staff may refund and write notes', async () => {
    expect((await opCall(app, staff, 'POST', `/api/admin/orders/${shipped.orderId}/notes`, { body: 'Staff was here' })).status).toBe(200);
    const res = await opCall(app, staff, 'POST', `/api/admin/orders/${shipped.orderId}/refunds`, { amountCents: 100, reason: 'Goodwill' });
    expect(res.status).toBe(200);
    expect(res.body.refund.by).toMatchObject({ kind: 'operator', id: staff.id });
  });

  test('a token with the orders scope may refund; one with the catalogue scope is refused', async () => {
    const make = async (scopes: string[]) => {
      const res = await app.inject({ method: 'POST', url: '/api/admin/tokens', headers: { ...sessionHeaders(owner) }, payload: { name: `t-${scopes.join()}`, scopes } });
      return { authorization: `Bearer ${res.json().token as string}`, 'content-type': 'application/json' };
    };
    const orders = await make(['orders']);
    const catalogue = await make(['catalogue']);
    const ok = await app.inject({ method: 'POST', url: `/api/admin/orders/${shipped.orderId}/refunds`, headers: orders, payload: { amountCents: 100 } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().refund.by.kind).toBe('token');
    const before = await writeFingerprint(db);
    const refused = await app.inject({ method: 'POST', url: `/api/admin/orders/${shipped.orderId}/refunds`, headers: catalogue, payload: { amountCents: 100 } });
    expect(refused.statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/api/admin/orders', headers: catalogue })).statusCode).toBe(403);
    expect(await writeFingerprint(db)).toBe(before);
    // ADMIN_TOKEN (the bootstrap credential) acts as an owner
    expect((await app.inject({ method: 'GET', url: `/api/admin/orders/${shipped.orderId}`, headers: bootstrap })).statusCode).toBe(200);
  });
});

describe('bad input', () => {
  const JUNK = [
    '{}', '[]', '"text"', 'null', '7', '{"unknown":true}', '{"reason":""}', '{"reason":"   "}', '{"body":""}', '{"body":"  "}', '{"restock":"yes"}',
    '{"amountCents":-5}', '{"amountCents":1.5}', '{"amountCents":"100"}', '{"lines":"all"}', '{"lines":[{"lineId":1,"quantity":0}],"reason":"x"}',
    '{"carrier":"pigeon","trackingNumber":"1Z999AA1"}', '{"carrier":"ups"}', '{"lines":[{"lineId":"1","quantity":1}],"reason":"x"}', '{"amountCents":100', 'not json',
  ];
  const junkTargets: [string, () => string][] = [
    ['fulfilments', () => `/api/admin/orders/${shipped.orderId}/fulfilments`],
    ...WRITES.map(([name, url]): [string, () => string] => [name, url]),
  ];
  test.each(junkTargets)('junk bodies on %s answer 400 { error } and write nothing', async (_name, url) => {
    const before = await writeFingerprint(db);
    for (const payload of JUNK) {
      const res = await app.inject({ method: 'POST', url: url(), headers: sessionHeaders(owner), payload });
      expect(res.statusCode, `${payload}: ${res.body}`).toBe(400);
      expect(Object.keys(res.json()), payload).toEqual(['error']);
    }
    expect(await writeFingerprint(db)).toBe(before);
  });

  test('an Idempotency-Key with characters outside its alphabet answers 400', async () => {
    const res = await opCall(app, owner, 'POST', `/api/admin/orders/${shipped.orderId}/refunds`, { amountCents: 100 }, { 'idempotency-key': 'a b<c>' });
    expect(res.status).toBe(400);
  });

  test.each([
    ['GET', '/api/admin/orders/99999999', undefined],
    ['POST', '/api/admin/orders/99999999/fulfilments', UPS],
    ['POST', '/api/admin/orders/99999999/cancel', { reason: 'x' }],
    ['POST', '/api/admin/orders/99999999/refunds', { amountCents: 100 }],
    ['POST', '/api/admin/orders/99999999/returns', { lines: [{ lineId: 1, quantity: 1 }], reason: 'x' }],
    ['POST', '/api/admin/orders/99999999/notes', { body: 'x' }],
    ['GET', '/admin/orders/99999999/packing-slip', undefined],
    ['GET', '/admin/orders/99999999/invoice', undefined],
  ] as const)('%s %s answers 404 { error }', async (method, url, body) => {
    const res = await opCall(app, owner, method, url, body);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'Order not found.' });
  });

  test('a return of another order\'s id answers 404', async () => {
    const res = await opCall(app, owner, 'POST', `/api/admin/orders/${shipped.orderId}/returns/99999999/receive`, { restock: true });
    expect(res).toMatchObject({ status: 404, body: { error: 'Return not found.' } });
  });

  test.each([
    ['status=shipped'], ['payment=free'], ['from=yesterday'], ['to=2026-13-45'], ['limit=0'], ['limit=201'], ['before=12'], ['before=abc'],
    ['before=2026-01-01T00:00:00.000Z'], ['before=2026-01-01T00:00:00.000Z_x'], [`q=${'x'.repeat(101)}`],
  ])('the list refuses %s with 400', async (query) => {
    const res = await opCall(app, owner, 'GET', `/api/admin/orders?${query}`);
    expect(res.status, res.text).toBe(400);
    expect(Object.keys(res.body)).toEqual(['error']);
  });
});
