/**
 * Two (or six) operators acting on one order at the same moment: requests sent together, each
 * with its own Idempotency-Key, never refund more than was captured, never ship more than was
 * ordered, never receive one return twice, and a cancel racing a fulfilment leaves one of them
 * done and the other refused. On SQLite (one writer at a time) and PostgreSQL (a pool of
 * connections: the order's row lock and the conditional counter updates decide).
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import type { Db } from '../../../../src/server/platform/db/database.ts';
import { ORDER_MAIL_KINDS } from '../../../../src/server/modules/orders-admin/index.ts';
import { freshLevels, mailsTo, opCall, ordersApp, placeOrder, signedInOperator, type SignedInOperator } from './orders-admin.helpers.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

let app: FastifyInstance;
let db: Db;
let ops: SignedInOperator[];

const UPS = { carrier: 'ups', trackingNumber: '1Z999AA10123456784' };
const AT_ONCE = 6;

beforeAll(async () => {
  ({ app, db } = await ordersApp());
  ops = [await signedInOperator(app, 'owner'), await signedInOperator(app, 'staff')];
});
afterAll(async () => {
  await app?.close();
});

/** The same call from AT_ONCE operators' clicks at once (alternating operators, each its own key). */
let race = 0;
async function together(method: 'POST', url: string, body: unknown) {
  race++;
  return await Promise.all(Array.from({ length: AT_ONCE }, (_, i) => opCall(app, ops[i % ops.length]!, method, url, body, { 'idempotency-key': `race-${race}-${i}` })));
}

const statuses = (answers: { status: number }[]) => answers.map((a) => a.status).sort();

test('refunds of the whole amount at once: one succeeds, the others answer 409; the provider refunded the total once', async () => {
  const [a] = await freshLevels(db, 1);
  const placed = await placeOrder(app, db, [{ levelId: a!, quantity: 2 }]);
  const total = (await db.get<{ total_cents: number }>('SELECT total_cents FROM orders WHERE id = ?', [placed.orderId]))!.total_cents;
  const answers = await together('POST', `/api/admin/orders/${placed.orderId}/refunds`, { amountCents: total });
  expect(statuses(answers), JSON.stringify(answers.map((x) => x.body))).toEqual([200, ...Array(AT_ONCE - 1).fill(409)]);
  const detail = (await opCall(app, ops[0]!, 'GET', `/api/admin/orders/${placed.orderId}`)).body.order;
  expect(detail.payments[0].refunds.map((r: { amountCents: number; status: string }) => [r.amountCents, r.status])).toEqual([[total, 'succeeded']]);
  expect(detail).toMatchObject({ refundedCents: total, refundableCents: 0, paymentStatus: 'refunded' });
  expect(await mailsTo(db, placed.email, ORDER_MAIL_KINDS.refunded)).toHaveLength(1);
});

test('refunds of the same single unit at once: one', async () => {
  const [a, b] = await freshLevels(db, 2);
  const placed = await placeOrder(app, db, [{ levelId: a!, quantity: 1 }, { levelId: b!, quantity: 1 }]);
  const answers = await together('POST', `/api/admin/orders/${placed.orderId}/refunds`, { lines: [{ lineId: placed.lineIds[0], quantity: 1 }] });
  expect(statuses(answers)).toEqual([200, ...Array(AT_ONCE - 1).fill(409)]);
  const refunded = await db.all<{ refunded_quantity: number }>('SELECT refunded_quantity FROM order_lines WHERE order_id = ? ORDER BY id', [placed.orderId]);
  expect(refunded.map((r) => r.refunded_quantity)).toEqual([1, 0]);
  expect(Number((await db.get<{ n: number }>("SELECT COUNT(*) AS n FROM order_refunds WHERE order_id = ? AND status <> 'failed'", [placed.orderId]))!.n)).toBe(1);
});

test('fulfilments of every unit at once: one ships, the others answer 409; one shipped mail', async () => {
  const [a, b] = await freshLevels(db, 2);
  const placed = await placeOrder(app, db, [{ levelId: a!, quantity: 2 }, { levelId: b!, quantity: 1 }]);
  const answers = await together('POST', `/api/admin/orders/${placed.orderId}/fulfilments`, UPS);
  expect(statuses(answers)).toEqual([200, ...Array(AT_ONCE - 1).fill(409)]);
  const lines = await db.all<{ quantity: number; fulfilled_quantity: number }>('SELECT quantity, fulfilled_quantity FROM order_lines WHERE order_id = ? ORDER BY id', [placed.orderId]);
  expect(lines).toEqual([{ quantity: 2, fulfilled_quantity: 2 }, { quantity: 1, fulfilled_quantity: 1 }]);
  expect(Number((await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM order_fulfilments WHERE order_id = ?', [placed.orderId]))!.n)).toBe(1);
  expect(await mailsTo(db, placed.email, ORDER_MAIL_KINDS.shipped)).toHaveLength(1);
});

test('one unit each at once from an order of three: three ship, the rest answer 409, never more than ordered', async () => {
  const [a] = await freshLevels(db, 1);
  const placed = await placeOrder(app, db, [{ levelId: a!, quantity: 3 }]);
  const answers = await together('POST', `/api/admin/orders/${placed.orderId}/fulfilments`, { ...UPS, lines: [{ lineId: placed.lineIds[0], quantity: 1 }] });
  expect(statuses(answers)).toEqual([200, 200, 200, ...Array(AT_ONCE - 3).fill(409)]);
  expect((await db.get<{ f: number }>('SELECT fulfilled_quantity AS f FROM order_lines WHERE id = ?', [placed.lineIds[0]]))!.f).toBe(3);
});

test('one return received at once: once (one refund, the units back once)', async () => {
  const [a] = await freshLevels(db, 1);
  const placed = await placeOrder(app, db, [{ levelId: a!, quantity: 2 }]);
  await opCall(app, ops[0]!, 'POST', `/api/admin/orders/${placed.orderId}/fulfilments`, UPS);
  const ret = await opCall(app, ops[0]!, 'POST', `/api/admin/orders/${placed.orderId}/returns`, { lines: [{ lineId: placed.lineIds[0], quantity: 2 }], reason: 'Not needed' });
  const stock = (await db.get<{ quantity: number }>('SELECT quantity FROM inventory_levels WHERE id = ?', [a!]))!.quantity;
  const answers = await together('POST', `/api/admin/orders/${placed.orderId}/returns/${ret.body.return.id}/receive`, { restock: true });
  expect(statuses(answers)).toEqual([200, ...Array(AT_ONCE - 1).fill(409)]);
  expect((await db.get<{ quantity: number }>('SELECT quantity FROM inventory_levels WHERE id = ?', [a!]))!.quantity).toBe(stock + 2);
  expect(Number((await db.get<{ n: number }>("SELECT COUNT(*) AS n FROM order_refunds WHERE order_id = ? AND kind = 'return'", [placed.orderId]))!.n)).toBe(1);
});

test('a cancel racing a fulfilment: exactly one of them happens', async () => {
  const [a] = await freshLevels(db, 1);
  const placed = await placeOrder(app, db, [{ levelId: a!, quantity: 1 }]);
  const [cancelled, shipped] = await Promise.all([
    opCall(app, ops[0]!, 'POST', `/api/admin/orders/${placed.orderId}/cancel`, { reason: 'Customer asked' }),
    opCall(app, ops[1]!, 'POST', `/api/admin/orders/${placed.orderId}/fulfilments`, UPS),
  ]);
  expect([cancelled.status, shipped.status].sort()).toEqual([200, 409]);
  const row = (await db.get<{ state: string; fulfilment_status: string }>('SELECT state, fulfilment_status FROM orders WHERE id = ?', [placed.orderId]))!;
  expect(row.state === 'cancelled' ? row.fulfilment_status : 'shipped').toBe(row.state === 'cancelled' ? 'unfulfilled' : 'shipped');
  if (row.state === 'open') expect(row.fulfilment_status).toBe('fulfilled');
});
