/**
 * The store's side of money: capture at fulfilment, void, refunds never above what was captured
 * (checked with the payment's row locked, so refunds at once cannot pass together), a refund
 * request repeated finds its refund, and a payment whose order cannot be placed is given back.
 * Runs on SQLite and (server-pg project) PostgreSQL.
 */
import { afterEach, expect, test } from 'vitest';
import { HttpError } from '../../../../src/server/platform/http/errors.ts';
import { PAYMENT_ERRORS } from '../../../../src/server/modules/payments/service.ts';
import { rows, stripeWorld, webhooksSettled, type StripeWorld } from './payments.helpers.ts';

let world: StripeWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

async function paidOrder(w: StripeWorld, checkoutId: string, amountCents: number): Promise<number> {
  const outcome = await w.service.payCheckout({ checkoutId, amountCents, currency: 'USD', method: { kind: 'method', id: 'pm_card_visa' } });
  if (outcome.kind !== 'paid' || outcome.orderId === null) throw new Error('not paid');
  return outcome.orderId;
}

test('authorise at checkout, capture at fulfilment: nothing taken until the capture, then once', async () => {
  world = await stripeWorld({ captureMethod: 'manual' });
  const orderId = await paidOrder(world, 'chk-ship', 12_000);
  expect((await world.service.details(orderId))).toMatchObject({ payment: { status: 'authorised' }, capture: null, refundableCents: 0 });
  expect(world.standIn.charges).toHaveLength(0);
  await expect(world.service.refund({ orderId, amountCents: 100 })).rejects.toMatchObject({ statusCode: 409, message: PAYMENT_ERRORS.notCaptured });
  // a crash right after Stripe captured: the capture is sent again under the same key, and Stripe answers the first
  world.faults.dieAfter.add('capture');
  await expect(world.service.capture(orderId, 11_000)).rejects.toThrow(/died/);
  world.faults.dieAfter.clear();
  expect(await world.service.details(orderId)).toMatchObject({ payment: { status: 'authorised' }, capture: null });
  await world.service.capture(orderId, 11_000);
  await world.standIn.deliverHeld();
  const details = await world.service.details(orderId);
  expect(details).toMatchObject({ payment: { status: 'captured' }, capture: { amountCents: 11_000 }, refundableCents: 11_000 });
  expect(world.standIn.charges).toHaveLength(1);
});

test('refunds: partial ones add up to the capture at most; above it is refused with what is left', async () => {
  world = await stripeWorld();
  const orderId = await paidOrder(world, 'chk-refund', 5_000);
  await world.service.refund({ orderId, amountCents: 2_000, requestKey: 'click-1' });
  await world.service.refund({ orderId, amountCents: 2_500, requestKey: 'click-2' });
  const refused = world.service.refund({ orderId, amountCents: 501, requestKey: 'click-3' });
  await expect(refused).rejects.toBeInstanceOf(HttpError);
  await expect(refused).rejects.toMatchObject({ statusCode: 422, message: 'A refund can be at most 5.00: the amount captured less what was refunded.' });
  await world.service.refund({ orderId, amountCents: 500 });
  const details = await world.service.details(orderId);
  expect(details?.refunds.map((r) => [r.amountCents, r.status])).toEqual([[2_000, 'succeeded'], [2_500, 'succeeded'], [500, 'succeeded']]);
  expect(details?.refundableCents).toBe(0);
  expect((await world.provider.retrieve(details!.payment.providerPaymentId!)).refundedCents).toBe(5_000);
});

test('the same refund request twice (a double click) makes one refund; a crash after Stripe refunded is resent under the same key', async () => {
  world = await stripeWorld();
  const orderId = await paidOrder(world, 'chk-dbl', 5_000);
  world.faults.dieAfter.add('refund');
  await expect(world.service.refund({ orderId, amountCents: 1_000, requestKey: 'click' })).rejects.toThrow(/died/);
  world.faults.dieAfter.clear();
  const again = await world.service.refund({ orderId, amountCents: 1_000, requestKey: 'click' });
  expect(again).toMatchObject({ amountCents: 1_000, status: 'succeeded', providerRefundId: expect.stringMatching(/^re_/) });
  expect(await rows(world.db, 'payment_refunds')).toBe(1);
  // the retry resends under the same key (Stripe answers the first refund again), unless the refund's
  // own webhook reached the store first and recorded it (a loaded machine): either way one refund
  const calls = world.standIn.requests.filter((r) => r.path === '/v1/refunds').map((r) => r.replayed);
  expect([[false, true], [false]]).toContainEqual(calls);
  expect((await world.provider.retrieve(again.providerRefundId ? (await world.service.details(orderId))!.payment.providerPaymentId! : '')).refundedCents).toBe(1_000);
});

test('refunds at once cannot together pass the captured amount', async () => {
  world = await stripeWorld();
  const orderId = await paidOrder(world, 'chk-race', 3_000);
  const results = await Promise.allSettled([1, 2, 3, 4, 5].map((i) => world!.service.refund({ orderId, amountCents: 1_000, requestKey: `r${i}` })));
  expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
  expect(results.filter((r) => r.status === 'rejected').every((r) => (r.reason as HttpError).statusCode === 422)).toBe(true);
  expect((await world.service.details(orderId))?.refundableCents).toBe(0);
});

test('void before capture; a captured payment is refunded, not voided', async () => {
  world = await stripeWorld({ captureMethod: 'manual' });
  const orderId = await paidOrder(world, 'chk-void', 2_000);
  expect((await world.service.void(orderId)).payment.status).toBe('canceled');
  world.standIn.setWebhookMode('auto');
  const second = await stripeWorld();
  try {
    const captured = await paidOrder(second, 'chk-void2', 2_000);
    await expect(second.service.void(captured)).rejects.toMatchObject({ statusCode: 409, message: PAYMENT_ERRORS.captured });
  } finally {
    await second.close();
  }
});

test('a payment whose order cannot be placed (stock gone) is refunded in full, once', async () => {
  world = await stripeWorld({ refuse: new Set(['chk-gone']) });
  // the payment's webhook arrives after the shopper's request (held until then)
  world.standIn.setWebhookMode('hold');
  await expect(world.service.payCheckout({ checkoutId: 'chk-gone', amountCents: 4_000, currency: 'usd', method: { kind: 'method', id: 'pm_card_visa' } }))
    .rejects.toMatchObject({ statusCode: 409, message: 'Only 0 left of Pool Pump.' });
  expect(await rows(world.db, 'orders')).toBe(0);
  const refunds = await world.db.all<{ amount_cents: number; status: string; request_key: string }>('SELECT amount_cents, status, request_key FROM payment_refunds');
  expect(refunds).toEqual([{ amount_cents: 4_000, status: 'succeeded', request_key: 'compensation' }]);
  // the webhook of that payment arriving later refunds nothing more
  await world.standIn.deliverHeld();
  expect(await rows(world.db, 'payment_refunds')).toBe(1);
});

test("the stock-gone payment's webhook racing the shopper's request: one refund, and the shopper still gets the stock message", async () => {
  world = await stripeWorld({ refuse: new Set(['chk-race']) });
  // the confirmation's answer held back a moment (within the client's timeout) while its webhook
  // is delivered at once: both try to place the order, both fail and give the money back
  world.standIn.timeoutNext({ path: /\/confirm$/, ms: 250 });
  await expect(world.service.payCheckout({ checkoutId: 'chk-race', amountCents: 4_000, currency: 'usd', method: { kind: 'method', id: 'pm_card_visa' } }))
    .rejects.toMatchObject({ statusCode: 409, message: 'Only 0 left of Pool Pump.' });
  await webhooksSettled(world.standIn);
  const { db } = world;
  expect(await rows(db, 'orders')).toBe(0);
  await expect.poll(async () => await db.all('SELECT amount_cents, status, request_key FROM payment_refunds'))
    .toEqual([{ amount_cents: 4_000, status: 'succeeded', request_key: 'compensation' }]);
});

test('test provider: a declined card, then a good one, pays once with one order', async () => {
  const { createTestProvider } = await import('../../../../src/server/modules/payments/test-provider.ts');
  const { createPaymentsService } = await import('../../../../src/server/modules/payments/service.ts');
  const { paymentsDb, fakeOrders } = await import('./payments.helpers.ts');
  const db = await paymentsDb();
  const orders = fakeOrders(db);
  const service = createPaymentsService({ db, provider: createTestProvider(), placeOrderFromCheckout: orders.place });
  const card = (number: string) => ({ kind: 'card' as const, number, expMonth: 12, expYear: 2099, cvc: '123' });
  await expect(service.payCheckout({ checkoutId: 'chk-t', amountCents: 999, currency: 'USD', method: card('4000000000000002') })).rejects.toThrow('Your card was declined.');
  const paid = await service.payCheckout({ checkoutId: 'chk-t', amountCents: 999, currency: 'USD', method: card('4242424242424242') });
  expect(paid).toMatchObject({ kind: 'paid', payment: { provider: 'test', status: 'captured', card: { brand: 'Visa', last4: '4242' } } });
  expect(await service.payCheckout({ checkoutId: 'chk-t', amountCents: 999, currency: 'USD', method: card('4242424242424242') })).toMatchObject({ kind: 'paid' });
  expect(await rows(db, 'orders')).toBe(1);
  expect(await rows(db, 'payments')).toBe(1);
});

test('orderPaymentRecords: an order\'s provider, payment id, amounts, its capture and refunds with their ids and dates', async () => {
  const { orderPaymentRecords } = await import('../../../../src/server/modules/payments/index.ts');
  world = await stripeWorld({ captureMethod: 'manual' });
  const orderId = await paidOrder(world, 'chk-records', 6_000);
  await world.service.capture(orderId, 5_000);
  await world.service.refund({ orderId, amountCents: 1_200, requestKey: 'r1' });
  const records = await orderPaymentRecords(world.db, orderId);
  const iso = expect.stringMatching(/^\d{4}-\d\d-\d\dT/);
  expect(records).toEqual([expect.objectContaining({
    provider: 'stripe', providerPaymentId: expect.stringMatching(/^pi_/), status: 'captured', captureMethod: 'manual',
    amountCents: 6_000, currency: 'usd', capturedCents: 5_000, refundedCents: 1_200, createdAt: iso,
    captures: [{ id: expect.any(Number), providerCaptureId: expect.stringMatching(/^ch_/), amountCents: 5_000, createdAt: iso }],
    refunds: [expect.objectContaining({ providerRefundId: expect.stringMatching(/^re_/), amountCents: 1_200, status: 'succeeded', createdAt: iso })],
  })]);
  expect(await orderPaymentRecords(world.db, orderId + 999)).toEqual([]);
});

test('a copy of the payment read before its capture (a late webhook) does not take it back to authorised', async () => {
  const repo = await import('../../../../src/server/modules/payments/repository.ts');
  world = await stripeWorld({ captureMethod: 'manual' });
  const orderId = await paidOrder(world, 'chk-stale', 3_000);
  const [payment] = await world.db.all<{ id: number }>('SELECT id FROM payments WHERE order_id = ?', [orderId]);
  await world.service.capture(orderId, 3_000);
  // what a webhook handler that retrieved the payment before the capture would write after it
  await repo.updatePaymentState(world.db, payment!.id, { status: 'authorised', cardBrand: null, cardLast4: null, failureMessage: null, at: new Date().toISOString() });
  expect((await world.service.details(orderId))?.payment.status).toBe('captured');
  await expect(world.service.refund({ orderId, amountCents: 500, requestKey: 'after-stale' })).resolves.toMatchObject({ status: 'succeeded' });
  // and a voided payment stays voided
  const voided = await paidOrder(world, 'chk-stale-void', 1_000);
  const [v] = await world.db.all<{ id: number }>('SELECT id FROM payments WHERE order_id = ?', [voided]);
  await world.service.void(voided);
  await repo.updatePaymentState(world.db, v!.id, { status: 'authorised', cardBrand: null, cardLast4: null, failureMessage: null, at: new Date().toISOString() });
  expect((await world.service.details(voided))?.payment.status).toBe('canceled');
});
