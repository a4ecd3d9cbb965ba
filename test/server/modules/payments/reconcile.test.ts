/**
 * Reconciliation against the stand-in: every difference between our orders and payments and
 * Stripe's payments in a day range, and the command's arguments and report.
 * Runs on SQLite and (server-pg project) PostgreSQL.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { parseReconcileArgs, reconcileReport, runReconcile } from '../../../../src/server/modules/payments/reconcile.ts';
import { stripeWorld, type StripeWorld } from './payments.helpers.ts';

let world: StripeWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

const DAY = 86_400_000;
const today = () => {
  const ms = Date.now();
  return { fromMs: ms - (ms % DAY), toMs: ms - (ms % DAY) + DAY, from: 'today', to: 'today' };
};
const pay = (w: StripeWorld, checkoutId: string, amountCents: number) =>
  w.service.payCheckout({ checkoutId, amountCents, currency: 'USD', method: { kind: 'method', id: 'pm_card_visa' } });

test('lists a payment without an order, an order without a payment, an amount that differs and a refund not recorded; agreeing payments are not listed', async () => {
  world = await stripeWorld();
  world.standIn.setWebhookMode('hold');
  const agree = await pay(world, 'chk-agree', 1_000);
  const differs = await pay(world, 'chk-differs', 2_000);
  const refunded = await pay(world, 'chk-refunded', 3_000);
  if (agree.kind !== 'paid' || differs.kind !== 'paid' || refunded.kind !== 'paid') throw new Error('not paid');
  // the order's total changed under the payment
  await world.db.run('UPDATE orders SET total_cents = 2100 WHERE id = ?', [differs.orderId]);
  // a payment taken at Stripe whose order was never placed (the crash, and no webhook yet)
  world.faults.dieAfter.add('authorise');
  await expect(pay(world, 'chk-lost', 4_000)).rejects.toThrow(/died/);
  world.faults.dieAfter.clear();
  // an order with no payment at all
  await world.orders.place('chk-unpaid', { paymentRef: 0, checkoutId: 'chk-unpaid', provider: 'stripe', providerPaymentId: 'pi_missing', status: 'captured', amountCents: 5_000, currency: 'USD', capturedCents: 5_000, card: null });
  // a refund made at Stripe while its webhook has not arrived
  await fetch(`${world.standIn.url}/v1/refunds`, {
    method: 'POST', headers: { authorization: 'Bearer sk_test_dashboard', 'content-type': 'application/x-www-form-urlencoded' },
    body: `payment_intent=${refunded.payment.providerPaymentId}&amount=700`,
  });

  const diffs = await world.service.reconcile(today().fromMs, today().toMs);
  const lostPi = (await world.db.get<{ provider_payment_id: string }>("SELECT provider_payment_id FROM payments WHERE checkout_id = 'chk-lost'"))!.provider_payment_id;
  expect(diffs.map((d) => [d.kind, d.providerPaymentId]).sort()).toEqual([
    ['amount_differs', differs.payment.providerPaymentId],
    ['order_without_payment', null],
    ['payment_without_order', lostPi],
    ['refund_differs', refunded.payment.providerPaymentId],
  ].sort());
  expect(diffs.find((d) => d.kind === 'amount_differs')?.detail).toBe(`order ${differs.orderId} totals 21.00 USD; stripe payment ${differs.payment.providerPaymentId} is 20.00 USD`);

  // once the webhooks arrive, the lost payment gets its order and the refund is recorded
  await world.standIn.deliverHeld();
  const after = await world.service.reconcile(today().fromMs, today().toMs);
  expect(after.map((d) => d.kind).sort()).toEqual(['amount_differs', 'order_without_payment']);
});

test('a day range with no payments on either side agrees; the report says so and the exit code is 0', async () => {
  world = await stripeWorld();
  const lines: string[] = [];
  const range = parseReconcileArgs(['--from', '2001-01-01', '--to', '2001-01-02']);
  expect(await runReconcile(world.service, range, (l) => lines.push(l))).toBe(0);
  expect(lines).toEqual(['No differences between the store and stripe from 2001-01-01 to 2001-01-02.']);
});

describe('the command\'s arguments', () => {
  test('days are UTC and --to is included', () => {
    expect(parseReconcileArgs(['--from', '2030-01-01', '--to', '2030-01-31'])).toEqual({ fromMs: Date.UTC(2030, 0, 1), toMs: Date.UTC(2030, 1, 1), from: '2030-01-01', to: '2030-01-31' });
  });

  test.each([
    [[], '--from YYYY-MM-DD is required'],
    [['--from', '2030-02-30', '--to', '2030-03-01'], "--from must be a date as YYYY-MM-DD, got '2030-02-30'"],
    [['--from', '2030-03-02', '--to', '2030-03-01'], '--to must be the same day as --from or later'],
    [['--from', '2030-01-01', '--to', '2032-01-01'], 'A reconciliation covers at most 366 days: run it for shorter ranges'],
  ])('%j is refused: %s', (argv, message) => {
    expect(() => parseReconcileArgs(argv)).toThrow(message);
  });

  test('the report: one tab-separated line per difference, then the count', () => {
    const lines = reconcileReport({ fromMs: 0, toMs: 1, from: '2030-01-01', to: '2030-01-01' }, 'stripe', [
      { kind: 'order_without_payment', orderId: 7, providerPaymentId: null, detail: 'order 7 of 10.00 USD has no stripe payment that succeeded' },
    ]);
    expect(lines).toEqual(['order_without_payment\torder 7\t-\torder 7 of 10.00 USD has no stripe payment that succeeded', '1 difference between the store and stripe from 2030-01-01 to 2030-01-01.']);
  });
});
