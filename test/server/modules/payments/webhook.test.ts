/**
 * POST /api/payments/stripe/webhook: the signature checked by the library's constructEvent over
 * the raw body, each event applied once in any order, unknown events acknowledged and ignored,
 * and a payment that succeeded before its order existed placing the order from the checkout.
 * Runs on SQLite and (server-pg project) PostgreSQL.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { rows, stripeWorld, webhooksSettled, type StripeWorld } from './payments.helpers.ts';

let world: StripeWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

const post = (w: StripeWorld, payload: string, signature: string | undefined, contentType = 'application/json; charset=utf-8') =>
  w.app.inject({
    method: 'POST', url: '/api/payments/stripe/webhook', payload,
    headers: { 'content-type': contentType, ...(signature !== undefined ? { 'stripe-signature': signature } : {}) },
  });

/** A checkout paid at Stripe, its order placed by the webhook alone (the shopper never came back). */
async function paidAtStripe(w: StripeWorld, checkoutId: string, amountCents = 2599): Promise<string> {
  w.standIn.setWebhookMode('hold');
  w.faults.dieAfter.add('authorise');
  await expect(w.service.payCheckout({ checkoutId, amountCents, currency: 'usd', method: { kind: 'method', id: 'pm_card_visa' } })).rejects.toThrow(/died/);
  w.faults.dieAfter.clear();
  const pi = await w.db.get<{ provider_payment_id: string }>('SELECT provider_payment_id FROM payments WHERE checkout_id = ?', [checkoutId]);
  return pi!.provider_payment_id;
}

describe('signature', () => {
  const refused = { error: 'The webhook signature is missing, wrong or too old.' };

  test.each([
    ['no signature', (_w: StripeWorld, _p: string) => undefined],
    ['another secret', (w: StripeWorld, p: string) => w.standIn.sign(p, { secret: 'whsec_someoneelse' })],
    ['a timestamp older than 5 minutes', (w: StripeWorld, p: string) => w.standIn.sign(p, { timestamp: Math.floor(Date.now() / 1000) - 301 })],
    ['a garbled header', () => 't=abc,v1=nothex'],
  ])('%s: 400 and nothing applied', async (_name, signatureOf) => {
    world = await stripeWorld();
    await paidAtStripe(world, 'chk-sig');
    const event = world.standIn.events.find((e) => e.type === 'payment_intent.succeeded')!;
    const res = await post(world, event.payload, signatureOf(world, event.payload));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refused);
    expect(await rows(world.db, 'orders')).toBe(0);
    expect(await rows(world.db, 'payment_events')).toBe(0);
  });

  test('a body changed after signing: 400 and nothing applied', async () => {
    world = await stripeWorld();
    await paidAtStripe(world, 'chk-tamper');
    const event = world.standIn.events.find((e) => e.type === 'payment_intent.succeeded')!;
    const signature = world.standIn.sign(event.payload);
    const res = await post(world, event.payload.replace('"livemode": false', '"livemode": true'), signature);
    expect(res.statusCode).toBe(400);
    expect(await rows(world.db, 'orders')).toBe(0);
    // the same bytes as signed are taken
    expect((await post(world, event.payload, signature)).statusCode).toBe(200);
    expect(await rows(world.db, 'orders')).toBe(1);
  });

  test('a body that is not JSON is refused with 415 or 400, never 500', async () => {
    world = await stripeWorld();
    const res = await post(world, 'a=b', world.standIn.sign('a=b'), 'application/x-www-form-urlencoded');
    expect(res.statusCode).toBe(415);
    const junk = await post(world, '{not json', world.standIn.sign('{not json'));
    expect(junk.statusCode).toBe(400);
    expect(junk.json()).toHaveProperty('error');
  });
});

describe('applied once, in any order', () => {
  test('payment_intent.succeeded for a checkout with no order yet places the order from the checkout', async () => {
    world = await stripeWorld();
    const pi = await paidAtStripe(world, 'chk-first');
    const statuses = await world.standIn.deliverHeld();
    expect(statuses.every((s) => s === 200)).toBe(true);
    expect(world.orders.calls).toHaveLength(1);
    expect(world.orders.calls[0]).toMatchObject({ checkoutId: 'chk-first', payment: { providerPaymentId: pi, amountCents: 2599, currency: 'USD', status: 'captured', card: { brand: 'Visa', last4: '4242' } } });
    const payment = await world.db.get<{ order_id: number; status: string }>('SELECT order_id, status FROM payments WHERE provider_payment_id = ?', [pi]);
    expect(payment).toEqual({ order_id: expect.any(Number), status: 'captured' });
  });

  test('every event delivered twice and in reverse order: one order, one capture, each event recorded once', async () => {
    world = await stripeWorld();
    await paidAtStripe(world, 'chk-twice');
    await world.standIn.deliverHeld({ twice: true, reverse: true });
    const answers = world.standIn.events.flatMap((e) => e.deliveries);
    expect(answers.every((s) => s === 200)).toBe(true);
    expect(await rows(world.db, 'orders')).toBe(1);
    expect(await rows(world.db, 'payment_captures')).toBe(1);
    expect(await rows(world.db, 'payment_events')).toBe(world.standIn.events.length);
    const second = await post(world, world.standIn.events[0]!.payload, world.standIn.sign(world.standIn.events[0]!.payload));
    expect(second.json()).toMatchObject({ received: true, outcome: 'duplicate' });
  });

  test('a late payment_failed (after the payment succeeded) changes nothing: the provider\'s current state is applied', async () => {
    world = await stripeWorld();
    world.standIn.setWebhookMode('hold');
    world.standIn.declineNext();
    await expect(world.service.payCheckout({ checkoutId: 'chk-late', amountCents: 1999, currency: 'usd', method: { kind: 'method', id: 'pm_card_visa' } })).rejects.toThrow(/declined/);
    const paid = await world.service.payCheckout({ checkoutId: 'chk-late', amountCents: 1999, currency: 'usd', method: { kind: 'method', id: 'pm_card_visa' } });
    expect(paid.kind).toBe('paid');
    // the decline's event arrives last
    await world.standIn.deliverHeld({ reverse: true });
    const payment = await world.db.get<{ status: string; order_id: number | null }>('SELECT status, order_id FROM payments');
    expect(payment).toEqual({ status: 'captured', order_id: expect.any(Number) });
    expect(await rows(world.db, 'orders')).toBe(1);
  });

  test('a refund made at Stripe (not by us) is recorded once from refund.created', async () => {
    world = await stripeWorld();
    world.standIn.setWebhookMode('auto');
    const paid = await world.service.payCheckout({ checkoutId: 'chk-ext', amountCents: 3000, currency: 'usd', method: { kind: 'method', id: 'pm_card_visa' } });
    if (paid.kind !== 'paid') throw new Error('not paid');
    await webhooksSettled(world.standIn);
    // a refund made in Stripe's dashboard: straight at the API, with no metadata of ours
    const res = await fetch(`${world.standIn.url}/v1/refunds`, {
      method: 'POST', headers: { authorization: 'Bearer sk_test_dashboard', 'content-type': 'application/x-www-form-urlencoded' },
      body: `payment_intent=${paid.payment.providerPaymentId}&amount=500`,
    });
    expect(res.status).toBe(200);
    await webhooksSettled(world.standIn);
    await world.standIn.redeliver(world.standIn.events.find((e) => e.type === 'refund.created')!.id);
    const refunds = await world.db.all<{ amount_cents: number; status: string }>('SELECT amount_cents, status FROM payment_refunds');
    expect(refunds).toEqual([{ amount_cents: 500, status: 'succeeded' }]);
    expect((await world.service.details(paid.orderId!))?.refundableCents).toBe(2500);
  });

  test('an unknown event type and a payment that is not ours are acknowledged (200) and ignored', async () => {
    world = await stripeWorld();
    const unknown = JSON.stringify({ id: 'evt_unknown_1', object: 'event', type: 'customer.subscription.created', data: { object: { id: 'sub_1', object: 'subscription' } } });
    const res = await post(world, unknown, world.standIn.sign(unknown));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true, outcome: 'ignored', type: 'customer.subscription.created' });
    // a PaymentIntent created by something else on the same account
    const created = await fetch(`${world.standIn.url}/v1/payment_intents`, {
      method: 'POST', headers: { authorization: 'Bearer sk_test_other', 'content-type': 'application/x-www-form-urlencoded' },
      body: 'amount=1000&currency=usd&confirm=true&payment_method=pm_card_visa',
    });
    expect(created.status).toBe(200);
    await webhooksSettled(world.standIn);
    expect(world.standIn.events.flatMap((e) => e.deliveries).every((s) => s === 200)).toBe(true);
    expect(await rows(world.db, 'orders')).toBe(0);
    expect(await rows(world.db, 'payments')).toBe(0);
  });
});
