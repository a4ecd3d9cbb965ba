/**
 * The storefront's cart calls over the real app: the checkout object, adds (one line or a
 * list, merged per inventory level), quantity changes, deletes, add by handles, stock limits,
 * discount codes, the empty JSON body, and the anonymous cart following the cookie.
 */
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../../src/server/platform/db/database.ts';
import { CART_ERRORS, CHECKOUT_PAGE_PATH } from '../../../../src/server/modules/checkout/checkouts.ts';
import { call, checkoutIdOf, commerceApp, commerceCounts, createSession, setLevel, stockedLevel } from './cart.helpers.ts';

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

const add = (cookie: string, body: unknown, key?: string) =>
  call(app, 'POST', '/api/checkouts/lineItems', { cookie, body, headers: key ? { 'idempotency-key': key } : {} });

describe('the checkout object', () => {
  test('GET /api/checkouts answers the spec fields with currencyCode USD and an empty cart', async () => {
    const { cookie } = await createSession(db);
    const res = await call(app, 'GET', '/api/checkouts', { cookie });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.checkout).sort()).toEqual(
      ['CheckoutShippingLine', 'DiscountCodes', 'LineItems', 'currencyCode', 'subtotalPrice', 'totalPrice', 'webUrl'].sort(),
    );
    expect(res.body.checkout).toMatchObject({ LineItems: [], totalPrice: 0, subtotalPrice: 0, currencyCode: 'USD', CheckoutShippingLine: null, DiscountCodes: [] });
  });

  test('webUrl points at the hosted checkout page and its last path segment is the checkout id', async () => {
    const { cookie } = await createSession(db);
    const res = await call(app, 'GET', '/api/checkouts', { cookie });
    const url = new URL(res.body.checkout.webUrl);
    expect(url.pathname.startsWith(CHECKOUT_PAGE_PATH)).toBe(true);
    const id = checkoutIdOf(res.body.checkout);
    expect((await db.get<{ id: string }>('SELECT id FROM checkouts WHERE id = ?', [id]))?.id).toBe(id);
  });

  test('a line item carries every field of spec section 3 with decimal prices', async () => {
    const { cookie } = await createSession(db);
    const level = await stockedLevel(db, 3);
    const res = await add(cookie, { inventoryLevelId: level.id, quantity: 2 }, 'fields-1');
    expect(res.status).toBe(200);
    const item = res.body.checkout.LineItems[0];
    expect(Object.keys(item).sort()).toEqual(
      ['availableForSale', 'availableQuantity', 'bypassNegativeQuantity', 'currentQuantity', 'id', 'imageUrl', 'inventoryLevelId', 'productHandle', 'sku', 'title', 'totalUnitPrice'].sort(),
    );
    expect(item).toMatchObject({ inventoryLevelId: level.id, currentQuantity: 2, totalUnitPrice: level.priceCents / 100, availableQuantity: level.quantity });
    const lines = level.priceCents * 2;
    expect(res.body.checkout.subtotalPrice).toBe(lines / 100);
    expect(res.body.checkout.totalPrice).toBe((lines + (lines > 9900 ? 0 : 995)) / 100);
  });

  test('an anonymous shopper gets a session cookie and the cart follows it', async () => {
    const level = await stockedLevel(db, 2);
    const first = await add('', { inventoryLevelId: level.id, quantity: 1 }, 'anon-1');
    const setCookie = String(first.headers['set-cookie'] ?? '');
    expect(setCookie).toMatch(/^skimmer_sid=[A-Za-z0-9_-]+;.*HttpOnly/);
    const cookie = setCookie.split(';')[0] ?? '';
    const again = await call(app, 'GET', '/api/checkouts', { cookie });
    expect(again.body.checkout.webUrl).toBe(first.body.checkout.webUrl);
    expect(again.body.checkout.LineItems).toHaveLength(1);
    const stranger = await call(app, 'GET', '/api/checkouts', { cookie: (await createSession(db)).cookie });
    expect(stranger.body.checkout.LineItems).toHaveLength(0);
  });
});

describe('adding, setting and deleting lines', () => {
  test('adding the same inventory level twice merges into one line', async () => {
    const { cookie } = await createSession(db);
    const level = await stockedLevel(db, 5);
    await add(cookie, { inventoryLevelId: level.id, quantity: 2 }, 'm-1');
    const res = await add(cookie, { inventoryLevelId: level.id, quantity: 3 }, 'm-2');
    expect(res.body.checkout.LineItems).toHaveLength(1);
    expect(res.body.checkout.LineItems[0].currentQuantity).toBe(5);
  });

  test('a lineItems list adds several lines at once and sums repeats', async () => {
    const { cookie } = await createSession(db);
    const a = await stockedLevel(db, 4, 0);
    const b = await stockedLevel(db, 4, 1);
    const res = await add(cookie, { lineItems: [{ inventoryLevelId: a.id, quantity: 1 }, { inventoryLevelId: b.id, quantity: 2 }, { inventoryLevelId: a.id, quantity: 1 }] }, 'list-1');
    expect(res.status).toBe(200);
    const byLevel = Object.fromEntries(res.body.checkout.LineItems.map((l: { inventoryLevelId: number; currentQuantity: number }) => [l.inventoryLevelId, l.currentQuantity]));
    expect(byLevel).toEqual({ [a.id]: 2, [b.id]: 2 });
  });

  test('PUT sets the quantity of a line and DELETE removes it, both answering the checkout', async () => {
    const { cookie } = await createSession(db);
    const level = await stockedLevel(db, 6);
    const added = await add(cookie, { inventoryLevelId: level.id, quantity: 1 }, 'set-1');
    const put = await call(app, 'PUT', '/api/checkouts/lineItems', { cookie, body: { inventoryLevelId: level.id, quantity: 4 } });
    expect(put.status).toBe(200);
    expect(put.body.checkout.LineItems[0].currentQuantity).toBe(4);
    const del = await call(app, 'DELETE', `/api/checkouts/lineItems/${added.body.checkout.LineItems[0].id}`, { cookie });
    expect(del.status).toBe(200);
    expect(del.body.checkout.LineItems).toEqual([]);
  });

  test('DELETE with a JSON content type and an empty body is accepted (the storefront sends exactly that)', async () => {
    const { cookie } = await createSession(db);
    const level = await stockedLevel(db, 1);
    const added = await add(cookie, { inventoryLevelId: level.id, quantity: 1 }, 'empty-1');
    const res = await app.inject({
      method: 'DELETE',
      url: `/api/checkouts/lineItems/${added.body.checkout.LineItems[0].id}`,
      headers: { cookie, 'content-type': 'application/json', accept: 'application/json' },
      payload: '',
    });
    expect(res.statusCode).toBe(200);
  });

  test.each([
    ['PUT of a level not in the cart', 'PUT', 404, CART_ERRORS.notInCart],
    ['DELETE of a line not in the cart', 'DELETE', 404, CART_ERRORS.notInCart],
  ] as const)('%s answers %i { error }', async (_name, method, status, error) => {
    const { cookie } = await createSession(db);
    const level = await stockedLevel(db, 1);
    const res = method === 'PUT'
      ? await call(app, 'PUT', '/api/checkouts/lineItems', { cookie, body: { inventoryLevelId: level.id, quantity: 1 } })
      : await call(app, 'DELETE', '/api/checkouts/lineItems/999999', { cookie });
    expect(res.status).toBe(status);
    expect(res.body).toEqual({ error });
  });

  test('POST /api/checkouts/products adds one unit of each product by handle', async () => {
    const { cookie } = await createSession(db);
    const handles = (await db
      .all<{ handle: string }>(
        `SELECT DISTINCT p.handle FROM products p JOIN variants v ON v.product_id = p.id JOIN inventory_levels l ON l.variant_id = v.id
         WHERE l.available_for_sale = 1 AND l.quantity > 2 ORDER BY p.handle LIMIT 2`,
      ))
      .map((r) => r.handle);
    const res = await call(app, 'POST', '/api/checkouts/products', { cookie, body: { handles }, headers: { 'idempotency-key': 'h-1' } });
    expect(res.status).toBe(200);
    expect(res.body.checkout.LineItems.map((l: { productHandle: string }) => l.productHandle).sort()).toEqual([...handles].sort());
    expect(res.body.checkout.LineItems.every((l: { currentQuantity: number }) => l.currentQuantity === 1)).toBe(true);
  });

  test('an unknown handle answers 404 and adds nothing (all or nothing)', async () => {
    const { cookie } = await createSession(db);
    const handle = (await db.get<{ handle: string }>('SELECT handle FROM products LIMIT 1'))?.handle ?? '';
    const before = await commerceCounts(db);
    const res = await call(app, 'POST', '/api/checkouts/products', { cookie, body: { handles: [handle, 'no-such-product'] } });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: CART_ERRORS.productNotFound('no-such-product') });
    expect((await commerceCounts(db)).checkout_line_items).toBe(before.checkout_line_items);
  });
});

describe('stock limits', () => {
  test('adding past the stock answers 409 with the quantity input message and changes nothing', async () => {
    const { cookie } = await createSession(db);
    const level = await stockedLevel(db, 1, 5, 3);
    await add(cookie, { inventoryLevelId: level.id, quantity: 2 }, 's-1');
    const res = await add(cookie, { inventoryLevelId: level.id, quantity: 2 }, 's-2');
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: "Can't add more than 3" });
    const cart = await call(app, 'GET', '/api/checkouts', { cookie });
    expect(cart.body.checkout.LineItems[0].currentQuantity).toBe(2);
  });

  test('PUT past the stock answers 409; lowering is always allowed', async () => {
    const { cookie } = await createSession(db);
    const level = await stockedLevel(db, 1, 6, 4);
    await add(cookie, { inventoryLevelId: level.id, quantity: 4 }, 's-3');
    expect((await call(app, 'PUT', '/api/checkouts/lineItems', { cookie, body: { inventoryLevelId: level.id, quantity: 5 } })).status).toBe(409);
    await setLevel(db, level.id, { quantity: 1 });
    const lower = await call(app, 'PUT', '/api/checkouts/lineItems', { cookie, body: { inventoryLevelId: level.id, quantity: 2 } });
    expect(lower.status).toBe(200);
    expect(lower.body.checkout.LineItems[0].currentQuantity).toBe(2);
  });

  test('bypassNegativeQuantity lifts the stock limit', async () => {
    const { cookie } = await createSession(db);
    const level = await stockedLevel(db, 1, 7, 0);
    await setLevel(db, level.id, { bypass: true });
    const res = await add(cookie, { inventoryLevelId: level.id, quantity: 50 }, 'b-1');
    expect(res.status).toBe(200);
    expect(res.body.checkout.LineItems[0]).toMatchObject({ currentQuantity: 50, bypassNegativeQuantity: true });
    await setLevel(db, level.id, { bypass: false, quantity: 10 });
  });

  test.each([
    ['a level not for sale', { forSale: false }, 422, CART_ERRORS.notForSale],
    ['an unknown level', null, 404, CART_ERRORS.itemNotFound],
  ] as const)('adding %s answers a 4xx { error }', async (_name, change, status, error) => {
    const { cookie } = await createSession(db);
    const level = await stockedLevel(db, 1, 8);
    if (change) await setLevel(db, level.id, change);
    const res = await add(cookie, { inventoryLevelId: change ? level.id : 99_999_999, quantity: 1 });
    expect(res.status).toBe(status);
    expect(res.body).toEqual({ error });
    if (change) await setLevel(db, level.id, { forSale: true });
  });
});

describe('discount codes', () => {
  async function cartWith(cents: number, quantity = 1): Promise<{ cookie: string; id: string }> {
    const { cookie } = await createSession(db);
    const level = await stockedLevel(db, 1, 9, 1000);
    await setLevel(db, level.id, { priceCents: cents });
    const res = await add(cookie, { inventoryLevelId: level.id, quantity }, `dc-${cents}-${quantity}-${Math.random()}`);
    return { cookie, id: checkoutIdOf(res.body.checkout) };
  }
  const apply = (cookie: string, id: string, code: string) => call(app, 'POST', `/api/checkouts/${id}/discountCodes?code=${encodeURIComponent(code)}`, { cookie });

  test.each([
    ['SAVE10', 5000, 4500, 995, '10% off your order'],
    ['save10', 5000, 4500, 995, '10% off your order'],
    ['TAKE5', 5000, 4500, 995, '$5.00 off your order'],
    ['FREESHIP', 5000, 5000, 0, 'Free shipping'],
    ['BIG50', 25000, 20000, 0, '$50.00 off orders of $200.00 or more'],
    ['FIRST10', 5000, 4500, 995, '10% off your first order'],
  ])('%s on a cart of %i cents: subtotal and shipping follow the code', async (code, cents, subtotal, shipping, title) => {
    const { cookie, id } = await cartWith(cents);
    const res = await apply(cookie, id, code);
    expect(res.status).toBe(200);
    expect(res.body.checkout.subtotalPrice).toBe(subtotal / 100);
    expect(res.body.checkout.CheckoutShippingLine).toEqual({ price: shipping / 100 });
    expect(res.body.checkout.totalPrice).toBe((subtotal + shipping) / 100);
    expect(res.body.checkout.DiscountCodes).toEqual([{ code: code.toUpperCase(), Discount: { title } }]);
  });

  test.each([
    ['NOPE', 422, CART_ERRORS.unknownCode('NOPE')],
    ['EXPIRED2020', 422, CART_ERRORS.expiredCode('EXPIRED2020')],
    ['BIG50', 422, 'Discount code BIG50 needs a subtotal of at least $200.00.'],
    ['  ', 400, CART_ERRORS.emptyCode],
  ])('a bad code %j answers %i with a clear error and adds nothing', async (code, status, error) => {
    const { cookie, id } = await cartWith(5000);
    const res = await apply(cookie, id, code);
    expect(res.status).toBe(status);
    expect(res.body).toEqual({ error });
    expect((await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM checkout_discount_codes WHERE checkout_id = ?', [id]))?.n).toBe(0);
  });

  test('applying the same code twice, or at once, adds one discount', async () => {
    const { cookie, id } = await cartWith(5000);
    const answers = await Promise.all([apply(cookie, id, 'SAVE10'), apply(cookie, id, 'save10'), apply(cookie, id, 'SAVE10')]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    const again = await apply(cookie, id, 'SAVE10');
    expect(again.body.checkout.DiscountCodes).toHaveLength(1);
    expect(again.body.checkout.subtotalPrice).toBe(45);
  });

  test('a second amount code is refused with 409; free shipping combines', async () => {
    const { cookie, id } = await cartWith(5000);
    await apply(cookie, id, 'SAVE10');
    const second = await apply(cookie, id, 'TAKE5');
    expect(second.status).toBe(409);
    expect(second.body).toEqual({ error: CART_ERRORS.oneCode('SAVE10') });
    const free = await apply(cookie, id, 'FREESHIP');
    expect(free.status).toBe(200);
    expect(free.body.checkout.DiscountCodes.map((d: { code: string }) => d.code).sort()).toEqual(['FREESHIP', 'SAVE10']);
  });

  test('DELETE removes a code; removing an absent code changes nothing', async () => {
    const { cookie, id } = await cartWith(5000);
    await apply(cookie, id, 'TAKE5');
    const del = await call(app, 'DELETE', `/api/checkouts/${id}/discountCodes?code=TAKE5`, { cookie });
    expect(del.status).toBe(200);
    expect(del.body.checkout.DiscountCodes).toEqual([]);
    expect(del.body.checkout.subtotalPrice).toBe(50);
    const again = await call(app, 'DELETE', `/api/checkouts/${id}/discountCodes?code=TAKE5`, { cookie });
    expect(again.status).toBe(200);
  });

  test('a code on an empty cart is refused', async () => {
    const { cookie } = await createSession(db);
    const id = checkoutIdOf((await call(app, 'GET', '/api/checkouts', { cookie })).body.checkout);
    const res = await apply(cookie, id, 'SAVE10');
    expect(res).toMatchObject({ status: 422, body: { error: CART_ERRORS.emptyCart } });
  });
});
