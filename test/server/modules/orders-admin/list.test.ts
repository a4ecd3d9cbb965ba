/**
 * The order list: newest first, filtered by status, payment, fulfilment, date range and text (an
 * order number, part of an email, a name or a company, a SKU in any case), paged by keyset
 * (every order once, in order, whatever the page size); the search text is written by the
 * database itself whoever inserts an order. On SQLite and (server-pg project) PostgreSQL.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import type { Db } from '../../../../src/server/platform/db/database.ts';
import { listOrders } from '../../../../src/server/modules/orders-admin/repository.ts';
import { opCall, ordersApp, signedInOperator, type SignedInOperator } from './orders-admin.helpers.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

let app: FastifyInstance;
let db: Db;
let owner: SignedInOperator;

interface Seeded {
  id: number;
  email: string;
  createdAt: string;
  state: string;
  payment: string;
  fulfilment: string;
  skus: string[];
}
const seeded: Seeded[] = [];
let numericSku = 0;

const STATES = ['open', 'open', 'open', 'cancelled'];
const PAYMENTS = ['paid', 'partially_refunded', 'refunded', 'authorised'];
const FULFILMENTS = ['unfulfilled', 'partially_fulfilled', 'fulfilled', 'returned', 'partially_returned'];
const NAMES = [['Ann', 'Rivers'], ['Bob', 'Lake'], ['Cleo', 'Brook'], ['Dan', 'O\'Shore']];

/** An order written straight into the tables (as an import or another process would), one line per SKU. */
async function insertOrder(o: Omit<Seeded, 'id'> & { first: string; last: string; company: string | null }): Promise<number> {
  const checkout = `list-${seeded.length}-${Math.random().toString(36).slice(2)}`;
  await db.run("INSERT INTO checkouts (id, status, created_at, updated_at) VALUES (?, 'completed', ?, ?)", [checkout, o.createdAt, o.createdAt]);
  const address = JSON.stringify({ firstName: o.first, lastName: o.last, company: o.company, address1: '1 Pool Way', address2: null, city: 'Austin', zip: '73301', phone: null, countryCode: 'US', stateCode: 'TX' });
  const row = await db.get<{ id: number }>(
    `INSERT INTO orders (checkout_id, email, status, subtotal_cents, discount_cents, shipping_cents, total_cents, currency_code, discount_codes, shipping_address_json,
       payment_brand, payment_last4, payment_token, created_at, state, payment_status, fulfilment_status)
     VALUES (?, ?, 'PAID', 1000, 0, 0, 1000, 'USD', '', ?, 'Visa', '4242', 'tp_x', ?, ?, ?, ?) RETURNING id`,
    [checkout, o.email, address, o.createdAt, o.state, o.payment, o.fulfilment],
  );
  for (const sku of o.skus) {
    await db.run(
      `INSERT INTO order_lines (order_id, inventory_level_id, product_id, title, sku, product_handle, image_url, quantity, unit_price_cents, created_at)
       VALUES (?, NULL, 1, 'Part', ?, 'part', NULL, 2, 500, ?)`,
      [row!.id, sku, o.createdAt],
    );
  }
  return row!.id;
}

beforeAll(async () => {
  ({ app, db } = await ordersApp());
  owner = await signedInOperator(app, 'owner');
  numericSku = await insertOrder({ email: 'num@example.com', createdAt: '2025-12-15T00:00:00.000Z', state: 'open', payment: 'paid', fulfilment: 'unfulfilled', skus: ['40404'], first: 'Num', last: 'Ber', company: null });
  for (let i = 0; i < 40; i++) {
    const [first, last] = NAMES[i % NAMES.length]!;
    const o = {
      email: `${first!.toLowerCase()}.${i}@Pool-Owners.example`.toLowerCase(),
      createdAt: new Date(Date.UTC(2026, 0, 1 + i, 12)).toISOString(),
      state: STATES[i % STATES.length]!, payment: PAYMENTS[i % PAYMENTS.length]!, fulfilment: FULFILMENTS[i % FULFILMENTS.length]!,
      skus: [`SKU-${i}`, i % 10 === 0 ? 'PUMP-SEAL_10%' : `LID-${i % 3}`],
    };
    seeded.push({ id: await insertOrder({ ...o, first: first!, last: last!, company: i === 7 ? 'Lagoon Supply Co' : null }), ...o });
  }
});
afterAll(async () => {
  await app?.close();
});

const list = async (query: string) => {
  const res = await opCall(app, owner, 'GET', `/api/admin/orders?${query}`);
  expect(res.status, res.text).toBe(200);
  return res.body as { orders: { id: number; email: string; name: string; units: number; paymentStatus: string; fulfilmentStatus: string; state: string }[]; nextBefore: string | null };
};
const ours = (ids: number[]) => ids.filter((id) => seeded.some((s) => s.id === id));
const idsWhere = (pred: (s: Seeded) => boolean) => seeded.filter(pred).map((s) => s.id).sort((a, b) => b - a);

describe('the order list', () => {
  test('newest first with what a row shows', async () => {
    const page = await list('limit=3');
    expect(page.orders.map((o) => o.id)).toEqual(idsWhere(() => true).slice(0, 3));
    const top = seeded.at(-1)!;
    expect(page.orders[0]).toEqual({
      id: top.id, createdAt: top.createdAt, email: top.email, name: 'Dan O\'Shore', units: 4, totalCents: 1000, currency: 'USD',
      status: 'PAID', state: top.state, paymentStatus: top.payment, fulfilmentStatus: top.fulfilment,
    });
  });

  test.each([
    ['status=cancelled', (s: Seeded) => s.state === 'cancelled'],
    ['payment=refunded', (s: Seeded) => s.payment === 'refunded'],
    ['fulfilment=partially_fulfilled', (s: Seeded) => s.fulfilment === 'partially_fulfilled'],
    ['status=open&payment=paid&fulfilment=unfulfilled', (s: Seeded) => s.state === 'open' && s.payment === 'paid' && s.fulfilment === 'unfulfilled'],
    ['from=2026-01-10&to=2026-01-12', (s: Seeded) => s.createdAt >= '2026-01-10' && s.createdAt < '2026-01-13'],
    ['from=2026-01-10T12:00:00.000Z&to=2026-01-11T12:00:00.000Z', (s: Seeded) => s.createdAt >= '2026-01-10T12:00:00.000Z' && s.createdAt < '2026-01-11T12:00:00.000Z'],
  ])('%s', async (query, pred) => {
    expect(ours((await list(`${query}&limit=200`)).orders.map((o) => o.id))).toEqual(idsWhere(pred));
  });

  test.each([
    ['an order number', () => String(seeded[5]!.id), () => [seeded[5]!.id]],
    ['an order number with #', () => `%23${seeded[6]!.id}`, () => [seeded[6]!.id]],
    ['part of an email, any case', () => 'BOB.1', () => idsWhere((s) => s.email.startsWith('bob.1'))],
    ['a last name', () => 'brook', () => idsWhere((s) => s.email.startsWith('cleo.'))],
    ['a name with an apostrophe', () => encodeURIComponent('o\'shore'), () => idsWhere((s) => s.email.startsWith('dan.'))],
    ['a company', () => 'lagoon%20supply', () => [seeded[7]!.id]],
    ['a SKU in any case', () => 'sku-12', () => [seeded[12]!.id]],
    ['part of a SKU', () => 'seal_1', () => idsWhere((s) => s.skus.includes('PUMP-SEAL_10%'))],
    ['a SKU shared by orders', () => 'LID-2', () => idsWhere((s) => s.skus.includes('LID-2'))],
    ['a SKU with LIKE\'s own characters', () => encodeURIComponent('pump-seal_10%'), () => idsWhere((s) => s.skus.includes('PUMP-SEAL_10%'))],
    ['LIKE\'s wildcards, taken literally', () => encodeURIComponent('%'), () => idsWhere((s) => s.skus.includes('PUMP-SEAL_10%'))],
    ['LIKE\'s one-character wildcard, taken literally', () => encodeURIComponent('l_1'), () => idsWhere((s) => s.skus.includes('PUMP-SEAL_10%'))],
  ])('text: %s', async (_what, q, expected) => {
    expect(ours((await list(`q=${q()}&limit=200`)).orders.map((o) => o.id))).toEqual(expected().sort((a, b) => b - a));
  });

  test('text: a numeric SKU (digits are an order number or a whole SKU)', async () => {
    expect((await list('q=40404')).orders.map((o) => o.id)).toEqual([numericSku]);
    expect((await list('q=4040')).orders.map((o) => o.id)).toEqual([]);
  });

  test('keyset paging walks every order once, newest first, at any page size', async () => {
    const all = (await list('limit=200')).orders.map((o) => o.id);
    for (const size of [1, 7, 40]) {
      const walked: number[] = [];
      let before: string | null = null;
      for (let pages = 0; pages < 100; pages++) {
        const page: Awaited<ReturnType<typeof list>> = await list(`limit=${size}${before === null ? '' : `&before=${encodeURIComponent(before)}`}`);
        walked.push(...page.orders.map((o) => o.id));
        before = page.nextBefore;
        if (before === null) break;
      }
      expect(walked).toEqual(all);
    }
    // a filter pages the same way
    const refunded = await list('payment=refunded&limit=4');
    expect(refunded.nextBefore).toMatch(/^\d{4}-\d\d-\d\dT[\d:.]+Z_\d+$/);
    const next = await list(`payment=refunded&limit=4&before=${encodeURIComponent(refunded.nextBefore!)}`);
    expect([...refunded.orders, ...next.orders].map((o) => o.id)).toEqual(idsWhere((s) => s.payment === 'refunded').slice(0, 8));
  });

  test('the order is by the time of placing, not the id: an order written later with an earlier date comes after', async () => {
    const late = await insertOrder({ email: 'early@example.com', createdAt: '2025-12-31T00:00:00.000Z', state: 'open', payment: 'paid', fulfilment: 'unfulfilled', skus: [], first: 'Early', last: 'Bird', company: null });
    const all = (await list('limit=200')).orders.map((o) => o.id);
    expect(all.indexOf(late)).toBe(all.indexOf(seeded[0]!.id) + 1);
    expect((await list('from=2025-12-31&to=2025-12-31')).orders.map((o) => o.id)).toEqual([late]);
    await db.run('DELETE FROM orders WHERE id = ?', [late]);
  });

  test('a text with many matches reads the orders in order; with few, the matches: the same answer either way', async () => {
    for (const text of ['pool-owners', 'ann', 'rivers', 'lagoon', 'lid-1']) {
      const sparse = await listOrders(db, { text, limit: 200 });
      const dense = await listOrders(db, { text, limit: 200, denseMatches: 1 });
      expect(dense.map((r) => r.id), text).toEqual(sparse.map((r) => r.id));
      expect(sparse.length, text).toBeGreaterThan(0);
    }
  });

  test('the database writes the search text of an order whoever inserts it, a broken address included', async () => {
    const id = await insertOrder({ email: 'zed@example.com', createdAt: '2026-02-20T00:00:00.000Z', state: 'open', payment: 'paid', fulfilment: 'unfulfilled', skus: [], first: 'Zed', last: 'Quay', company: null });
    expect((await db.get<{ search_text: string }>('SELECT search_text FROM orders WHERE id = ?', [id]))!.search_text).toBe('zed@example.com zed quay ');
    expect((await db.get<{ search_text: string }>('SELECT search_text FROM orders WHERE id = ?', [seeded[10]!.id]))!.search_text).toBe('cleo.10@pool-owners.example cleo brook  sku-10 pump-seal_10%');
    // a line added after placing joins it too
    await db.run("INSERT INTO order_lines (order_id, product_id, title, sku, product_handle, quantity, unit_price_cents, created_at) VALUES (?, 1, 'Part', 'Late-SKU', 'part', 1, 1, 'x')", [id]);
    expect((await list('q=late-sku')).orders.map((o) => o.id)).toEqual([id]);
    await db.run("INSERT INTO checkouts (id, status, created_at, updated_at) VALUES ('list-broken', 'completed', '2026-02-21T00:00:00.000Z', '2026-02-21T00:00:00.000Z')");
    const broken = await db.get<{ id: number; search_text: string }>(
      `INSERT INTO orders (checkout_id, email, status, subtotal_cents, discount_cents, shipping_cents, total_cents, currency_code, discount_codes, shipping_address_json,
         payment_brand, payment_last4, payment_token, created_at)
       VALUES ('list-broken', 'Odd@Example.com', 'PAID', 0, 0, 0, 0, 'USD', '', 'not json', 'Visa', '', 'tp_y', '2026-02-21T00:00:00.000Z') RETURNING id, search_text`,
    );
    expect((await db.get<{ search_text: string }>('SELECT search_text FROM orders WHERE id = ?', [broken!.id]))!.search_text.trim()).toBe('odd@example.com');
    expect((await list('q=odd%40example')).orders.map((o) => o.id)).toEqual([broken!.id]);
  });
});
