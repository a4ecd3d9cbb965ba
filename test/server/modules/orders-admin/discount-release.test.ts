/**
 * A discount code's use comes back when its order is cancelled, on both databases: the code's
 * uses go down and its redemption row goes, in the cancel's transaction and recorded in the
 * cancel's audit entry, so a code with one use left, once per customer and once per IP, takes
 * the same customer from the same address again. A full refund without a cancel keeps the use
 * (the order happened), and a refused cancel gives nothing back.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import type { Db } from '../../../../src/server/platform/db/database.ts';
import { checkoutIdOf, signedInShopper } from '../checkout/cart.helpers.ts';
import { CHECKOUT_FORM, freshLevels, opCall, ordersApp, sessionHeaders, signedInOperator, type SignedInOperator } from './orders-admin.helpers.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

let app: FastifyInstance;
let db: Db;
let owner: SignedInOperator;
let fulfilment: SignedInOperator;

beforeAll(async () => {
  ({ app, db } = await ordersApp());
  owner = await signedInOperator(app, 'owner');
  fulfilment = await signedInOperator(app, 'fulfilment');
});
afterAll(async () => {
  await app?.close();
});

const json = { 'content-type': 'application/json', accept: 'application/json' };

type Shopper = { cookie: string };

/** A cart of the shopper holding one of a fresh level, made from `ip`. */
async function cart(shopper: Shopper, ip: string): Promise<{ cookie: string; checkoutId: string }> {
  const [level] = await freshLevels(db, 1);
  const res = await app.inject({ method: 'POST', url: '/api/checkouts/lineItems', remoteAddress: ip, headers: { ...json, cookie: shopper.cookie }, payload: { inventoryLevelId: level, quantity: 1 } });
  if (res.statusCode !== 200) throw new Error(res.body);
  return { cookie: shopper.cookie, checkoutId: checkoutIdOf(res.json().checkout) };
}

async function apply(c: { cookie: string; checkoutId: string }, code: string, ip: string) {
  const res = await app.inject({ method: 'POST', url: `/api/checkouts/${c.checkoutId}/discountCodes?code=${encodeURIComponent(code)}`, remoteAddress: ip, headers: { ...json, cookie: c.cookie } });
  return { status: res.statusCode, body: res.json() };
}

/** Pays and places through the hosted checkout: the order's id. */
async function place(c: { cookie: string; checkoutId: string }, ip: string): Promise<number> {
  const res = await app.inject({
    method: 'POST', url: `/checkout/${c.checkoutId}`, remoteAddress: ip,
    headers: { cookie: c.cookie, 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(CHECKOUT_FORM).toString(),
  });
  if (res.statusCode !== 303) throw new Error(`checkout: ${res.statusCode} ${/id="form-error">([^<]*)/.exec(res.body)?.[1] ?? ''}`);
  return (await db.get<{ id: number }>('SELECT id FROM orders WHERE checkout_id = ?', [c.checkoutId]))!.id;
}

async function makeCode(body: Record<string, unknown>): Promise<void> {
  const res = await app.inject({ method: 'POST', url: '/api/admin/discounts', headers: sessionHeaders(owner), payload: body });
  if (res.statusCode !== 200) throw new Error(res.body);
}

const uses = async (code: string) => Number((await db.get<{ uses: number }>('SELECT uses FROM discount_codes WHERE code = ?', [code]))!.uses);
const redemptions = (code: string) => db.all<{ order_id: number }>('SELECT order_id FROM discount_redemptions WHERE code = ? ORDER BY id', [code]);

test('cancelling an order gives its code\'s use back: the last use, once per customer and once per IP, to the same customer from the same address', async () => {
  await makeCode({ code: 'LASTONE', kind: 'percentage', value: 10, maxUses: 1, oncePerCustomer: true, oncePerIp: true });
  const shopper = await signedInShopper(db);
  const first = await cart(shopper, '10.9.0.1');
  expect((await apply(first, 'LASTONE', '10.9.0.1')).status).toBe(200);
  const orderId = await place(first, '10.9.0.1');
  expect(await uses('LASTONE')).toBe(1);
  expect(await redemptions('LASTONE')).toEqual([{ order_id: orderId }]);

  // used up, for this customer and for anyone
  const again = await cart(shopper, '10.9.0.1');
  expect((await apply(again, 'LASTONE', '10.9.0.1')).status).toBe(422);
  const other = await cart(await signedInShopper(db), '10.9.0.2');
  expect((await apply(other, 'LASTONE', '10.9.0.2')).body).toEqual({ error: 'Discount code LASTONE has been fully redeemed.' });

  // the fulfilment role may not cancel: nothing given back
  expect((await opCall(app, fulfilment, 'POST', `/api/admin/orders/${orderId}/cancel`, { reason: 'Changed mind' })).status).toBe(403);
  expect(await uses('LASTONE')).toBe(1);

  const cancelled = await opCall(app, owner, 'POST', `/api/admin/orders/${orderId}/cancel`, { reason: 'Changed mind' });
  expect(cancelled.status).toBe(200);
  expect(await uses('LASTONE')).toBe(0);
  expect(await redemptions('LASTONE')).toEqual([]);
  const entry = await db.get<{ after_json: string }>("SELECT after_json FROM audit_log WHERE action = 'order.cancel' AND entity_id = ? ORDER BY id DESC", [String(orderId)]);
  expect(JSON.parse(entry!.after_json)).toMatchObject({ status: 'cancelled', discountsReleased: ['LASTONE'] });

  // the same customer, from the same address, uses it again
  const retry = await cart(shopper, '10.9.0.1');
  expect(await apply(retry, 'LASTONE', '10.9.0.1')).toMatchObject({ status: 200 });
  const second = await place(retry, '10.9.0.1');
  expect(await uses('LASTONE')).toBe(1);
  expect(await redemptions('LASTONE')).toEqual([{ order_id: second }]);
});

test('a full refund without a cancel keeps the code\'s use (the order happened)', async () => {
  await makeCode({ code: 'KEEPUSE', kind: 'fixed', value: 100, maxUses: 5, oncePerCustomer: true });
  const shopper = await signedInShopper(db);
  const c = await cart(shopper, '10.9.1.1');
  expect((await apply(c, 'KEEPUSE', '10.9.1.1')).status).toBe(200);
  const orderId = await place(c, '10.9.1.1');
  const total = Number((await db.get<{ total_cents: number }>('SELECT total_cents FROM orders WHERE id = ?', [orderId]))!.total_cents);
  const refunded = await opCall(app, owner, 'POST', `/api/admin/orders/${orderId}/refunds`, { amountCents: total, reason: 'Goodwill' });
  expect(refunded.status).toBe(200);
  expect(refunded.body.order.paymentStatus).toBe('refunded');
  expect(await uses('KEEPUSE')).toBe(1);
  expect(await redemptions('KEEPUSE')).toEqual([{ order_id: orderId }]);
  const next = await cart(shopper, '10.9.1.1');
  expect((await apply(next, 'KEEPUSE', '10.9.1.1')).status).toBe(422);
});
