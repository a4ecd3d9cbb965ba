/**
 * The cart refuses call-for-price products (issue 31): adding a line, adding by handle, raising
 * a line's quantity and adding to a placed order answer 422 with the domain's sentence and
 * write nothing; the flag decides, whatever the stored price.
 */
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { CALL_FOR_PRICE_CART_ERROR } from '../../../../src/domain/call-for-price.ts';
import type { Db } from '../../../../src/server/platform/db/database.ts';
import { call, commerceApp, createSession, stockedLevel } from './cart.helpers.ts';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

let app: FastifyInstance;
let db: Db;

beforeAll(async () => {
  ({ app, db } = await commerceApp());
});
afterAll(async () => {
  await app.close();
});

/** A stocked, priced level whose product is then flagged call-for-price (its price kept). */
async function quotedLevel(skip: number): Promise<{ id: number; handle: string; productId: number }> {
  const level = await stockedLevel(db, 5, skip);
  const row = await db.get<{ productId: number; handle: string }>(
    'SELECT p.id AS "productId", p.handle FROM inventory_levels l JOIN variants v ON v.id = l.variant_id JOIN products p ON p.id = v.product_id WHERE l.id = ?',
    [level.id],
  );
  await db.run('UPDATE products SET call_for_price = 1 WHERE id = ?', [row!.productId]);
  return { id: level.id, handle: row!.handle, productId: row!.productId };
}

const lines = async (cookie: string): Promise<unknown[]> => (await call(app, 'GET', '/api/checkouts', { cookie })).body.checkout.LineItems;

describe('the cart and call-for-price products', () => {
  test('adding a line of a call-for-price product answers 422 with the reason, and the cart stays empty', async () => {
    const { cookie } = await createSession(db);
    const level = await quotedLevel(0);
    const res = await call(app, 'POST', '/api/checkouts/lineItems', { cookie, body: { inventoryLevelId: level.id, quantity: 1 } });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ error: CALL_FOR_PRICE_CART_ERROR });
    expect(await lines(cookie)).toEqual([]);
  });

  test('a list with one such line adds nothing (all or nothing)', async () => {
    const { cookie } = await createSession(db);
    const good = await stockedLevel(db, 5, 5);
    const level = await quotedLevel(10);
    const res = await call(app, 'POST', '/api/checkouts/lineItems', { cookie, body: { lineItems: [{ inventoryLevelId: good.id, quantity: 1 }, { inventoryLevelId: level.id, quantity: 1 }] } });
    expect(res.status).toBe(422);
    expect(await lines(cookie)).toEqual([]);
  });

  test('adding by handle answers 422', async () => {
    const { cookie } = await createSession(db);
    const level = await quotedLevel(15);
    const res = await call(app, 'POST', '/api/checkouts/products', { cookie, body: { handles: [level.handle] } });
    expect(res.status).toBe(422);
    expect(res.body.error).toBe(CALL_FOR_PRICE_CART_ERROR);
    expect(await lines(cookie)).toEqual([]);
  });

  test('a line already in the cart may be lowered but not raised once its product is quoted by phone', async () => {
    const { cookie } = await createSession(db);
    const level = await stockedLevel(db, 5, 20);
    expect((await call(app, 'POST', '/api/checkouts/lineItems', { cookie, body: { inventoryLevelId: level.id, quantity: 2 } })).status).toBe(200);
    await db.run('UPDATE products SET call_for_price = 1 WHERE id = (SELECT v.product_id FROM inventory_levels l JOIN variants v ON v.id = l.variant_id WHERE l.id = ?)', [level.id]);
    const raise = await call(app, 'PUT', '/api/checkouts/lineItems', { cookie, body: { inventoryLevelId: level.id, quantity: 3 } });
    expect(raise.status).toBe(422);
    expect(raise.body.error).toBe(CALL_FOR_PRICE_CART_ERROR);
    const lower = await call(app, 'PUT', '/api/checkouts/lineItems', { cookie, body: { inventoryLevelId: level.id, quantity: 1 } });
    expect(lower.status).toBe(200);
    expect(lower.body.checkout.LineItems[0].currentQuantity).toBe(1);
  });

  test('the same product without the flag is added (the flag decides, not the price)', async () => {
    const { cookie } = await createSession(db);
    const level = await quotedLevel(25);
    await db.run('UPDATE products SET call_for_price = 0 WHERE id = ?', [level.productId]);
    const res = await call(app, 'POST', '/api/checkouts/lineItems', { cookie, body: { inventoryLevelId: level.id, quantity: 1 } });
    expect(res.status).toBe(200);
    expect(await lines(cookie)).toHaveLength(1);
  });
});
