/**
 * Orders (list, detail, add a related product) and authorisation on every cart and order call:
 * another customer's checkout or order answers 404 and changes nothing; anonymous access to
 * orders answers 401.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { ORDER_ERRORS } from '../../../../src/server/modules/checkout/orders.ts';
import { REQUEST_ERRORS } from '../../../../src/server/modules/checkout/routes.ts';
import type { Db } from '../../../../src/server/platform/db/database.ts';
import { call, checkoutIdOf, commerceApp, commerceCounts, createSession, signedInShopper, stockedLevel, type CallResult } from './cart.helpers.ts';

// a seeded app on a shared, loaded machine: generous time, exact assertions
vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

let app: FastifyInstance;
let db: Db;

beforeAll(async () => {
  ({ app, db } = await commerceApp());
});
afterAll(async () => {
  await app.close();
});

const form = {
  addressId: 'new', firstName: 'Pat', lastName: 'Pool', address1: '1 Lagoon Way', stateCode: 'WA', zip: '98402', countryCode: 'US', phone: '3605550100',
  paymentMethodId: 'new', cardNumber: '4242424242424242', expMonth: '12', expYear: '2099', cvc: '123',
};

/** A signed-in shopper with one placed order; answers the shopper, the order id and the checkout id. */
async function shopperWithOrder(): Promise<{ cookie: string; customerId: number; orderId: number; checkoutId: string }> {
  const shopper = await signedInShopper(db);
  const level = await stockedLevel(db, 1, 30, 100);
  const added = await call(app, 'POST', '/api/checkouts/lineItems', { cookie: shopper.cookie, body: { inventoryLevelId: level.id, quantity: 1 }, headers: { 'idempotency-key': `o-${Math.random()}` } });
  const checkoutId = checkoutIdOf(added.body.checkout);
  const placed = await app.inject({
    method: 'POST', url: `/checkout/${checkoutId}`,
    headers: { cookie: shopper.cookie, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(form).toString(),
  });
  expect(placed.statusCode).toBe(303);
  const orderId = (await db.get<{ id: number }>('SELECT id FROM orders WHERE checkout_id = ?', [checkoutId]))?.id ?? 0;
  return { cookie: shopper.cookie, customerId: shopper.customerId, orderId, checkoutId };
}

async function sellableProduct(skip = 0): Promise<number> {
  return (await db.get<{ id: number }>(
    `SELECT DISTINCT v.product_id AS id FROM variants v JOIN inventory_levels l ON l.variant_id = v.id
     WHERE l.available_for_sale = 1 AND l.quantity > 5 ORDER BY v.product_id LIMIT 1 OFFSET ?`,
    [skip],
  ))?.id ?? 0;
}

describe('orders of the signed-in customer', () => {
  test('GET /api/orders lists the customer’s orders, newest first', async () => {
    const { cookie, orderId } = await shopperWithOrder();
    const res = await call(app, 'GET', '/api/orders', { cookie });
    expect(res.status).toBe(200);
    expect(res.body.orders.map((o: { orderId: number }) => o.orderId)).toEqual([orderId]);
    expect(res.body.orders[0]).toMatchObject({ status: 'PAID', currencyCode: 'USD', payment: { brand: 'Visa', last4: '4242' } });
  });

  test('GET /api/orders/{orderId} answers the order with its lines and numeric orderId', async () => {
    const { cookie, orderId } = await shopperWithOrder();
    const res = await call(app, 'GET', `/api/orders/${orderId}`, { cookie });
    expect(res.status).toBe(200);
    expect(res.body.order.orderId).toBe(orderId);
    expect(res.body.order.lines).toHaveLength(1);
    const o = res.body.order;
    const cents = (d: number) => Math.round(d * 100);
    // Washington collects sales tax: it is charged and kept as its own amount
    expect(cents(o.taxPrice)).toBeGreaterThan(0);
    expect(cents(o.totalPrice)).toBe(cents(o.subtotalPrice) - cents(o.discountPrice) + cents(o.shippingPrice) + cents(o.taxPrice));
    expect(o.shippingQuote.totals).toMatchObject({ totalCents: cents(o.totalPrice), taxCents: cents(o.taxPrice), shippingCents: cents(o.shippingPrice) });
    expect(o.shippingQuote.shipments.flatMap((s: { lineIds: string[] }) => s.lineIds)).toEqual([String(o.lines[0].inventoryLevelId)]);
  });

  test('POST /api/orders/{orderId}/relatedProducts/{productId} with a JSON header and no body adds the product as a line', async () => {
    const { cookie, orderId } = await shopperWithOrder();
    const productId = await sellableProduct(3);
    const before = (await call(app, 'GET', `/api/orders/${orderId}`, { cookie })).body.order;
    const res = await app.inject({
      method: 'POST', url: `/api/orders/${orderId}/relatedProducts/${productId}`,
      headers: { cookie, 'content-type': 'application/json', accept: 'application/json' },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    const added = body.order.lines.at(-1);
    expect(added).toMatchObject({ productId, quantity: 1, addedAfterPlacement: true });
    expect(body.order.totalPrice).toBeCloseTo(before.totalPrice + added.unitPrice, 2);
    const pending = await db.get<{ status: string; gateway: string | null }>("SELECT status, gateway FROM transactions WHERE order_id = ? AND status = 'PENDING'", [orderId]);
    expect(pending).toEqual({ status: 'PENDING', gateway: null });
  });

  test.each([
    ['an unknown product', 'product', 404, ORDER_ERRORS.productNotFound],
    ['an unknown order', 'order', 404, ORDER_ERRORS.notFound],
  ] as const)('adding to %s answers { error }', async (_name, missing, status, error) => {
    const { cookie, orderId } = await shopperWithOrder();
    const res = await call(app, 'POST', `/api/orders/${missing === 'order' ? 99_999 : orderId}/relatedProducts/${missing === 'product' ? 99_999_999 : await sellableProduct()}`, { cookie });
    expect(res).toMatchObject({ status, body: { error } });
  });
});

describe('authorisation on every call', () => {
  const orderProbes: [string, (o: { orderId: number; productId: number }) => ['GET' | 'POST', string]][] = [
    ['GET /api/orders/{orderId}', (o) => ['GET', `/api/orders/${o.orderId}`]],
    ['POST /api/orders/{orderId}/relatedProducts/{productId}', (o) => ['POST', `/api/orders/${o.orderId}/relatedProducts/${o.productId}`]],
  ];

  test.each(orderProbes)("%s as another customer answers 404 and changes nothing", async (_name, route) => {
    const victim = await shopperWithOrder();
    const intruder = await signedInShopper(db);
    const before = await commerceCounts(db);
    const [method, url] = route({ orderId: victim.orderId, productId: await sellableProduct() });
    const res = await call(app, method, url, { cookie: intruder.cookie });
    expect(res).toMatchObject({ status: 404, body: { error: ORDER_ERRORS.notFound } });
    expect(await commerceCounts(db)).toEqual(before);
  });

  test.each([...orderProbes, ['GET /api/orders', () => ['GET', '/api/orders']] as (typeof orderProbes)[number]])(
    '%s as an anonymous visitor answers 401 and changes nothing',
    async (_name, route) => {
      const victim = await shopperWithOrder();
      const before = await commerceCounts(db);
      const [method, url] = route({ orderId: victim.orderId, productId: await sellableProduct() });
      for (const cookie of ['', (await createSession(db)).cookie]) {
        const res = await call(app, method, url, { cookie });
        expect(res).toMatchObject({ status: 401, body: { error: REQUEST_ERRORS.signIn } });
      }
      expect(await commerceCounts(db)).toEqual(before);
    },
  );

  test("another customer's list holds none of the victim's orders", async () => {
    const victim = await shopperWithOrder();
    const intruder = await signedInShopper(db);
    const res = await call(app, 'GET', '/api/orders', { cookie: intruder.cookie });
    expect(res.body.orders.map((o: { orderId: number }) => o.orderId)).not.toContain(victim.orderId);
  });

  test.each([
    ['as another customer', async () => (await signedInShopper(db)).cookie],
    ['as an anonymous visitor', async () => (await createSession(db)).cookie],
  ])("the victim's checkout %s: discount codes answer 404, its lines cannot be touched, nothing changes", async (_name, cookieOf) => {
    const victim = await signedInShopper(db);
    const level = await stockedLevel(db, 1, 31, 100);
    const added = await call(app, 'POST', '/api/checkouts/lineItems', { cookie: victim.cookie, body: { inventoryLevelId: level.id, quantity: 2 }, headers: { 'idempotency-key': 'v-1' } });
    const checkoutId = checkoutIdOf(added.body.checkout);
    const lineId = added.body.checkout.LineItems[0].id as number;
    const cookie = await cookieOf();
    await call(app, 'GET', '/api/checkouts', { cookie });
    const before = await commerceCounts(db);
    const probes: CallResult[] = [
      await call(app, 'POST', `/api/checkouts/${checkoutId}/discountCodes?code=SAVE10`, { cookie }),
      await call(app, 'DELETE', `/api/checkouts/${checkoutId}/discountCodes?code=SAVE10`, { cookie }),
      await call(app, 'DELETE', `/api/checkouts/lineItems/${lineId}`, { cookie }),
      await call(app, 'PUT', '/api/checkouts/lineItems', { cookie, body: { inventoryLevelId: level.id, quantity: 1 } }),
    ];
    expect(probes.map((p) => p.status)).toEqual([404, 404, 404, 404]);
    expect(await commerceCounts(db)).toEqual(before);
    const page = await app.inject({ method: 'GET', url: `/checkout/${checkoutId}`, headers: { cookie } });
    expect(page.statusCode).toBe(404);
    const mine = await call(app, 'GET', '/api/checkouts', { cookie: victim.cookie });
    expect(mine.body.checkout.LineItems[0].currentQuantity).toBe(2);
  });

  test('a placed checkout no longer takes discount codes (404)', async () => {
    const { cookie, checkoutId } = await shopperWithOrder();
    const res = await call(app, 'POST', `/api/checkouts/${checkoutId}/discountCodes?code=SAVE10`, { cookie });
    expect(res.status).toBe(404);
  });

  test('a cross-site write is refused with 403 and a form content type with 415', async () => {
    const { cookie } = await createSession(db);
    const level = await stockedLevel(db, 1);
    const cross = await call(app, 'POST', '/api/checkouts/lineItems', { cookie, body: { inventoryLevelId: level.id, quantity: 1 }, headers: { origin: 'https://evil.example' } });
    expect(cross.status).toBe(403);
    const formType = await app.inject({
      method: 'POST', url: '/api/checkouts/lineItems', headers: { cookie, 'content-type': 'text/plain' }, payload: '{"inventoryLevelId":1,"quantity":1}',
    });
    expect(formType.statusCode).toBe(415);
    expect(formType.json()).toHaveProperty('error');
  });
});
