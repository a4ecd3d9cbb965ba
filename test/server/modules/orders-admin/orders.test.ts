/**
 * The back office's orders end to end, over orders a shopper placed through the hosted checkout
 * (the test payment provider): an order's page with its timeline; fulfil some lines with a
 * carrier and tracking (the shipped mail with the link, the shopper's order page showing it),
 * then the rest; over-fulfilment refused with the reason; refunds of a line and of an amount
 * through the provider, never above what was captured (409 with the figures); an Idempotency-Key
 * sent twice refunds once; returns under the store's rules, received with or without restock and
 * refunded less the fee; cancel with stock back and the money refunded; notes; the audit log's
 * before and after of each write. On SQLite and (server-pg project) PostgreSQL.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import type { Db } from '../../../../src/server/platform/db/database.ts';
import { ORDER_MAIL_KINDS } from '../../../../src/server/modules/orders-admin/index.ts';
import { call } from '../checkout/cart.helpers.ts';
import {
  freshLevels, mailsTo, opCall, ordersApp, placeOrder, signedInOperator, stockOf, writeFingerprint, type SignedInOperator,
} from './orders-admin.helpers.ts';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

let app: FastifyInstance;
let db: Db;
let owner: SignedInOperator;

beforeAll(async () => {
  ({ app, db } = await ordersApp());
  owner = await signedInOperator(app, 'owner');
});
afterAll(async () => {
  await app?.close();
});

const UPS = { carrier: 'ups', trackingNumber: '1Z 999 AA1 0123456784' };
const auditOf = async (orderId: number, action: string) =>
  await db.all<{ action: string; actor_kind: string; actor_id: number; before_json: string | null; after_json: string | null }>(
    "SELECT action, actor_kind, actor_id, before_json, after_json FROM audit_log WHERE entity = 'order' AND entity_id = ? AND action = ? ORDER BY id",
    [String(orderId), action],
  );

describe('an order\'s page', () => {
  test('lines, address, the payment\'s records and the timeline from placing', async () => {
    const [a, b] = await freshLevels(db, 2);
    const placed = await placeOrder(app, db, [{ levelId: a!, quantity: 2 }, { levelId: b!, quantity: 1 }]);
    const res = await opCall(app, owner, 'GET', `/api/admin/orders/${placed.orderId}`);
    expect(res.status).toBe(200);
    const o = res.body.order;
    expect(o).toMatchObject({ id: placed.orderId, email: placed.email, status: 'PAID', state: 'open', paymentStatus: 'paid', fulfilmentStatus: 'unfulfilled' });
    expect(o.shippingAddress).toMatchObject({ firstName: 'Pat', lastName: 'Poolside', city: 'Tacoma', stateCode: 'WA' });
    expect(o.lines.map((l: { id: number; quantity: number; fulfilled: number }) => [l.id, l.quantity, l.fulfilled])).toEqual([[placed.lineIds[0], 2, 0], [placed.lineIds[1], 1, 0]]);
    expect(o.payments).toEqual([expect.objectContaining({ provider: 'test', status: 'captured', capturedCents: o.totalCents, providerPaymentId: expect.stringMatching(/^tp_/) })]);
    expect(o.capturedCents).toBe(o.totalCents);
    expect(o.refundableCents).toBe(o.totalCents);
    expect(o.timeline.map((e: { kind: string }) => e.kind)).toEqual(['placed', 'paid']);
    expect((await opCall(app, owner, 'GET', '/api/admin/orders/999999')).status).toBe(404);
  });
});

describe('fulfilment', () => {
  test('some lines with UPS and tracking: the shipped mail with the link, the shopper sees it, the audit holds before and after', async () => {
    const [a, b] = await freshLevels(db, 2);
    const placed = await placeOrder(app, db, [{ levelId: a!, quantity: 2 }, { levelId: b!, quantity: 1 }]);
    const res = await opCall(app, owner, 'POST', `/api/admin/orders/${placed.orderId}/fulfilments`, { ...UPS, lines: [{ lineId: placed.lineIds[0], quantity: 1 }] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.fulfilment).toMatchObject({
      carrier: 'ups', carrierName: 'UPS', trackingNumber: '1Z999AA10123456784', trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
      lines: [{ lineId: placed.lineIds[0], quantity: 1 }], by: { kind: 'operator', id: owner.id },
    });
    expect(res.body.order).toMatchObject({ status: 'PARTIALLY SHIPPED', fulfilmentStatus: 'partially_fulfilled' });
    expect(res.body.warnings).toEqual([]);
    const [mail] = await mailsTo(db, placed.email, ORDER_MAIL_KINDS.shipped);
    expect(mail?.subject).toMatch(new RegExp(`order #${placed.orderId} has shipped$`));
    expect(mail?.text_body).toContain('Tracking number: 1Z999AA10123456784');
    expect(mail?.text_body).toContain('https://www.ups.com/track?tracknum=1Z999AA10123456784');
    expect(mail?.text_body).toContain('2 more items will follow in another shipment.');
    expect(mail?.html_body).toContain('href="https://www.ups.com/track?tracknum=1Z999AA10123456784"');
    // the shopper's order page
    const mine = await call(app, 'GET', `/api/orders/${placed.orderId}`, { cookie: placed.cookie });
    expect(mine.status).toBe(200);
    expect(mine.body.order.status).toBe('PARTIALLY SHIPPED');
    expect(mine.body.order.shipments).toEqual([{
      id: res.body.fulfilment.id, carrierName: 'UPS', trackingNumber: '1Z999AA10123456784', trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
      shippedAt: expect.any(String), lines: [{ lineId: placed.lineIds[0], title: expect.any(String), quantity: 1 }],
    }]);
    const [entry] = await auditOf(placed.orderId, 'order.fulfil');
    expect(entry).toMatchObject({ actor_kind: 'operator', actor_id: owner.id });
    expect(JSON.parse(entry!.before_json!)).toMatchObject({ fulfilment: 'unfulfilled', lines: [{ fulfilled: 0 }, { fulfilled: 0 }] });
    expect(JSON.parse(entry!.after_json!)).toMatchObject({ fulfilment: 'partially_fulfilled', lines: [{ fulfilled: 1 }, { fulfilled: 0 }], shipment: { carrier: 'ups', trackingNumber: '1Z999AA10123456784' } });
  });

  test('more than is left to ship answers 409 with the reason and writes nothing; the rest ships without naming lines', async () => {
    const [a] = await freshLevels(db, 1);
    const placed = await placeOrder(app, db, [{ levelId: a!, quantity: 2 }]);
    const url = `/api/admin/orders/${placed.orderId}/fulfilments`;
    expect((await opCall(app, owner, 'POST', url, { ...UPS, lines: [{ lineId: placed.lineIds[0], quantity: 1 }] })).status).toBe(200);
    const before = await writeFingerprint(db);
    const over = await opCall(app, owner, 'POST', url, { ...UPS, lines: [{ lineId: placed.lineIds[0], quantity: 2 }] });
    expect(over.status).toBe(409);
    expect(over.body).toEqual({ error: expect.stringMatching(/^Only 1 of .+ left to ship \(2 ordered, 1 shipped\); 2 cannot ship\.$/) });
    expect(await writeFingerprint(db)).toBe(before);
    const rest = await opCall(app, owner, 'POST', url, { carrier: 'other', carrierName: 'Estes Express', trackingNumber: 'PRO-4455667', trackingUrl: 'https://estes.example/track?pro=PRO4455667' });
    expect(rest.status).toBe(200);
    expect(rest.body.fulfilment).toMatchObject({ carrierName: 'Estes Express', trackingNumber: 'PRO4455667', trackingUrl: 'https://estes.example/track?pro=PRO4455667' });
    expect(rest.body.order).toMatchObject({ status: 'SHIPPED', fulfilmentStatus: 'fulfilled' });
    const none = await opCall(app, owner, 'POST', url, UPS);
    expect(none).toMatchObject({ status: 409, body: { error: 'Every item of this order has shipped already.' } });
  });

  test('the same Idempotency-Key ships once and answers the first fulfilment', async () => {
    const [a] = await freshLevels(db, 1);
    const placed = await placeOrder(app, db, [{ levelId: a!, quantity: 3 }]);
    const url = `/api/admin/orders/${placed.orderId}/fulfilments`;
    const body = { ...UPS, lines: [{ lineId: placed.lineIds[0], quantity: 1 }] };
    const first = await opCall(app, owner, 'POST', url, body, { 'idempotency-key': 'ship-click-1' });
    const again = await opCall(app, owner, 'POST', url, body, { 'idempotency-key': 'ship-click-1' });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ replayed: true, fulfilment: { id: first.body.fulfilment.id } });
    expect(again.body.order.lines[0].fulfilled).toBe(1);
    expect(await mailsTo(db, placed.email, ORDER_MAIL_KINDS.shipped)).toHaveLength(1);
  });

  test.each([
    [{ carrier: 'ups', trackingNumber: '12' }, 'A tracking number is 6 to 40 letters and digits.'],
    [{ carrier: 'other', trackingNumber: 'PRO123456' }, 'Name the carrier (carrierName) when it is another carrier.'],
    [{ carrier: 'ups', trackingNumber: '1Z999AA10123456784', trackingUrl: 'https://x.example/' }, expect.stringContaining('for another carrier only')],
    [{ carrier: 'other', carrierName: 'X', trackingNumber: 'PRO123456', trackingUrl: 'http://x.example/' }, 'A tracking link is an https:// address.'],
  ])('%j answers 400', async (body, error) => {
    const [a] = await freshLevels(db, 1);
    const placed = await placeOrder(app, db, [{ levelId: a!, quantity: 1 }]);
    const res = await opCall(app, owner, 'POST', `/api/admin/orders/${placed.orderId}/fulfilments`, body);
    expect(res).toMatchObject({ status: 400, body: { error } });
  });
});

describe('refunds', () => {
  test('a line at its price, then an amount, through the provider; never more than captured (409 with the figures)', async () => {
    const [a, b] = await freshLevels(db, 2);
    const placed = await placeOrder(app, db, [{ levelId: a!, quantity: 2 }, { levelId: b!, quantity: 1 }]);
    const url = `/api/admin/orders/${placed.orderId}/refunds`;
    const line = await opCall(app, owner, 'POST', url, { lines: [{ lineId: placed.lineIds[0], quantity: 1 }], reason: 'Damaged in transit' });
    expect(line.status, JSON.stringify(line.body)).toBe(200);
    const unit = line.body.order.lines[0].unitCents;
    expect(line.body.refund).toMatchObject({ kind: 'manual', amountCents: unit, status: 'succeeded', providerRefundId: expect.stringMatching(/^tpr_|^re_|\w+/), reason: 'Damaged in transit' });
    expect(line.body.order).toMatchObject({ paymentStatus: 'partially_refunded', refundedCents: unit });
    expect(line.body.order.payments[0].refunds).toEqual([expect.objectContaining({ amountCents: unit, status: 'succeeded' })]);
    const [mail] = await mailsTo(db, placed.email, ORDER_MAIL_KINDS.refunded);
    expect(mail?.subject).toMatch(/^Refund of \$[\d,.]+ for your .+ order #\d+$/);
    expect(mail?.text_body).toContain('Reason: Damaged in transit');

    const total = line.body.order.totalCents;
    const left = total - unit;
    const before = await writeFingerprint(db);
    const over = await opCall(app, owner, 'POST', url, { amountCents: left + 1 });
    expect(over.status).toBe(409);
    expect(over.body.error).toMatch(/^A refund of \$[\d,.]+ is more than may still be refunded: \$[\d,.]+ \(captured \$[\d,.]+, refunded \$[\d,.]+\)\.$/);
    expect(await writeFingerprint(db)).toBe(before);
    // the same line's refunded unit cannot be refunded again beyond what was ordered
    const again = await opCall(app, owner, 'POST', url, { lines: [{ lineId: placed.lineIds[0], quantity: 2 }] });
    expect(again).toMatchObject({ status: 409, body: { error: expect.stringMatching(/^Only 1 of .+ may still be refunded \(2 ordered, 1 refunded\)\.$/) } });

    const rest = await opCall(app, owner, 'POST', url, { amountCents: left });
    expect(rest.body.order).toMatchObject({ paymentStatus: 'refunded', status: 'REFUNDED', refundableCents: 0 });
    const timeline = rest.body.order.timeline.map((e: { kind: string }) => e.kind);
    expect(timeline.filter((k: string) => k === 'refunded')).toHaveLength(2);
    expect(await auditOf(placed.orderId, 'order.refund')).toHaveLength(2);
    // the provider's answer is a write of its own, audited too
    const settled = await auditOf(placed.orderId, 'order.refund-settle');
    expect(settled.map((e) => [JSON.parse(e.before_json!).refund.status, JSON.parse(e.after_json!).refund.status])).toEqual([['pending', 'succeeded'], ['pending', 'succeeded']]);
  });

  test('one Idempotency-Key sent twice makes one refund at the provider', async () => {
    const [a] = await freshLevels(db, 1);
    const placed = await placeOrder(app, db, [{ levelId: a!, quantity: 1 }]);
    const url = `/api/admin/orders/${placed.orderId}/refunds`;
    const first = await opCall(app, owner, 'POST', url, { amountCents: 500 }, { 'idempotency-key': 'refund-click-7' });
    const second = await opCall(app, owner, 'POST', url, { amountCents: 500 }, { 'idempotency-key': 'refund-click-7' });
    expect(second).toMatchObject({ status: 200, body: { replayed: true, refund: { id: first.body.refund.id } } });
    expect(second.body.order.payments[0].refunds).toHaveLength(1);
    expect(second.body.order.refundedCents).toBe(500);
  });
});

describe('returns', () => {
  test('lines never shipped answer 409; shipped ones are authorised (the return\'s mail), received with restock and refunded less the fee', async () => {
    const [a, b] = await freshLevels(db, 2);
    const placed = await placeOrder(app, db, [{ levelId: a!, quantity: 2 }, { levelId: b!, quantity: 1 }]);
    const base = `/api/admin/orders/${placed.orderId}`;
    await opCall(app, owner, 'POST', `${base}/fulfilments`, { ...UPS, lines: [{ lineId: placed.lineIds[0], quantity: 2 }] });
    const never = await opCall(app, owner, 'POST', `${base}/returns`, { lines: [{ lineId: placed.lineIds[1], quantity: 1 }], reason: 'Changed mind' });
    expect(never).toMatchObject({ status: 409, body: { error: expect.stringMatching(/never shipped: there is nothing of it to return\.$/) } });
    const stock = await stockOf(db, a!);
    const auth = await opCall(app, owner, 'POST', `${base}/returns`, { lines: [{ lineId: placed.lineIds[0], quantity: 1 }], reason: 'Wrong size', restockingFeePercent: 10 });
    expect(auth.status, JSON.stringify(auth.body)).toBe(200);
    expect(auth.body.return).toMatchObject({ status: 'authorised', reason: 'Wrong size', feePercent: 10, buyerPaysFreight: false, lines: [{ lineId: placed.lineIds[0], quantity: 1, opened: false }] });
    const [mail] = await mailsTo(db, placed.email, ORDER_MAIL_KINDS.returnAuthorised);
    expect(mail?.subject).toBe(`Return #${auth.body.return.id} authorised for your ${mail?.subject.split('your ')[1]!.split(' order')[0]} order #${placed.orderId}`);
    expect(mail?.text_body).toContain('Reason: Wrong size');
    expect(mail?.text_body).toContain('A restocking fee of 10% of the returned items\' price is kept from the refund.');
    // the same units cannot be put under a second return
    const twice = await opCall(app, owner, 'POST', `${base}/returns`, { lines: [{ lineId: placed.lineIds[0], quantity: 2 }], reason: 'Again' });
    expect(twice.status).toBe(409);

    const unit = auth.body.order.lines[0].unitCents;
    const got = await opCall(app, owner, 'POST', `${base}/returns/${auth.body.return.id}/receive`, { restock: true });
    expect(got.status, JSON.stringify(got.body)).toBe(200);
    const fee = Math.floor((unit * 10 + 50) / 100);
    expect(got.body.order.returns[0]).toMatchObject({ status: 'received', restocked: true, feeCents: fee, refundCents: unit - fee });
    expect(got.body.order.refunds).toEqual([expect.objectContaining({ kind: 'return', amountCents: unit - fee, status: 'succeeded', returnId: auth.body.return.id })]);
    expect(got.body.order).toMatchObject({ fulfilmentStatus: 'partially_returned', paymentStatus: 'partially_refunded' });
    expect(await stockOf(db, a!)).toBe(stock + 1);
    expect(await mailsTo(db, placed.email, ORDER_MAIL_KINDS.refunded)).toHaveLength(1);
    const again = await opCall(app, owner, 'POST', `${base}/returns/${auth.body.return.id}/receive`, { restock: true });
    expect(again).toMatchObject({ status: 409, body: { error: 'This return was received already.' } });
    expect((await opCall(app, owner, 'POST', `${base}/returns/999999/receive`, { restock: true })).status).toBe(404);
    expect(got.body.order.timeline.map((e: { kind: string }) => e.kind)).toEqual(['placed', 'paid', 'fulfilled', 'return-authorised', 'return-received', 'refunded']);
  });

  test('received without restock: stock unchanged; the store\'s rules refuse opened chemicals and hazardous liquids; freight back at the buyer\'s cost', async () => {
    const [chem, liquid, filter] = await freshLevels(db, 3);
    const placed = await placeOrder(app, db, [{ levelId: chem!, quantity: 1 }, { levelId: liquid!, quantity: 1 }, { levelId: filter!, quantity: 1 }]);
    // the products' ship facts as an operator set them since (the rules read the variant and product now)
    const variantOf = async (level: number) => (await db.get<{ variant_id: number; product_id: number }>('SELECT l.variant_id, v.product_id FROM inventory_levels l JOIN variants v ON v.id = l.variant_id WHERE l.id = ?', [level]))!;
    const c = await variantOf(chem!);
    const l = await variantOf(liquid!);
    const f = await variantOf(filter!);
    await db.run("UPDATE variants SET ship_class = 'hazmat-ground', title = '25 lb' WHERE id = ?", [c.variant_id]);
    await db.run('UPDATE products SET notices_json = ? WHERE id = ?', ['[{"kind":"not-returnable-once-opened"}]', c.product_id]);
    await db.run("UPDATE variants SET ship_class = 'hazmat-ground', title = '1 gal' WHERE id = ?", [l.variant_id]);
    await db.run("UPDATE variants SET ship_class = 'freight' WHERE id = ?", [f.variant_id]);
    const base = `/api/admin/orders/${placed.orderId}`;
    await opCall(app, owner, 'POST', `${base}/fulfilments`, UPS);
    const opened = await opCall(app, owner, 'POST', `${base}/returns`, { lines: [{ lineId: placed.lineIds[0], quantity: 1, opened: true }], reason: 'Did not need it' });
    expect(opened).toMatchObject({ status: 409, body: { error: expect.stringMatching(/is a pool chemical: it cannot be returned once opened\.$/) } });
    const haz = await opCall(app, owner, 'POST', `${base}/returns`, { lines: [{ lineId: placed.lineIds[1], quantity: 1 }], reason: 'Did not need it' });
    expect(haz).toMatchObject({ status: 409, body: { error: expect.stringMatching(/is a hazardous liquid: it cannot be returned/) } });
    const ok = await opCall(app, owner, 'POST', `${base}/returns`, { lines: [{ lineId: placed.lineIds[0], quantity: 1 }, { lineId: placed.lineIds[2], quantity: 1 }], reason: 'Sealed, not needed' });
    expect(ok.status).toBe(200);
    expect(ok.body.return.buyerPaysFreight).toBe(true);
    const [mail] = await mailsTo(db, placed.email, ORDER_MAIL_KINDS.returnAuthorised);
    expect(mail?.text_body).toContain('Freight items come back at your cost');
    const stock = await stockOf(db, filter!);
    const got = await opCall(app, owner, 'POST', `${base}/returns/${ok.body.return.id}/receive`, { restock: false });
    expect(got.body.order.returns[0]).toMatchObject({ status: 'received', restocked: false });
    expect(await stockOf(db, filter!)).toBe(stock);
    expect(got.body.order.lines.map((x: { returned: number; restocked: number }) => [x.returned, x.restocked])).toEqual([[1, 0], [0, 0], [1, 0]]);
  });
});

describe('cancel', () => {
  test('an unfulfilled order: stock back, the captured money refunded, the storefront\'s search index told', async () => {
    const [a] = await freshLevels(db, 1);
    const stock = await stockOf(db, a!);
    const placed = await placeOrder(app, db, [{ levelId: a!, quantity: 3 }]);
    expect(await stockOf(db, a!)).toBe(stock - 3);
    const reindexed = vi.spyOn(app.catalogue, 'reindex');
    const res = await opCall(app, owner, 'POST', `/api/admin/orders/${placed.orderId}/cancel`, { reason: 'Customer asked' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ warnings: [], order: { state: 'cancelled', status: 'CANCELLED', paymentStatus: 'refunded', cancelReason: 'Customer asked', refundableCents: 0 } });
    expect(res.body.order.refunds).toEqual([expect.objectContaining({ kind: 'cancel', status: 'succeeded', amountCents: res.body.order.totalCents })]);
    expect(await stockOf(db, a!)).toBe(stock);
    expect(reindexed).toHaveBeenCalledTimes(1);
    reindexed.mockRestore();
    expect(await mailsTo(db, placed.email, ORDER_MAIL_KINDS.refunded)).toHaveLength(1);
    const [entry] = await auditOf(placed.orderId, 'order.cancel');
    expect(JSON.parse(entry!.before_json!)).toMatchObject({ status: 'open', payment: 'paid' });
    expect(JSON.parse(entry!.after_json!)).toMatchObject({ status: 'cancelled', reason: 'Customer asked', restock: [{ quantity: 3 }] });
    expect(await opCall(app, owner, 'POST', `/api/admin/orders/${placed.orderId}/cancel`, { reason: 'Again' })).toMatchObject({ status: 409, body: { error: 'This order is cancelled already.' } });
    expect(await opCall(app, owner, 'POST', `/api/admin/orders/${placed.orderId}/fulfilments`, UPS)).toMatchObject({ status: 409, body: { error: 'This order is cancelled: nothing ships.' } });
    // the shopper's page
    expect((await call(app, 'GET', `/api/orders/${placed.orderId}`, { cookie: placed.cookie })).body.order.status).toBe('CANCELLED');
  });

  test('an order with something shipped cannot be cancelled', async () => {
    const [a, b] = await freshLevels(db, 2);
    const placed = await placeOrder(app, db, [{ levelId: a!, quantity: 1 }, { levelId: b!, quantity: 1 }]);
    await opCall(app, owner, 'POST', `/api/admin/orders/${placed.orderId}/fulfilments`, { ...UPS, lines: [{ lineId: placed.lineIds[0], quantity: 1 }] });
    const before = await writeFingerprint(db);
    const res = await opCall(app, owner, 'POST', `/api/admin/orders/${placed.orderId}/cancel`, { reason: 'Too late' });
    expect(res).toMatchObject({ status: 409, body: { error: expect.stringMatching(/^Items of this order have shipped/) } });
    expect(await writeFingerprint(db)).toBe(before);
  });
});

describe('notes and the packing slip', () => {
  test('a note joins the timeline with its author; the slip lists lines, bins and handling notes and prints', async () => {
    const [a, b] = await freshLevels(db, 2);
    const placed = await placeOrder(app, db, [{ levelId: a!, quantity: 2 }, { levelId: b!, quantity: 1 }]);
    const note = await opCall(app, owner, 'POST', `/api/admin/orders/${placed.orderId}/notes`, { body: 'Customer called: leave at the side gate.' });
    expect(note.status).toBe(200);
    const last = note.body.order.timeline.at(-1);
    expect(last).toMatchObject({ kind: 'note', text: 'Customer called: leave at the side gate.', by: { kind: 'operator', id: owner.id, name: expect.stringMatching(/^owner/) } });
    await db.run("UPDATE inventory_levels SET bin_location = 'A-07' WHERE id = ?", [a!]);
    await db.run("UPDATE variants SET ship_class = 'hazmat-ground' WHERE id = (SELECT variant_id FROM inventory_levels WHERE id = ?)", [b!]);
    const slip = await opCall(app, owner, 'GET', `/admin/orders/${placed.orderId}/packing-slip`);
    expect(slip.status).toBe(200);
    expect(slip.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(slip.headers['cache-control']).toBe('no-store');
    expect(slip.text).toContain(`<strong>Order #${placed.orderId}</strong>`);
    expect(slip.text).toContain('Bin A-07');
    expect(slip.text).toContain('HAZMAT');
    expect(slip.text).toContain('Hazardous material: ships by ground');
    expect(slip.text).toContain('@media print');
    expect(slip.text).toContain('Pat Poolside');
    expect(slip.text).toMatch(/<script nonce="[^"]+">/);
    const csp = String(slip.headers['content-security-policy'] ?? '');
    const nonce = /<script nonce="([^"]+)">/.exec(slip.text)![1]!;
    expect(csp).toContain(`'nonce-${nonce}'`);
    expect((await app.inject({ method: 'GET', url: `/admin/orders/${placed.orderId}/packing-slip` })).statusCode).toBe(401);
  });

  test('the invoice lists each line with its price and the amounts as charged, refunds and what was paid after them', async () => {
    const [a, b] = await freshLevels(db, 2);
    const placed = await placeOrder(app, db, [{ levelId: a!, quantity: 2 }, { levelId: b!, quantity: 1 }]);
    const order = (await opCall(app, owner, 'GET', `/api/admin/orders/${placed.orderId}`)).body.order;
    const money = (cents: number) => `$${Math.floor(cents / 100).toLocaleString('en-US')}.${String(cents % 100).padStart(2, '0')}`;
    const first = order.lines[0];
    const invoice = await opCall(app, owner, 'GET', `/admin/orders/${placed.orderId}/invoice`);
    expect(invoice.status).toBe(200);
    expect(invoice.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(invoice.headers['cache-control']).toBe('no-store');
    expect(invoice.text).toContain('<h1>Invoice</h1>');
    expect(invoice.text).toContain(`<strong>Order #${placed.orderId}</strong>`);
    expect(invoice.text).toContain('Pat Poolside');
    expect(invoice.text).toContain(`<td class="n">2</td>\n      <td class="n">${money(first.unitCents)}</td>\n      <td class="n">${money(2 * first.unitCents)}</td>`);
    expect(invoice.text).toContain(`<strong>Total</strong></th><td class="n"><strong>${money(order.totalCents)}</strong>`);
    expect(invoice.text).not.toContain('Refunded');
    // a refund of 5.00: the invoice keeps the total charged and closes on what was paid after it
    expect((await opCall(app, owner, 'POST', `/api/admin/orders/${placed.orderId}/refunds`, { amountCents: 500, reason: 'goodwill' })).status).toBe(200);
    const after = await opCall(app, owner, 'GET', `/admin/orders/${placed.orderId}/invoice`);
    expect(after.text).toContain(`<th scope="row" colspan="4" class="n">Refunded</th><td class="n">-$5.00</td>`);
    expect(after.text).toContain(`<strong>Paid after refunds</strong></th><td class="n"><strong>${money(order.totalCents - 500)}</strong>`);
    expect(after.text).toMatch(/<script nonce="[^"]+">/);
    expect((await app.inject({ method: 'GET', url: `/admin/orders/${placed.orderId}/invoice` })).statusCode).toBe(401);
  });
});
