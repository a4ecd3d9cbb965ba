/**
 * A checkout's codes read in the order they were applied, also when two are applied within one
 * millisecond (a CI run on a fast machine showed "Discount (FREESHIP, SAVE10)" for SAVE10 applied
 * first: the tie fell to the codes' names). On SQLite and (server-pg project) PostgreSQL.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { checkoutCodeRows } from '../../../../src/server/modules/checkout/discounts.repository.ts';
import { insertCheckoutCode } from '../../../../src/server/modules/checkout/checkouts.repository.ts';
import type { Db } from '../../../../src/server/platform/db/database.ts';
import { call, checkoutIdOf, commerceApp, createSession, stockedLevel } from './cart.helpers.ts';

let app: FastifyInstance;
let db: Db;
beforeAll(async () => {
  ({ app, db } = await commerceApp());
});
afterAll(async () => {
  await app.close();
});

async function cart(): Promise<string> {
  const { cookie } = await createSession(db);
  const level = await stockedLevel(db);
  const res = await call(app, 'POST', '/api/checkouts/lineItems', { cookie, body: { lineItems: [{ inventoryLevelId: level.id, quantity: 1 }] }, headers: { 'idempotency-key': `k-${Math.random()}` } });
  expect(res.status).toBe(200);
  return checkoutIdOf(res.body.checkout);
}

describe('the order of a checkout\'s codes', () => {
  const now = new Date().toISOString();

  test('two codes applied at one instant read in the order applied, whichever name sorts first', async () => {
    for (const order of [['SAVE10', 'FREESHIP'], ['FREESHIP', 'SAVE10']]) {
      const id = await cart();
      for (const code of order) await insertCheckoutCode(db, id, code, now, null);
      expect((await checkoutCodeRows(db, id, now)).map((r) => r.code)).toEqual(order);
    }
  });

  test('a code applied after the clock went back still comes after the codes before it', async () => {
    const id = await cart();
    await insertCheckoutCode(db, id, 'SAVE10', now, null);
    await insertCheckoutCode(db, id, 'FREESHIP', new Date(Date.parse(now) - 60_000).toISOString(), null);
    expect((await checkoutCodeRows(db, id, new Date(Date.parse(now) + 1000).toISOString())).map((r) => r.code)).toEqual(['SAVE10', 'FREESHIP']);
  });
});
