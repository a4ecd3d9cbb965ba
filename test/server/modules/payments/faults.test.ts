/**
 * A fault at any point neither charges twice nor loses an order: the provider timing out during
 * the confirmation, answering 500 (before or after doing the work), and the process dying between
 * the provider's success and our commit. After the shopper's retry, or the webhook's arrival, the
 * payment is recorded once, the order placed once, and the stand-in took the money once.
 * Runs on SQLite and (server-pg project) PostgreSQL.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { PaymentUnavailableError, type PaymentMethodInput } from '../../../../src/server/modules/payments/provider.ts';
import { createPaymentsService } from '../../../../src/server/modules/payments/service.ts';
import { createTestProvider } from '../../../../src/server/modules/payments/test-provider.ts';
import { fakeOrders, paymentsDb, rows, stripeWorld, webhooksSettled, type StripeWorld } from './payments.helpers.ts';

const visa: PaymentMethodInput = { kind: 'method', id: 'pm_card_visa' };
const pay = (w: StripeWorld, checkoutId: string, amountCents = 4599) =>
  w.service.payCheckout({ checkoutId, amountCents, currency: 'USD', method: visa });

let world: StripeWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

/** Exactly one of everything: the payment recorded, its capture, the order, and the money taken once. */
async function expectOnce(w: StripeWorld, amountCents = 4599): Promise<void> {
  expect(await rows(w.db, 'orders')).toBe(1);
  expect(await rows(w.db, 'payment_captures')).toBe(1);
  const paid = await w.db.all<{ status: string; order_id: number | null }>('SELECT status, order_id FROM payments WHERE order_id IS NOT NULL');
  expect(paid).toHaveLength(1);
  expect(paid[0]?.status).toBe('captured');
  expect(w.standIn.charges).toHaveLength(1);
  expect(w.standIn.charges[0]?.amount).toBe(amountCents);
  // one charge per idempotency key, and no key took money twice
  const perKey = new Map<string | null, number>();
  for (const c of w.standIn.charges) perKey.set(c.idempotencyKey, (perKey.get(c.idempotencyKey) ?? 0) + 1);
  expect([...perKey.values()].every((n) => n === 1)).toBe(true);
}

describe.each(['retry', 'webhook'] as const)('recovery by the %s', (recovery) => {
  /** What comes after the fault: the shopper submits again, or Stripe's webhooks arrive. */
  const recover = async (w: StripeWorld, checkoutId: string) => {
    if (recovery === 'retry') {
      const outcome = await pay(w, checkoutId);
      expect(outcome.kind).toBe('paid');
    } else {
      await w.standIn.deliverHeld();
      await webhooksSettled(w.standIn);
    }
  };

  test('the provider timing out during the confirmation: one charge, one order', async () => {
    world = await stripeWorld();
    world.standIn.setWebhookMode('hold');
    world.standIn.timeoutNext({ path: /\/confirm$/ });
    await expect(pay(world, 'chk-timeout')).rejects.toBeInstanceOf(PaymentUnavailableError);
    expect(await rows(world.db, 'orders')).toBe(0);
    await recover(world, 'chk-timeout');
    await expectOnce(world);
  });

  test.each([false, true])('the provider answering 500 to the confirmation (work done first: %s): one charge, one order', async (after) => {
    world = await stripeWorld();
    world.standIn.setWebhookMode('hold');
    world.standIn.failNext({ path: /\/confirm$/, after });
    await expect(pay(world, 'chk-500')).rejects.toBeInstanceOf(PaymentUnavailableError);
    expect(await rows(world.db, 'orders')).toBe(0);
    if (!after && recovery === 'webhook') {
      // nothing happened at Stripe: no webhook comes, and the shopper's retry is what pays
      expect(world.standIn.events.map((e) => e.type)).toEqual(['payment_intent.created']);
      expect(world.standIn.charges).toHaveLength(0);
      expect((await pay(world, 'chk-500')).kind).toBe('paid');
    } else await recover(world, 'chk-500');
    await expectOnce(world);
  });

  test.each([false, true])('the provider answering 500 to the payment\'s creation (work done first: %s): the retry pays, one charge, one order', async (after) => {
    world = await stripeWorld();
    world.standIn.setWebhookMode('hold');
    // Stripe keeps a 500 as the answer of its idempotency key: a retry with the same key would get
    // the same 500 for a day, so the shopper could never pay this checkout
    world.standIn.failNext({ path: /^\/v1\/payment_intents$/, after });
    await expect(pay(world, 'chk-create-500')).rejects.toBeInstanceOf(PaymentUnavailableError);
    expect(await rows(world.db, 'orders')).toBe(0);
    expect(world.standIn.charges).toHaveLength(0);
    expect((await pay(world, 'chk-create-500')).kind).toBe('paid');
    await expectOnce(world);
  });

  test('the process dying between the provider\'s success and our commit: one charge, one order', async () => {
    world = await stripeWorld();
    world.standIn.setWebhookMode('hold');
    world.faults.dieAfter.add('authorise');
    await expect(pay(world, 'chk-crash')).rejects.toThrow(/died after authorise/);
    world.faults.dieAfter.clear();
    expect(await rows(world.db, 'orders')).toBe(0);
    expect(world.standIn.charges).toHaveLength(1);
    await recover(world, 'chk-crash');
    await expectOnce(world);
  });

  test('the process dying after the provider created the payment, before we wrote its id: the same payment is found again', async () => {
    world = await stripeWorld();
    world.standIn.setWebhookMode('hold');
    world.faults.dieAfter.add('create');
    await expect(pay(world, 'chk-create')).rejects.toThrow(/died after create/);
    world.faults.dieAfter.clear();
    // the retry creates with the same key: Stripe answers the first payment, not a second one
    expect((await pay(world, 'chk-create')).kind).toBe('paid');
    expect(world.standIn.requests.filter((r) => r.path === '/v1/payment_intents' && r.method === 'POST').map((r) => r.replayed)).toEqual([false, true]);
    await expectOnce(world);
  });
});

test('both recoveries at once (the webhook and the retry, in either order, the webhook twice) still make one order and one charge', async () => {
  world = await stripeWorld();
  world.standIn.setWebhookMode('hold');
  world.faults.dieAfter.add('authorise');
  await expect(pay(world, 'chk-both')).rejects.toThrow(/died/);
  world.faults.dieAfter.clear();
  const [outcome] = await Promise.all([pay(world, 'chk-both'), world.standIn.deliverHeld({ twice: true, reverse: true })]);
  expect(outcome.kind).toBe('paid');
  await webhooksSettled(world.standIn);
  expect(await pay(world, 'chk-both')).toMatchObject({ kind: 'paid' });
  await expectOnce(world);
});

test('a checkout whose total changed after a payment was authorised is not placed at the old amount: that payment is refunded and a new one made', async () => {
  world = await stripeWorld();
  world.standIn.setWebhookMode('hold');
  world.faults.dieAfter.add('authorise');
  await expect(pay(world, 'chk-changed', 4599)).rejects.toThrow(/died/);
  world.faults.dieAfter.clear();
  const outcome = await pay(world, 'chk-changed', 5099);
  expect(outcome).toMatchObject({ kind: 'paid', payment: { amountCents: 5099 } });
  expect(await rows(world.db, 'orders')).toBe(1);
  expect(world.standIn.charges.map((c) => c.amount)).toEqual([4599, 5099]);
  const refunds = await world.db.all<{ amount_cents: number; status: string }>('SELECT amount_cents, status FROM payment_refunds');
  expect(refunds).toEqual([{ amount_cents: 4599, status: 'succeeded' }]);
});

describe('the test provider, whose payments live in its memory', () => {
  test('the process dying after the capture, before the order: after a restart (an empty ledger) the retry places the order once instead of asking again forever', async () => {
    const db = await paymentsDb();
    const orders = fakeOrders(db);
    const card: PaymentMethodInput = { kind: 'card', number: '4242 4242 4242 4242', expMonth: '12', expYear: '2099', cvc: '123' };
    const input = { checkoutId: 'chk-restart', amountCents: 4599, currency: 'USD', method: card };
    // before the restart: the capture is recorded, then the process dies placing the order
    const dying = createPaymentsService({
      db, provider: createTestProvider(), captureMethod: 'automatic',
      placeOrderFromCheckout: async () => {
        throw new Error('the process died placing the order');
      },
    });
    await expect(dying.payCheckout(input)).rejects.toThrow('the process died');
    expect(await db.all('SELECT status, order_id AS "orderId" FROM payments')).toEqual([{ status: 'captured', orderId: null }]);
    // after it: a new provider knows no payment (the ledger is gone); the shopper submits again
    const restarted = createPaymentsService({ db, provider: createTestProvider(), captureMethod: 'automatic', placeOrderFromCheckout: orders.place });
    const outcome = await restarted.payCheckout(input);
    expect(outcome.kind).toBe('paid');
    expect(await rows(db, 'orders')).toBe(1);
    const attempts = await db.all<{ status: string; orderId: number | null }>('SELECT status, order_id AS "orderId" FROM payments ORDER BY attempt');
    expect(attempts.map((a) => a.status)).toEqual(['canceled', 'captured']);
    expect(attempts[1]?.orderId).not.toBeNull();
    // and again: the order is there, nothing more is taken
    expect((await restarted.payCheckout(input)).kind).toBe('paid');
    expect(await rows(db, 'orders')).toBe(1);
    expect(await rows(db, 'payments')).toBe(2);
  }, 10_000);

  test('a real provider that no longer knows a payment we recorded as captured is never paid again over it: the shopper is asked to try later', async () => {
    world = await stripeWorld();
    // no webhook: one arriving after the edit below would place the order again over the payment's ref
    world.standIn.setWebhookMode('hold');
    await expect(pay(world, 'chk-vanished').then((o) => o.kind)).resolves.toBe('paid');
    // the order's link is lost and the payment's id is one the provider never made (another account's keys)
    await world.db.run("UPDATE payments SET order_id = NULL, provider_payment_id = 'pi_unknown_elsewhere'");
    await world.db.run('DELETE FROM orders');
    const refused = await pay(world, 'chk-vanished').then(() => null, (err: unknown) => err);
    expect(refused).toBeInstanceOf(PaymentUnavailableError);
    expect((refused as Error).message).toMatch(/recorded as captured is unknown to stripe/);
    expect(await rows(world.db, 'payments')).toBe(1);
    expect(world.standIn.charges).toHaveLength(1);
  });
});
