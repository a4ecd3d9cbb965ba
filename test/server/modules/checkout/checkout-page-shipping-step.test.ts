/**
 * The hosted checkout page shown again draws its shipping step from memory (no quote, no read of
 * the ship profiles) while nothing it is drawn from has changed, and quotes again as soon as
 * something has: the cart, the address, the choices, the clock window (the cut-off passed), a
 * catalogue change to a line's product. On both databases.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { buildApp } from '../../../../src/server/app.ts';
import type { Db } from '../../../../src/server/platform/db/database.ts';
import { ShippingService, shippingTables } from '../../../../src/server/modules/shipping/service.ts';
import { call, checkoutIdOf, createSession } from './cart.helpers.ts';
import { commerceDb } from './cart.helpers.ts';
import { CALIFORNIA_FORM, FIXTURES, fixtureLevel, PINNED_NOW } from '../shipping/shipping.helpers.ts';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 120_000 });

let app: FastifyInstance;
let db: Db;
let shipping: ShippingService;
/** The shipping clock, moved by the tests. */
let clock = PINNED_NOW;
const levels = {} as Record<'basket' | 'pump', number>;

beforeAll(async () => {
  db = await commerceDb();
  shipping = new ShippingService(shippingTables(), () => clock);
  const dataDir = mkdtempSync(join(tmpdir(), 'skimmer-step-'));
  app = await buildApp({ db, dataDir, webDir: join(dataDir, 'no-web'), shipping });
  levels.basket = await fixtureLevel(db, FIXTURES.basket);
  levels.pump = await fixtureLevel(db, FIXTURES.pump);
});
afterAll(async () => {
  await app?.close();
});

const form = { ...CALIFORNIA_FORM, action: 'quote' };

async function cartOf(items: [keyof typeof levels, number][]): Promise<{ cookie: string; id: string }> {
  const { cookie } = await createSession(db);
  const res = await call(app, 'POST', '/api/checkouts/lineItems', {
    cookie, body: { lineItems: items.map(([name, quantity]) => ({ inventoryLevelId: levels[name], quantity })) }, headers: { 'idempotency-key': `st-${Math.random()}` },
  });
  expect(res.status).toBe(200);
  return { cookie, id: checkoutIdOf(res.body.checkout) };
}

/** The page for the California form (Update shipping: nothing placed), and how many quotes the service made or remembered meanwhile. */
async function page(cart: { cookie: string; id: string }, change: Record<string, string> = {}): Promise<{ body: string; quoted: number }> {
  const before = shipping.memo.hits + shipping.memo.misses;
  const res = await app.inject({
    method: 'POST', url: `/checkout/${cart.id}`, headers: { cookie: cart.cookie, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ ...form, ...change }).toString(),
  });
  expect(res.statusCode).toBe(200);
  return { body: res.body, quoted: shipping.memo.hits + shipping.memo.misses - before };
}

const shipmentsOf = (body: string) => [...body.matchAll(/<h3>(Shipment \d+ of \d+: [^<]*)<\/h3>\s*<p class="arrives">([^<]*)<\/p>/g)].map((m) => `${m[1]} | ${m[2]}`);

describe('the shipping step of a page shown again', () => {
  test('is drawn from memory: the same page, no quote', async () => {
    // 9:00:01 am in Kent: 3 h 59 min (and some seconds) before the cut-off
    clock = PINNED_NOW + 1_000;
    const cart = await cartOf([['basket', 1], ['pump', 1]]);
    const first = await page(cart);
    expect(first.quoted).toBe(1);
    expect(shipmentsOf(first.body)).toHaveLength(1);
    const again = await page(cart);
    expect(again.quoted).toBe(0);
    expect(again.body).toBe(first.body);
    // later within the same minute of the countdown
    clock = PINNED_NOW + 50_000;
    expect((await page(cart)).quoted).toBe(0);
  });

  test('is quoted again for another address, another choice or another cart', async () => {
    clock = PINNED_NOW;
    const cart = await cartOf([['basket', 1]]);
    const first = await page(cart);
    expect((await page(cart)).quoted).toBe(0);
    const seattle = await page(cart, { stateCode: 'WA', zip: '98101', city: 'Seattle' });
    expect(seattle.quoted).toBe(1);
    expect(seattle.body).not.toContain('Sales tax (CA');
    const faster = await page(cart, { service: 'next-day' });
    expect(faster.quoted).toBe(1);
    expect(shipmentsOf(faster.body)[0]).toContain('by Next Day');
    const more = await call(app, 'POST', '/api/checkouts/lineItems', { cookie: cart.cookie, body: { inventoryLevelId: levels.basket, quantity: 1 }, headers: { 'idempotency-key': `st-${Math.random()}` } });
    expect(more.status).toBe(200);
    const bigger = await page(cart);
    expect(bigger.quoted).toBe(1);
    expect(bigger.body).toContain('Skimmer Basket × 2');
    expect(first.body).toContain('Skimmer Basket × 1');
  });

  test('is quoted again once the cut-off has passed: the dates move', async () => {
    clock = PINNED_NOW;
    const cart = await cartOf([['basket', 1]]);
    const morning = await page(cart);
    expect((await page(cart)).quoted).toBe(0);
    // Tue, Nov 24 2026, 1:00:01 pm in Kent: past the cut-off, the order ships on Wednesday
    clock = Date.UTC(2026, 10, 24, 21, 0, 1);
    const afternoon = await page(cart);
    expect(afternoon.quoted).toBe(1);
    expect(shipmentsOf(afternoon.body)).not.toEqual(shipmentsOf(morning.body));
  });

  test('is quoted again after a catalogue change to a line\'s product', async () => {
    clock = PINNED_NOW;
    const cart = await cartOf([['basket', 1]]);
    expect(shipmentsOf((await page(cart)).body)[0]).toContain('Parcels by Ground');
    expect((await page(cart)).quoted).toBe(0);
    const row = await db.get<{ variant_id: number; product_id: number }>('SELECT l.variant_id, v.product_id FROM inventory_levels l JOIN variants v ON v.id = l.variant_id WHERE l.id = ?', [levels.basket]);
    await db.run("UPDATE variants SET ship_class = 'hazmat-ground', hazard_group = 'other' WHERE id = ?", [row!.variant_id]);
    await app.catalogue.reindex([row!.product_id]);
    const changed = await page(cart);
    expect(changed.quoted).toBe(1);
    expect(shipmentsOf(changed.body)[0]).toContain('Pool chemicals by Ground');
    await db.run("UPDATE variants SET ship_class = 'parcel', hazard_group = NULL WHERE id = ?", [row!.variant_id]);
    await app.catalogue.reindex([row!.product_id]);
  });
});

describe('the shipping step\'s text', () => {
  test('is Latin-1 on the page: the arrival dates\' en dash and the warning sign are character references (the page stays a one-byte string)', async () => {
    clock = PINNED_NOW;
    const cart = await cartOf([['pump', 1]]);
    const { body } = await page(cart);
    expect([...body].filter((c) => c.codePointAt(0)! > 0xff)).toEqual([]);
    expect(body).toMatch(/Arrives \w{3}, \w{3} \d+ &#8211; \w{3}, \w{3} \d+/);
    expect(body).toContain('&#9888; WARNING: This product can expose you to chemicals including lead');
  });
});
