/**
 * The hosted checkout page with PAYMENT_PROVIDER=stripe, tested through its HTTP calls against
 * the stand-in (the browser's part, Stripe.js, is Stripe's): the page renders the Payment
 * Element and takes no card fields, the PaymentMethod it posts pays the quote's total, a decline
 * shows Stripe's words, 3-D Secure goes through the browser and back with `payment_intent`, and
 * the return and the webhook place the order exactly once, whichever comes first. The order
 * keeps the provider, the PaymentIntent, the card, and the API answers its capture and refunds.
 * Runs on SQLite and (server-pg project) PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { escapeHtml, STRIPE_JS_URL } from '../../../../src/server/modules/checkout/checkout-page.html.ts';
import { PAGE_ERRORS } from '../../../../src/server/modules/checkout/checkout-page.service.ts';
import { PAID_CHECKOUT_ERRORS } from '../../../../src/server/modules/checkout/paid-checkout.ts';
import { saveCheckoutDetails } from '../../../../src/server/modules/checkout/checkouts.ts';
import { call, createSession } from '../checkout/cart.helpers.ts';
import { guestCart, ordersOf, stripeForm, stripeStore, submitForm, webhooksAnswered, type StripeStore } from './page.helpers.ts';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 120_000 });

let store: StripeStore;
beforeAll(async () => {
  store = await stripeStore();
});
afterAll(async () => {
  await store.close();
});

const chargesOf = (piId: string) => store.standIn.charges.filter((c) => c.paymentIntent === piId);

describe('the Stripe checkout page', () => {
  test('renders the Payment Element, loads Stripe.js under a policy that allows Stripe, and has no card fields', async () => {
    const { cookie, id } = await guestCart(store);
    const res = await store.app.inject({ method: 'GET', url: `/checkout/${id}`, headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="payment-element"');
    expect(res.body).toContain(`<script src="${STRIPE_JS_URL}"></script>`);
    expect(res.body).toContain('"publishableKey":"pk_test_standin"');
    expect(res.body).toContain('name="paymentMethod"');
    for (const name of ['cardNumber', 'cvc', 'expMonth', 'expYear']) expect(res.body).not.toContain(`name="${name}"`);
    expect(res.body).toContain('Stripe test mode: no real payment is taken');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/script-src [^;]*https:\/\/js\.stripe\.com/);
    expect(csp).toMatch(/frame-src [^;]*https:\/\/js\.stripe\.com[^;]*https:\/\/hooks\.stripe\.com/);
    expect(csp).toMatch(/connect-src [^;]*https:\/\/api\.stripe\.com/);
    // the inline script runs under the answer's own nonce
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(res.body).toContain(`<script nonce="${nonce}">`);
  });

  test('the PaymentMethod pays the quote\'s total: one order with the provider, the PaymentIntent and the card; one charge', async () => {
    const { cookie, id, levelId } = await guestCart(store);
    const res = await submitForm(store.app, cookie, id, stripeForm);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/checkout/${id}`);
    const [order, ...more] = await ordersOf(store.db, id);
    expect(more).toEqual([]);
    expect(order).toMatchObject({ payment_provider: 'stripe', payment_brand: 'Visa', payment_last4: '4242' });
    expect(order?.payment_token).toMatch(/^pi_/);
    expect(chargesOf(order!.payment_token).map((c) => c.amount)).toEqual([order?.total_cents]);
    // the quote's total, shipping and tax included, was what Stripe was asked for
    expect(store.standIn.paymentIntent(order!.payment_token)).toMatchObject({ amount: order?.total_cents, currency: 'usd', status: 'succeeded' });
    expect((await store.db.get<{ quantity: number }>('SELECT quantity FROM inventory_levels WHERE id = ?', [levelId]))?.quantity).toBe(48);
    const page = await store.app.inject({ method: 'GET', url: `/checkout/${id}`, headers: { cookie } });
    expect(page.body).toContain('Paid with Visa ending in 4242.');
    expect(page.body).not.toContain('(test mode)');
  });

  test('a post without a PaymentMethod (card fields typed anyway) is refused before anything reaches Stripe', async () => {
    const { cookie, id } = await guestCart(store);
    // the earlier tests' webhooks read their payments back: they are done first
    await webhooksAnswered(store.standIn);
    const before = store.standIn.requests.length;
    const res = await submitForm(store.app, cookie, id, { ...stripeForm, paymentMethod: '', cardNumber: '4242424242424242', expMonth: '12', expYear: '2099', cvc: '123' });
    expect(res.statusCode).toBe(422);
    expect(res.body).toContain(escapeHtml(PAGE_ERRORS.paymentMethod));
    expect(res.body).not.toContain('4242424242424242');
    expect(store.standIn.requests.length).toBe(before);
    expect(await ordersOf(store.db, id)).toEqual([]);
  });

  test('a decline shows Stripe\'s words (402) and places nothing; another card then pays once', async () => {
    const { cookie, id } = await guestCart(store);
    const declined = await submitForm(store.app, cookie, id, { ...stripeForm, paymentMethod: 'pm_card_chargeDeclined' });
    expect(declined.statusCode).toBe(402);
    expect(declined.body).toMatch(/<p class="alert" role="alert" id="form-error">[^<]*declined[^<]*<\/p>/);
    expect(declined.body).toContain('value="1 Lagoon Way"');
    expect(await ordersOf(store.db, id)).toEqual([]);
    const paid = await submitForm(store.app, cookie, id, stripeForm);
    expect(paid.statusCode).toBe(303);
    const [order] = await ordersOf(store.db, id);
    expect(chargesOf(order!.payment_token)).toHaveLength(1);
  });

  test.each(['the shopper\'s return', 'the webhook'] as const)('3-D Secure: the browser confirms, and %s first places the order; the other finds it (once)', async (first) => {
    const { cookie, id } = await guestCart(store);
    store.standIn.setWebhookMode('hold');
    try {
      const res = await submitForm(store.app, cookie, id, { ...stripeForm, paymentMethod: 'pm_card_authenticationRequired' });
      expect(res.statusCode).toBe(200);
      const pi = /"clientSecret":"(pi_[A-Za-z0-9]+)_secret_/.exec(res.body)?.[1];
      expect(pi).toBeDefined();
      expect(res.body).toContain('Confirm your payment');
      expect(res.body).toContain(`?payment_intent=${pi}`);
      expect(await ordersOf(store.db, id)).toEqual([]);
      // the shopper passes the bank's check in Stripe's frame
      await store.standIn.completeAction(pi!);
      const back = () => store.app.inject({ method: 'GET', url: `/checkout/${id}?payment_intent=${pi}&payment_intent_client_secret=x&redirect_status=succeeded`, headers: { cookie } });
      if (first === 'the webhook') {
        await store.standIn.deliverHeld({ twice: true });
        expect(await ordersOf(store.db, id)).toHaveLength(1);
        expect((await back()).statusCode).toBe(200);
      } else {
        const returned = await back();
        expect(returned.statusCode).toBe(303);
        expect(returned.headers.location).toBe(`/checkout/${id}`);
        await store.standIn.deliverHeld({ twice: true, reverse: true });
      }
      const orders = await ordersOf(store.db, id);
      expect(orders).toHaveLength(1);
      expect(orders[0]).toMatchObject({ payment_token: pi, payment_provider: 'stripe', payment_last4: '3184' });
      expect(chargesOf(pi!)).toHaveLength(1);
      const confirmation = await store.app.inject({ method: 'GET', url: `/checkout/${id}`, headers: { cookie } });
      expect(confirmation.body).toContain(`Order number <strong>#${orders[0]?.id}</strong>`);
    } finally {
      store.standIn.setWebhookMode('auto');
    }
  });

  test('3-D Secure failed: back on the page with the provider\'s words, nothing placed, and the shopper may pay again', async () => {
    const { cookie, id } = await guestCart(store);
    const res = await submitForm(store.app, cookie, id, { ...stripeForm, paymentMethod: 'pm_card_authenticationRequired' });
    const pi = /"clientSecret":"(pi_[A-Za-z0-9]+)_secret_/.exec(res.body)?.[1];
    await store.standIn.completeAction(pi!, false);
    const back = await store.app.inject({ method: 'GET', url: `/checkout/${id}?payment_intent=${pi}`, headers: { cookie } });
    expect(back.statusCode).toBe(402);
    expect(back.body).toContain('id="payment-element"');
    expect(await ordersOf(store.db, id)).toEqual([]);
    expect((await submitForm(store.app, cookie, id, stripeForm)).statusCode).toBe(303);
    expect(await ordersOf(store.db, id)).toHaveLength(1);
    await webhooksAnswered(store.standIn);
    expect(await ordersOf(store.db, id)).toHaveLength(1);
  });

  test('a payment_intent of another checkout is ignored: the form, nothing placed', async () => {
    const other = await guestCart(store);
    await submitForm(store.app, other.cookie, other.id, stripeForm);
    const [paid] = await ordersOf(store.db, other.id);
    const { cookie, id } = await guestCart(store);
    const res = await store.app.inject({ method: 'GET', url: `/checkout/${id}?payment_intent=${paid!.payment_token}`, headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('id="payment-element"');
    expect(await ordersOf(store.db, id)).toEqual([]);
  });

  test('a checkout whose cart changed after the shopper paid is not placed at the old amount: the payment is refunded in full', async () => {
    const { id } = await guestCart(store);
    // the page wrote the shopper's details, and the shopper pays an amount that is no longer the total
    await saveCheckoutDetails(store.db, id, { email: 'guest@example.com', address: { ...stripeForm, company: null, address2: null }, choice: {}, paymentMethodId: null });
    await expect(store.app.payments.payCheckout({ checkoutId: id, amountCents: 101, currency: 'USD', method: { kind: 'method', id: 'pm_card_visa' } }))
      .rejects.toThrow(PAID_CHECKOUT_ERRORS.amount);
    expect(await ordersOf(store.db, id)).toEqual([]);
    const refunds = await store.db.all<{ amount_cents: number; status: string }>(
      'SELECT r.amount_cents, r.status FROM payment_refunds r JOIN payments p ON p.id = r.payment_id WHERE p.checkout_id = ?', [id],
    );
    expect(refunds).toEqual([{ amount_cents: 101, status: 'succeeded' }]);
  });

  test('the order API answers the provider, the PaymentIntent, its capture and its refunds, in the one order and the list', async () => {
    const customer = await store.db.get<{ id: number }>(
      "INSERT INTO customers (email, password_hash, first_name, last_name, created_at, updated_at) VALUES (?, 'x', 'Pat', 'Pool', ?, ?) RETURNING id",
      [`stripe-${Date.now()}@example.com`, new Date().toISOString(), new Date().toISOString()],
    );
    const { cookie } = await createSession(store.db, customer!.id);
    const level = await store.db.get<{ id: number }>('SELECT id FROM inventory_levels WHERE available_for_sale = 1 AND quantity > 2 AND price_cents > 0 ORDER BY id LIMIT 1');
    const cart = await call(store.app, 'POST', '/api/checkouts/lineItems', { cookie, body: { inventoryLevelId: level!.id, quantity: 1 }, headers: { 'idempotency-key': `api-${Date.now()}` } });
    const id = String(cart.body.checkout.webUrl).split('/').pop()!;
    expect((await submitForm(store.app, cookie, id, { ...stripeForm, email: '' })).statusCode).toBe(303);
    const [order] = await ordersOf(store.db, id);
    await store.app.payments.refund({ orderId: order!.id, amountCents: 100, requestKey: 'api-test' });
    const res = await call(store.app, 'GET', `/api/orders/${order!.id}`, { cookie });
    expect(res.status).toBe(200);
    const payment = res.body.order.payment;
    expect(payment).toMatchObject({ brand: 'Visa', last4: '4242', provider: 'stripe', paymentId: order!.payment_token });
    expect(payment.captures).toEqual([{ id: expect.stringMatching(/^ch_/), amount: order!.total_cents / 100, status: 'succeeded', createdAt: expect.any(String) }]);
    expect(payment.refunds).toEqual([{ id: expect.stringMatching(/^re_/), amount: 1, status: 'succeeded', createdAt: expect.any(String) }]);
    const list = await call(store.app, 'GET', '/api/orders', { cookie });
    expect(list.body.orders[0].payment.paymentId).toBe(order!.payment_token);
  });
});
