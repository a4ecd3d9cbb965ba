/**
 * Every call that changes something at Stripe carries an Idempotency-Key derived from our own
 * ids, so a retried call is the same call: the whole store is driven through its HTTP routes and
 * services (the checkout page paying, 3-D Secure, a manual capture, refunds, a void, the wallet
 * saving, authenticating and deleting cards) against the stand-in, and every POST the stand-in
 * received is inspected. The library's own retries are off in the tests (it would otherwise add
 * random keys of its own to POSTs that have none). Runs on SQLite and (server-pg project) PostgreSQL.
 */
import { afterEach, expect, test, vi } from 'vitest';
import { signedInShopper } from '../checkout/cart.helpers.ts';
import { guestCart, ordersOf, stripeForm, stripeStore, submitForm, type StripeStore } from './page.helpers.ts';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

let store: StripeStore | undefined;
afterEach(async () => {
  await store?.close();
  store = undefined;
});

/** The shapes of our keys (provider.ts, paymentKeys): each names our own row or customer. */
const OUR_KEYS = [
  /^payment:\d+:create$/,
  /^payment:\d+:confirm:\d+$/,
  /^payment:\d+:capture$/,
  /^payment:\d+:void$/,
  /^refund:\d+$/,
  /^customer:\d+:\d+$/,
  /^wallet:\d+:setup:pm_[A-Za-z0-9]+$/,
  /^wallet:detach:\d+:\d+$/,
  /^wallet:cus_[A-Za-z0-9]+:attach:pm_[A-Za-z0-9_]+$/,
];

/** The adapter's POST endpoints, by shape. */
const shape = (path: string) => path.replace(/\/(pi|seti|pm|cus|re|ch)_[A-Za-z0-9_]+/g, '/{id}');

async function paidOrder(s: StripeStore): Promise<number> {
  const { cookie, id } = await guestCart(s);
  expect((await submitForm(s.app, cookie, id, stripeForm)).statusCode).toBe(303);
  return (await ordersOf(s.db, id))[0]!.id;
}

test('every POST to Stripe carries one of our idempotency keys: payments, captures, voids, refunds and the wallet', async () => {
  store = await stripeStore({ captureMethod: 'manual' });
  const s = store;
  const payments = s.app.payments;

  // the checkout page: a card, then one that asks for 3-D Secure (completed in the browser)
  const captured = await paidOrder(s);
  const { cookie, id } = await guestCart(s, 1, 1);
  const action = await submitForm(s.app, cookie, id, { ...stripeForm, paymentMethod: 'pm_card_authenticationRequired' });
  expect(action.statusCode).toBe(200);
  const pi = s.standIn.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/confirm')).at(-1)!.path.split('/')[3]!;
  await s.standIn.completeAction(pi);
  expect((await s.app.inject({ method: 'GET', url: `/checkout/${id}?payment_intent=${pi}`, headers: { cookie } })).statusCode).toBe(303);
  const voided = (await ordersOf(s.db, id))[0]!.id;

  // the back office's side of money, through the payments service: capture at fulfilment, refunds, a void
  await payments.capture(captured, 1000);
  await payments.refund({ orderId: captured, amountCents: 300, requestKey: 'click-1' });
  await payments.refund({ orderId: captured, amountCents: 200 });
  await payments.void(voided);

  // the wallet through its routes: a card saved, one after 3-D Secure, one deleted
  const shopper = await signedInShopper(s.db);
  const address = await s.db.get<{ id: number }>(
    `INSERT INTO mailing_addresses (customer_id, first_name, last_name, address1, city, zip, phone, country_code, state_code, is_default, created_at)
     VALUES (?, 'Pat', 'Pool', '1 Lagoon Way', 'Tacoma', '98402', '3605550100', 'US', 'WA', 1, ?) RETURNING id`,
    [shopper.customerId, new Date().toISOString()],
  );
  const href = (await s.app.inject({ url: `/api/user/${shopper.customerId}/paymentMethods`, headers: { cookie: shopper.cookie } })).json()._links.addPaymentMethod.href as string;
  const token = new URL(href, 'http://x').searchParams.get('token')!;
  const post = async (fields: Record<string, string>) => await s.app.inject({
    method: 'POST', url: '/wallet/add-card', headers: { cookie: shopper.cookie, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ token, mailingAddressId: String(address!.id), ...fields }).toString(),
  });
  expect((await post({ paymentMethod: s.standIn.browserPaymentMethod('pm_card_visa') })).statusCode).toBe(200);
  const asked = await post({ paymentMethod: s.standIn.browserPaymentMethod('pm_card_authenticationRequired') });
  const setupId = /name="setupIntent" value="(seti_[A-Za-z0-9_]+)"/.exec(asked.body)![1]!;
  await s.standIn.completeSetupAction(setupId);
  expect((await post({ setupIntent: setupId })).statusCode).toBe(200);
  const card = await s.db.get<{ id: number }>('SELECT id FROM payment_methods WHERE customer_id = ? ORDER BY id LIMIT 1', [shopper.customerId]);
  expect((await s.app.inject({ method: 'DELETE', url: `/api/user/${shopper.customerId}/paymentMethods/${card!.id}`, headers: { cookie: shopper.cookie } })).json()).toEqual({ success: true });
  // the port's attach (no store route uses it: the wallet saves through SetupIntents), called as the port offers it
  const customer = (await s.db.get<{ id: string }>('SELECT provider_customer_id AS id FROM payment_customers WHERE customer_id = ?', [shopper.customerId]))!.id;
  await payments.provider.attachCard(customer, 'pm_card_mastercard', `wallet:${customer}:attach:pm_card_mastercard`);

  const postsSent = s.standIn.requests.filter((r) => r.method === 'POST');
  // every endpoint the adapter changes things with was called
  expect(new Set(postsSent.map((r) => shape(r.path)))).toEqual(new Set([
    '/v1/payment_intents', '/v1/payment_intents/{id}/confirm', '/v1/payment_intents/{id}/capture', '/v1/payment_intents/{id}/cancel',
    '/v1/refunds', '/v1/customers', '/v1/setup_intents', '/v1/payment_methods/{id}/detach', '/v1/payment_methods/{id}/attach',
  ]));
  // and every POST carried a key of ours: none missing, none random
  const unkeyed = postsSent.filter((r) => r.idempotencyKey === null || !OUR_KEYS.some((k) => k.test(r.idempotencyKey!)));
  expect(unkeyed).toEqual([]);
  // two different calls never shared a key (a key answers one call only; a replay is the same call again)
  const firstUse = new Map<string, string>();
  for (const r of postsSent) {
    const seen = firstUse.get(r.idempotencyKey!);
    if (seen !== undefined) expect(shape(r.path)).toBe(seen);
    else firstUse.set(r.idempotencyKey!, shape(r.path));
  }
});
