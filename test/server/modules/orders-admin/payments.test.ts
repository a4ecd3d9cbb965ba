/**
 * The money side of the order operations, through the payments module and its test provider:
 * with capture at fulfilment the order reads authorised until it ships, the first shipment
 * captures it, and a cancel before that voids it; a provider that does not answer a refund leaves
 * it pending (503, counted against what may be refunded) until the same request finishes it,
 * once. On SQLite and (server-pg project) PostgreSQL.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import type { Db } from '../../../../src/server/platform/db/database.ts';
import { ORDER_ADMIN_ERRORS } from '../../../../src/server/modules/orders-admin/index.ts';
import { freshLevels, opCall, ordersApp, placeOrder, signedInOperator, type SignedInOperator } from './orders-admin.helpers.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const UPS = { carrier: 'ups', trackingNumber: '1Z999AA10123456784' };

describe('capture at fulfilment', () => {
  let app: FastifyInstance;
  let db: Db;
  let owner: SignedInOperator;
  beforeAll(async () => {
    ({ app, db } = await ordersApp({ capture: 'manual' }));
    owner = await signedInOperator(app, 'owner');
  });
  afterAll(async () => {
    await app?.close();
  });

  test('the order reads authorised (and is listed so) until the first shipment captures the payment', async () => {
    const [a, b] = await freshLevels(db, 2);
    const placed = await placeOrder(app, db, [{ levelId: a!, quantity: 1 }, { levelId: b!, quantity: 1 }]);
    const before = (await opCall(app, owner, 'GET', `/api/admin/orders/${placed.orderId}`)).body.order;
    expect(before).toMatchObject({ paymentStatus: 'authorised', capturedCents: 0, refundableCents: 0 });
    const listed = (await opCall(app, owner, 'GET', '/api/admin/orders?payment=authorised')).body.orders.map((o: { id: number }) => o.id);
    expect(listed).toContain(placed.orderId);
    // nothing captured: nothing to refund
    expect((await opCall(app, owner, 'POST', `/api/admin/orders/${placed.orderId}/refunds`, { amountCents: 100 })).status).toBe(409);
    const res = await opCall(app, owner, 'POST', `/api/admin/orders/${placed.orderId}/fulfilments`, { ...UPS, lines: [{ lineId: placed.lineIds[0], quantity: 1 }] });
    expect(res.status).toBe(200);
    expect(res.body.warnings).toEqual([]);
    expect(res.body.order).toMatchObject({ paymentStatus: 'paid', capturedCents: before.totalCents, refundableCents: before.totalCents });
    expect(res.body.order.payments[0]).toMatchObject({ status: 'captured', captureMethod: 'manual' });
    expect(res.body.order.timeline.map((e: { kind: string }) => e.kind)).toEqual(['placed', 'authorised', 'fulfilled', 'paid']);
    expect((await db.get<{ payment_status: string }>('SELECT payment_status FROM orders WHERE id = ?', [placed.orderId]))!.payment_status).toBe('paid');
    const captured = await db.all<{ before_json: string; after_json: string }>("SELECT before_json, after_json FROM audit_log WHERE action = 'order.capture' AND entity_id = ?", [String(placed.orderId)]);
    expect(captured.map((e) => [JSON.parse(e.before_json).payment, JSON.parse(e.after_json).payment])).toEqual([['authorised', 'paid']]);
    // the second shipment captures nothing more
    const rest = await opCall(app, owner, 'POST', `/api/admin/orders/${placed.orderId}/fulfilments`, UPS);
    expect(rest.body.order.payments[0].captures).toHaveLength(1);
  });

  test('a cancel before shipping voids the authorisation: nothing taken, nothing to refund', async () => {
    const [a] = await freshLevels(db, 1);
    const placed = await placeOrder(app, db, [{ levelId: a!, quantity: 2 }]);
    const res = await opCall(app, owner, 'POST', `/api/admin/orders/${placed.orderId}/cancel`, { reason: 'Out of stock at the supplier' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ warnings: [], order: { state: 'cancelled', paymentStatus: 'voided', refunds: [], capturedCents: 0 } });
    expect(res.body.order.payments[0].status).toBe('canceled');
    const voided = await db.all<{ after_json: string }>("SELECT after_json FROM audit_log WHERE action = 'order.void' AND entity_id = ?", [String(placed.orderId)]);
    expect(voided.map((e) => JSON.parse(e.after_json).payment)).toEqual(['voided']);
  });
});

describe('a provider that does not answer a refund', () => {
  let app: FastifyInstance;
  let db: Db;
  let owner: SignedInOperator;
  const dieAfter = new Set<string>();
  beforeAll(async () => {
    ({ app, db } = await ordersApp({
      faults: {
        afterProviderCall: (call) => {
          if (dieAfter.has(call)) throw new Error(`no answer after ${call}`);
        },
      },
    }));
    owner = await signedInOperator(app, 'owner');
  });
  afterAll(async () => {
    await app?.close();
  });

  test('answers 503 and keeps the refund pending and counted; the same key finishes it, refunded once', async () => {
    const [a] = await freshLevels(db, 1);
    const placed = await placeOrder(app, db, [{ levelId: a!, quantity: 1 }]);
    const url = `/api/admin/orders/${placed.orderId}/refunds`;
    const total = (await db.get<{ total_cents: number }>('SELECT total_cents FROM orders WHERE id = ?', [placed.orderId]))!.total_cents;
    dieAfter.add('refund');
    const first = await opCall(app, owner, 'POST', url, { amountCents: total }, { 'idempotency-key': 'refund-all' });
    dieAfter.clear();
    expect(first.status).toBe(503);
    expect(first.body).toEqual({ error: ORDER_ADMIN_ERRORS.refundPending });
    expect(first.headers['retry-after']).toBe('5');
    const pending = (await opCall(app, owner, 'GET', `/api/admin/orders/${placed.orderId}`)).body.order;
    expect(pending.refunds).toEqual([expect.objectContaining({ status: 'pending', amountCents: total })]);
    expect(pending.refundableCents).toBe(0);
    // another refund meanwhile is refused: the pending one counts
    expect((await opCall(app, owner, 'POST', url, { amountCents: 1 }, { 'idempotency-key': 'refund-more' })).status).toBe(409);
    const again = await opCall(app, owner, 'POST', url, { amountCents: total }, { 'idempotency-key': 'refund-all' });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ replayed: true, refund: { status: 'succeeded', amountCents: total } });
    expect(again.body.order.payments[0].refunds).toEqual([expect.objectContaining({ amountCents: total, status: 'succeeded' })]);
    expect(again.body.order).toMatchObject({ paymentStatus: 'refunded', refundedCents: total });
  });
});
