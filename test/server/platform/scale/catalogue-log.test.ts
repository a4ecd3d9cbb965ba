/**
 * The catalogue change log (issue 14, catalogue change feed): every catalogue write (a sale
 * price, stock taken by an order or by a product added to an order) records its change in
 * `catalogue_log` in the write's own transaction, so the row commits with the write or not at
 * all; the version is published only after the commit. Runs on SQLite and PostgreSQL; the last
 * test needs Redis at REDIS_URL (default redis://127.0.0.1:6379).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { buildApp } from '../../../../src/server/app.ts';
import { placeOrder } from '../../../../src/server/modules/checkout/orders.ts';
import type { Db } from '../../../../src/server/platform/db/database.ts';
import { setProductPrice } from '../../../../src/server/modules/catalogue/repository.ts';
import { sqlCatalogueLog } from '../../../../src/server/platform/scale/catalogue-log.repository.ts';
import { redisFeed, type ChangedIds, type ChangeFeed } from '../../../../src/server/platform/scale/change-feed.ts';
import { connectRedis } from '../../../../src/server/platform/scale/redis.ts';
import { call, checkoutIdOf, commerceDb, signedInShopper, stockedLevel } from '../../modules/checkout/cart.helpers.ts';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 120_000 });

let db: Db;
let app: FastifyInstance;
/** What the app's feed was asked to publish, in order. */
const published: { ids: number[]; version: number | undefined }[] = [];

/** A feed that records what it is asked to publish (the app's writes hand it their version). */
async function recordingFeed(): Promise<ChangeFeed> {
  return {
    publish: async (ids, version) => void published.push({ ids: [...ids], version }),
    catchUp: async () => undefined,
    applied: 0,
    close: async () => undefined,
  };
}

beforeAll(async () => {
  db = await commerceDb();
  const dataDir = mkdtempSync(join(tmpdir(), 'skimmer-log-'));
  app = await buildApp({ db, dataDir, webDir: join(dataDir, 'no-web'), catalogueFeed: recordingFeed, operators: { token: 'log-token', allowedHosts: [], allowedOrigins: [] } });
});
afterAll(async () => {
  await app.close();
});

const log = () => sqlCatalogueLog(db);

/**
 * The store's database, except that every transaction fails once its work is done, just before
 * its commit (a process killed there, a lost connection): every statement ran, none may stay.
 */
function failingBeforeCommit(inner: Db): Db {
  return {
    dialect: inner.dialect,
    all: (sql, params) => inner.all(sql, params),
    get: (sql, params) => inner.get(sql, params),
    run: (sql, params) => inner.run(sql, params),
    exec: (sql) => inner.exec(sql),
    transaction: (fn) =>
      inner.transaction(async (tx) => {
        await fn(tx);
        throw new Error('killed before the commit');
      }),
    ...(inner.sync ? { sync: inner.sync } : {}),
    close: () => inner.close(),
  };
}

const form = {
  addressId: 'new', firstName: 'Pat', lastName: 'Pool', address1: '1 Lagoon Way', stateCode: 'WA', zip: '98402', countryCode: 'US',
  paymentMethodId: 'new', cardNumber: '4242424242424242', expMonth: '12', expYear: '2099', cvc: '123',
};

/** A signed-in shopper's open cart with one line of a stocked level. */
async function cartWithOneLine(skip: number): Promise<{ cookie: string; customerId: number; sessionId: number; checkoutId: string; levelId: number; productId: number; quantity: number }> {
  const shopper = await signedInShopper(db);
  const level = await stockedLevel(db, 2, skip, 50);
  const added = await call(app, 'POST', '/api/checkouts/lineItems', { cookie: shopper.cookie, body: { inventoryLevelId: level.id, quantity: 2 } });
  expect(added.status).toBe(200);
  const productId = (await db.get<{ id: number }>('SELECT v.product_id AS id FROM inventory_levels l JOIN variants v ON v.id = l.variant_id WHERE l.id = ?', [level.id]))!.id;
  return { ...shopper, checkoutId: checkoutIdOf(added.body.checkout), levelId: level.id, productId, quantity: level.quantity };
}

describe('a committed catalogue write always has its log row, published with its version', () => {
  test('a sale price (POST /api/admin/products/{id}/price)', async () => {
    const before = await log().latest();
    const product = (await db.get<{ id: number }>('SELECT id FROM products ORDER BY id LIMIT 1 OFFSET 3'))!;
    published.length = 0;
    const res = await app.inject({ method: 'POST', url: `/api/admin/products/${product.id}/price`, payload: { priceCents: 1500, compareAtPriceCents: 2500 }, headers: { authorization: 'Bearer log-token' } });
    expect(res.statusCode).toBe(200);
    const entries = await log().since(before, 10);
    expect(entries).toEqual([{ version: entries[0]?.version, ids: [product.id] }]);
    expect(published).toEqual([{ ids: [product.id], version: entries[0]?.version }]);
  });

  test('stock taken by a placed order', async () => {
    const cart = await cartWithOneLine(5);
    const before = await log().latest();
    published.length = 0;
    const placed = await app.inject({
      method: 'POST', url: `/checkout/${cart.checkoutId}`,
      headers: { cookie: cart.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(form).toString(),
    });
    expect(placed.statusCode).toBe(303);
    const entries = await log().since(before, 10);
    expect(entries.map((e) => e.ids)).toEqual([[cart.productId]]);
    expect(published).toEqual([{ ids: [cart.productId], version: entries[0]?.version }]);
    expect((await db.get<{ quantity: number }>('SELECT quantity FROM inventory_levels WHERE id = ?', [cart.levelId]))?.quantity).toBe(cart.quantity - 2);
  });

  test('stock taken by a product added to a placed order', async () => {
    const cart = await cartWithOneLine(9);
    const placed = await app.inject({
      method: 'POST', url: `/checkout/${cart.checkoutId}`,
      headers: { cookie: cart.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(form).toString(),
    });
    expect(placed.statusCode).toBe(303);
    const orderId = (await db.get<{ id: number }>('SELECT id FROM orders WHERE checkout_id = ?', [cart.checkoutId]))!.id;
    const before = await log().latest();
    published.length = 0;
    const added = await call(app, 'POST', `/api/orders/${orderId}/relatedProducts/${cart.productId}`, { cookie: cart.cookie });
    expect(added.status).toBe(200);
    const entries = await log().since(before, 10);
    expect(entries.map((e) => e.ids)).toEqual([[cart.productId]]);
    expect(published).toEqual([{ ids: [cart.productId], version: entries[0]?.version }]);
  });
});

describe('a write that does not commit leaves no log row', () => {
  test('a sale price whose transaction fails before the commit: no log row, the price unchanged', async () => {
    const product = (await db.get<{ id: number; price_cents: number }>('SELECT id, price_cents FROM products ORDER BY id LIMIT 1 OFFSET 4'))!;
    const before = await log().latest();
    await expect(setProductPrice(failingBeforeCommit(db), product.id, product.price_cents + 100, null)).rejects.toThrow('killed before the commit');
    expect(await log().latest()).toBe(before);
    expect((await db.get<{ price_cents: number }>('SELECT price_cents FROM products WHERE id = ?', [product.id]))?.price_cents).toBe(product.price_cents);
  });

  test('an order whose transaction fails before the commit: no log row, no order, the stock unchanged', async () => {
    const cart = await cartWithOneLine(13);
    const before = await log().latest();
    const orders = (await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM orders'))?.n;
    const owner = { sessionId: cart.sessionId, customerId: cart.customerId };
    const input = {
      email: 'pat@example.com',
      address: { firstName: 'Pat', lastName: 'Pool', company: null, address1: '1 Lagoon Way', address2: null, city: null, zip: '98402', phone: null, countryCode: 'US', stateCode: null },
      payment: { token: 'tok_test', brand: 'Visa', last4: '4242' },
    };
    await expect(placeOrder(failingBeforeCommit(db), owner, cart.checkoutId, input)).rejects.toThrow('killed before the commit');
    expect(await log().latest()).toBe(before);
    expect((await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM orders'))?.n).toBe(orders);
    expect((await db.get<{ quantity: number }>('SELECT quantity FROM inventory_levels WHERE id = ?', [cart.levelId]))?.quantity).toBe(cart.quantity);
    // the same order commits on a working database, with its row
    const placed = await placeOrder(db, owner, cart.checkoutId, input);
    expect(placed.version).toBe(await log().latest());
    expect((await log().since(before, 10)).map((e) => e.ids)).toEqual([[cart.productId]]);
  });

  test('a refused order (not enough stock) leaves no log row', async () => {
    const cart = await cartWithOneLine(17);
    await db.run('UPDATE inventory_levels SET quantity = 1 WHERE id = ?', [cart.levelId]);
    const before = await log().latest();
    const res = await app.inject({
      method: 'POST', url: `/checkout/${cart.checkoutId}`,
      headers: { cookie: cart.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(form).toString(),
    });
    expect(res.statusCode).toBe(409);
    expect(await log().latest()).toBe(before);
  });
});

describe('a writer killed between its commit and its publish', () => {
  test('the other processes catch the change up from the log', async () => {
    const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
    const channel = `skimmer-test:${randomBytes(4).toString('hex')}:catalogue`;
    const redis = await connectRedis(REDIS_URL, 'log-test');
    const subscriber = await connectRedis(REDIS_URL, 'log-test-sub');
    const seen: ChangedIds[] = [];
    const other = await redisFeed({ redis, subscriber, log: log(), instanceId: 'other', channel, apply: (c) => void seen.push(c), pollMs: 100 });
    try {
      const product = (await db.get<{ id: number }>('SELECT id FROM products ORDER BY id LIMIT 1 OFFSET 6'))!;
      // the write commits; its process dies before it publishes anything
      const change = await setProductPrice(db, product.id, 999, 1999);
      expect(change).not.toBeNull();
      const deadline = Date.now() + 10_000;
      while (other.applied < (change?.version ?? 0) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(other.applied).toBe(change?.version);
      expect(seen).toContainEqual([product.id]);
    } finally {
      await other.close();
      await Promise.all([redis, subscriber].map((c) => c.quit().catch(() => undefined)));
    }
  });
});
