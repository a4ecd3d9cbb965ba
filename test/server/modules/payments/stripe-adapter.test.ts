/**
 * The stand-in checks requests as Stripe documents them, and the `stripe` adapter (the official
 * library pointed at it) maps Stripe's answers to the port: cents and currency, captures, voids,
 * partial refunds, declines, 3-D Secure, the wallet, and faults as "outcome unknown".
 */
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readPaymentConfig } from '../../../../src/server/modules/payments/config.ts';
import {
  PaymentDeclinedError, PaymentRequestError, PaymentUnavailableError, paymentKeys, type PaymentProvider,
} from '../../../../src/server/modules/payments/provider.ts';
import { createStripeProvider } from '../../../../src/server/modules/payments/stripe-provider.ts';
import { createTestProvider, TEST_CARD_ERRORS } from '../../../../src/server/modules/payments/test-provider.ts';
import { parseStripeForm, startStripeStandIn, type StripeStandIn } from '../../../../src/server/modules/payments/testing/stripe-stand-in.ts';
import { standInConfig } from './payments.helpers.ts';

let standIn: StripeStandIn;
let provider: PaymentProvider;
let stripe: Stripe;
let ref = 0;
beforeAll(async () => {
  standIn = await startStripeStandIn();
  provider = createStripeProvider(standInConfig(standIn));
  stripe = new Stripe('sk_test_raw', { host: '127.0.0.1', port: standIn.port, protocol: 'http', maxNetworkRetries: 0 });
});
afterAll(async () => {
  await standIn.close();
});

const create = async (amountCents: number, captureMethod: 'automatic' | 'manual' = 'automatic') => {
  ref += 1;
  return await provider.createPayment({ amountCents, currency: 'usd', captureMethod, checkoutId: `chk-${ref}`, paymentRef: ref }, paymentKeys.create(ref));
};
const form = (body: string, key?: string) => fetch(`${standIn.url}/v1/payment_intents`, {
  method: 'POST', body, headers: { authorization: 'Bearer sk_test_raw', 'content-type': 'application/x-www-form-urlencoded', ...(key ? { 'idempotency-key': key } : {}) },
});

describe('the stand-in checks requests as Stripe does', () => {
  test('bracket notation: nested objects and arrays', () => {
    expect(parseStripeForm('amount=100&metadata[a]=b&expand[0]=x&expand[1]=y&created[gte]=5')).toEqual({ amount: '100', metadata: { a: 'b' }, expand: ['x', 'y'], created: { gte: '5' } });
  });

  test.each([
    ['a missing amount', 'currency=usd', 'parameter_missing'],
    ['an amount that is not whole cents', 'amount=12.50&currency=usd', 'parameter_invalid_integer'],
    ['an unknown parameter', 'amount=1000&currency=usd&amount_in_dollars=10', 'parameter_unknown'],
    ['a currency in upper case', 'amount=1000&currency=USD', 'parameter_invalid'],
    ['an amount under 50 cents', 'amount=49&currency=usd', 'amount_too_small'],
  ])('%s: 400 with its code', async (_name, body, code) => {
    const res = await form(body);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe(code);
  });

  test('a JSON body, or no test key, is refused', async () => {
    const json = await fetch(`${standIn.url}/v1/payment_intents`, { method: 'POST', body: '{"amount":1000}', headers: { authorization: 'Bearer sk_test_raw', 'content-type': 'application/json' } });
    expect(json.status).toBe(400);
    const live = await fetch(`${standIn.url}/v1/payment_intents/pi_1`, { headers: { authorization: 'Bearer sk_live_nope' } });
    expect(live.status).toBe(401);
  });

  test('Idempotency-Key: the same parameters answer the stored answer; other parameters answer 400 idempotency_error', async () => {
    const first = await stripe.paymentIntents.create({ amount: 1500, currency: 'usd' }, { idempotencyKey: 'same-key' });
    const again = await stripe.paymentIntents.create({ amount: 1500, currency: 'usd' }, { idempotencyKey: 'same-key' });
    expect(again.id).toBe(first.id);
    expect(standIn.requests.filter((r) => r.idempotencyKey === 'same-key').map((r) => r.replayed)).toEqual([false, true]);
    await expect(stripe.paymentIntents.create({ amount: 1600, currency: 'usd' }, { idempotencyKey: 'same-key' })).rejects.toMatchObject({ type: 'StripeIdempotencyError', statusCode: 400 });
    // a request refused by validation stores nothing: the key stays free
    expect((await form('amount=oops&currency=usd', 'fresh-key')).status).toBe(400);
    expect((await form('amount=1700&currency=usd', 'fresh-key')).status).toBe(200);
  });

  test('a 500 is stored under its key, as Stripe stores it: the same call answers 500 again', async () => {
    standIn.failNext({ path: /^\/v1\/payment_intents$/ });
    await expect(stripe.paymentIntents.create({ amount: 2000, currency: 'usd' }, { idempotencyKey: 'k500' })).rejects.toMatchObject({ type: 'StripeAPIError' });
    await expect(stripe.paymentIntents.create({ amount: 2000, currency: 'usd' }, { idempotencyKey: 'k500' })).rejects.toMatchObject({ type: 'StripeAPIError' });
  });
});

describe('the stripe adapter', () => {
  test('automatic capture: amount in cents with its currency, captured, the card as receipts show it', async () => {
    const created = await create(4599);
    expect(created).toMatchObject({ status: 'created', amountCents: 4599, currency: 'usd', clientSecret: expect.stringMatching(/^pi_.+_secret_/) });
    const paid = await provider.authorise(created.id, { kind: 'method', id: 'pm_card_visa' }, paymentKeys.confirm(ref, 1));
    expect(paid).toMatchObject({ status: 'captured', capturedCents: 4599, card: { brand: 'Visa', last4: '4242' }, captureId: expect.stringMatching(/^ch_/), checkoutId: `chk-${ref}`, paymentRef: ref });
    expect(standIn.paymentIntent(created.id)).toMatchObject({ metadata: { checkout_id: `chk-${ref}`, payment_ref: String(ref) } });
  });

  test('manual capture: authorised, then a partial capture, then a partial refund; a refund above the rest is refused', async () => {
    const created = await create(10_000, 'manual');
    const held = await provider.authorise(created.id, { kind: 'method', id: 'pm_card_mastercard' }, paymentKeys.confirm(ref, 1));
    expect(held).toMatchObject({ status: 'authorised', capturedCents: 0, card: { brand: 'Mastercard' } });
    const captured = await provider.capture(created.id, 8_000, paymentKeys.capture(ref));
    expect(captured).toMatchObject({ status: 'captured', capturedCents: 8_000 });
    const refund = await provider.refund(created.id, 3_000, 77, paymentKeys.refund(77));
    expect(refund).toMatchObject({ paymentId: created.id, amountCents: 3_000, status: 'succeeded', refundRef: 77 });
    // the same refund retried is the same refund
    expect((await provider.refund(created.id, 3_000, 77, paymentKeys.refund(77))).id).toBe(refund.id);
    expect((await provider.retrieve(created.id)).refundedCents).toBe(3_000);
    await expect(provider.refund(created.id, 5_001, 78, paymentKeys.refund(78))).rejects.toMatchObject({ code: 'amount_too_large' });
  });

  test('void: an authorised payment is cancelled; a captured one cannot be', async () => {
    const created = await create(2500, 'manual');
    await provider.authorise(created.id, { kind: 'method', id: 'pm_card_visa' }, paymentKeys.confirm(ref, 1));
    expect(await provider.void(created.id, paymentKeys.void(ref))).toMatchObject({ status: 'canceled' });
    const other = await create(2500);
    await provider.authorise(other.id, { kind: 'method', id: 'pm_card_visa' }, paymentKeys.confirm(ref, 1));
    await expect(provider.void(other.id, paymentKeys.void(ref))).rejects.toBeInstanceOf(PaymentRequestError);
  });

  test('a decline is a PaymentDeclinedError, and the payment may be confirmed again with another card', async () => {
    const created = await create(3000);
    await expect(provider.authorise(created.id, { kind: 'method', id: 'pm_card_chargeDeclined' }, paymentKeys.confirm(ref, 1))).rejects.toBeInstanceOf(PaymentDeclinedError);
    expect((await provider.retrieve(created.id)).status).toBe('failed');
    expect((await provider.authorise(created.id, { kind: 'method', id: 'pm_card_visa' }, paymentKeys.confirm(ref, 2))).status).toBe('captured');
  });

  test('3-D Secure: requires_action with the page to send the shopper to, then captured once completed', async () => {
    const created = await create(3000);
    const waiting = await provider.authorise(created.id, { kind: 'method', id: 'pm_card_authenticationRequired' }, paymentKeys.confirm(ref, 1), { returnUrl: 'https://shop.test/checkout/x' });
    expect(waiting).toMatchObject({ status: 'requires_action', nextActionUrl: expect.stringContaining(`/3ds/${created.id}`) });
    await standIn.completeAction(created.id);
    expect((await provider.retrieve(created.id)).status).toBe('captured');
  });

  test('a 500 and a timeout are "outcome unknown" (PaymentUnavailableError); a typed card number is refused', async () => {
    standIn.failNext({ path: /^\/v1\/payment_intents$/ });
    await expect(create(1000)).rejects.toBeInstanceOf(PaymentUnavailableError);
    standIn.timeoutNext({ path: /^\/v1\/payment_intents$/ });
    await expect(create(1000)).rejects.toBeInstanceOf(PaymentUnavailableError);
    const created = await create(1000);
    await expect(provider.authorise(created.id, { kind: 'card', number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' }, 'k')).rejects.toMatchObject({ code: 'card_data_refused' });
  });

  test('the wallet: a customer, a card attached, listed and detached', async () => {
    const customer = await provider.createCustomer(5, 'pat@example.test', paymentKeys.customer(5, 1));
    const card = await provider.attachCard(customer.id, 'pm_card_visa', paymentKeys.attach(customer.id, 'pm_card_visa'));
    expect(card).toMatchObject({ id: expect.stringMatching(/^pm_/), brand: 'Visa', last4: '4242', expMonth: 12 });
    expect(await provider.listCards(customer.id)).toEqual([card]);
    await provider.detachCard(card.id, paymentKeys.detach(1, 1));
    expect(await provider.listCards(customer.id)).toEqual([]);
  });
});

describe('the test provider (the default)', () => {
  test('takes a good test card, declines 4000 0000 0000 0002, and refuses a bad number, an old expiry and a bad code with the checkout\'s texts', async () => {
    const test = createTestProvider({ now: () => Date.UTC(2030, 5, 1) });
    const card = (number: string, extra: Partial<{ expMonth: number; expYear: number; cvc: string }> = {}) => ({ kind: 'card' as const, number, expMonth: 12, expYear: 2031, cvc: '123', ...extra });
    let n = 0;
    const attempt = async (c: ReturnType<typeof card>) => {
      n += 1;
      const p = await test.createPayment({ amountCents: 1000, currency: 'usd', captureMethod: 'automatic', checkoutId: `t${n}`, paymentRef: n }, paymentKeys.create(n));
      return await test.authorise(p.id, c, paymentKeys.confirm(n, 1));
    };
    expect(await attempt(card('4242 4242 4242 4242'))).toMatchObject({ status: 'captured', card: { brand: 'Visa', last4: '4242' } });
    await expect(attempt(card('4000000000000002'))).rejects.toMatchObject({ message: TEST_CARD_ERRORS.declined, code: 'card_declined' });
    await expect(attempt(card('4242424242424241'))).rejects.toMatchObject({ message: TEST_CARD_ERRORS.card });
    await expect(attempt(card('4242424242424242', { expYear: 2030, expMonth: 5 }))).rejects.toMatchObject({ message: TEST_CARD_ERRORS.expiry });
    await expect(attempt(card('4242424242424242', { cvc: '12' }))).rejects.toMatchObject({ message: TEST_CARD_ERRORS.cvc });
  });

  test('no configuration means the test provider; stripe needs its three settings', () => {
    expect(readPaymentConfig({})).toEqual({ provider: 'test', captureMethod: 'automatic', stripe: null });
    expect(() => readPaymentConfig({ PAYMENT_PROVIDER: 'stripe' })).toThrow('PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET');
    const env = { PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_PUBLISHABLE_KEY: 'pk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc', PAYMENT_CAPTURE: 'fulfilment' };
    expect(readPaymentConfig(env)).toMatchObject({ provider: 'stripe', captureMethod: 'manual', stripe: { timeoutMs: 20_000, maxNetworkRetries: 2, apiUrl: null } });
    expect(() => readPaymentConfig({ ...env, STRIPE_SECRET_KEY: 'sk_live_abc', STRIPE_PUBLISHABLE_KEY: 'pk_live_abc', STRIPE_API_URL: 'http://127.0.0.1:1' })).toThrow(/refused with a live key/);
    expect(() => readPaymentConfig({ ...env, PAYMENT_PROVIDER: 'paypal' })).toThrow(/PAYMENT_PROVIDER/);
  });
});
