/**
 * The wallet's cards as Stripe customers' payment methods, through the store's HTTP routes
 * (the popup's add-card page, the wallet API) with PAYMENT_PROVIDER=stripe pointed at the
 * stand-in: a card saved through a SetupIntent on the shopper's Stripe Customer (created once),
 * only its id, brand, last four and expiry kept; 3-D Secure; a decline; deleting detaches; and the
 * faults (the stand-in failing before or after it attaches, timing out, the process dying after
 * Stripe's answer, Stripe unreachable on delete): never a card half-saved, never saved twice; and
 * the checkout page paying with a saved card on its Stripe Customer.
 * Runs on SQLite and (server-pg project) PostgreSQL.
 */
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { ADD_CARD_MESSAGES } from '../../../../src/server/modules/accounts/add-card.ts';
import { CARD_NOT_DELETED } from '../../../../src/server/modules/accounts/routes.ts';
import { escapeHtml } from '../../../../src/server/modules/checkout/checkout-page.html.ts';
import type { Db } from '../../../../src/server/platform/db/database.ts';
import { PaymentRequestError } from '../../../../src/server/modules/payments/provider.ts';
import { call, checkoutIdOf, signedInShopper, stockedLevel } from '../checkout/cart.helpers.ts';
import { ordersOf, stripeStore, submitForm, type StripeStore } from './page.helpers.ts';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 120_000 });

let store: StripeStore | undefined;
afterEach(async () => {
  await store?.close();
  store = undefined;
});

/** A signed-in shopper with one mailing address, and the add-card link the wallet hands out. */
interface WalletShopper {
  customerId: number;
  cookie: string;
  addressId: number;
  /** The signed token of `_links.addPaymentMethod.href`. */
  token: string;
  href: string;
}

async function walletShopper(s: StripeStore): Promise<WalletShopper> {
  const { customerId, cookie } = await signedInShopper(s.db);
  const row = await s.db.get<{ id: number }>(
    `INSERT INTO mailing_addresses (customer_id, first_name, last_name, company, address1, address2, city, zip, phone, country_code, state_code, is_default, created_at)
     VALUES (?, 'Pat', 'Pool', NULL, '1 Lagoon Way', NULL, 'Tacoma', '98402', '3605550100', 'US', 'WA', 1, ?) RETURNING id`,
    [customerId, new Date().toISOString()],
  );
  const listed = await s.app.inject({ method: 'GET', url: `/api/user/${customerId}/paymentMethods`, headers: { cookie } });
  expect(listed.statusCode).toBe(200);
  const href = listed.json<{ _links: { addPaymentMethod: { href: string } } }>()._links.addPaymentMethod.href;
  return { customerId, cookie, addressId: row!.id, token: new URL(href, 'http://x').searchParams.get('token') ?? '', href };
}

/** Posts the add-card page's form as the browser does after the Payment Element made `paymentMethod`. */
async function postCard(app: FastifyInstance, w: WalletShopper, fields: Record<string, string>) {
  return await app.inject({
    method: 'POST', url: '/wallet/add-card',
    headers: { cookie: w.cookie, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ token: w.token, name: 'Pat Pool', mailingAddressId: String(w.addressId), ...fields }).toString(),
  });
}

interface CardRow { id: number; provider: string; processor_token: string; brand: string; last4: string; exp_month: number; exp_year: number; name: string | null; billing_postal_code: string | null }

async function cardsOf(db: Db, customerId: number): Promise<CardRow[]> {
  return await db.all<CardRow>(
    'SELECT id, provider, processor_token, brand, last4, exp_month, exp_year, name, billing_postal_code FROM payment_methods WHERE customer_id = ? ORDER BY id',
    [customerId],
  );
}

async function stripeCustomerOf(db: Db, customerId: number): Promise<string | undefined> {
  return (await db.get<{ id: string | null }>("SELECT provider_customer_id AS id FROM payment_customers WHERE customer_id = ? AND provider = 'stripe'", [customerId]))?.id ?? undefined;
}

/** A PaymentMethod as the Payment Element makes it in the popup (Stripe's test card by name: visa, mastercard, authenticationRequired, chargeDeclined). */
const browserCard = (s: StripeStore, card: 'visa' | 'mastercard' | 'authenticationRequired' | 'chargeDeclined') => s.standIn.browserPaymentMethod(`pm_card_${card}`);

const posts = (s: StripeStore, path: RegExp) => s.standIn.requests.filter((r) => r.method === 'POST' && path.test(r.path));

describe('saving a card with Stripe', () => {
  test('the popup page is Stripe\'s Payment Element: no card number field, the publishable key, Stripe\'s script', async () => {
    store = await stripeStore();
    const w = await walletShopper(store);
    const page = await store.app.inject({ url: w.href, headers: { cookie: w.cookie } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('id="payment-element"');
    expect(page.body).toContain('pk_test_standin');
    expect(page.body).toContain('<script src="https://js.stripe.com/v3"></script>');
    expect(page.body).not.toContain('name="number"');
    expect(page.body).not.toContain('name="cvc"');
    // Stripe's hosts are allowed by the page's policy
    expect(String(page.headers['content-security-policy'])).toContain('https://js.stripe.com');
    // nothing was asked of Stripe to show the page
    expect(store.standIn.requests).toEqual([]);
  });

  test('a card is saved on the shopper\'s Stripe Customer: only its id, brand, last four and expiry are kept', async () => {
    store = await stripeStore();
    const w = await walletShopper(store);
    const visa = browserCard(store, 'visa');
    const res = await postCard(store.app, w, { paymentMethod: visa });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(ADD_CARD_MESSAGES.saved);
    const customer = await stripeCustomerOf(store.db, w.customerId);
    expect(customer).toMatch(/^cus_/);
    const cards = await cardsOf(store.db, w.customerId);
    const attached = store.standIn.customerMethods(customer!);
    expect(attached.map((pm) => pm.id)).toEqual([visa]);
    expect(cards).toEqual([{
      id: expect.any(Number), provider: 'stripe', processor_token: visa, brand: 'Visa', last4: '4242',
      exp_month: 12, exp_year: new Date().getUTCFullYear() + 3, name: 'Pat Pool', billing_postal_code: '98402',
    }]);
    // the SetupIntent: created and confirmed at once on the customer, our customer's id in its metadata, for later payments with the shopper present
    const setupRequest = posts(store, /^\/v1\/setup_intents$/);
    expect(setupRequest.map((r) => r.idempotencyKey)).toEqual([`wallet:${w.customerId}:setup:${visa}`]);
    expect(posts(store, /^\/v1\/customers$/).map((r) => r.idempotencyKey)).toEqual([`customer:${w.customerId}:1`]);
    // the wallet lists it as any card, without Stripe's id
    const listed = await store.app.inject({ method: 'GET', url: `/api/user/${w.customerId}/paymentMethods`, headers: { cookie: w.cookie } });
    expect(listed.json().paymentMethods).toEqual([expect.objectContaining({ brand: 'Visa', last4: '4242', isGiftCard: false })]);
    expect(listed.body).not.toContain(visa);
    // a second card: the same Stripe Customer, no second one made
    expect((await postCard(store.app, w, { paymentMethod: browserCard(store, 'mastercard') })).statusCode).toBe(200);
    expect(posts(store, /^\/v1\/customers$/)).toHaveLength(1);
    expect(store.standIn.customerMethods(customer!)).toHaveLength(2);
    expect((await cardsOf(store.db, w.customerId)).map((c) => c.brand)).toEqual(['Visa', 'Mastercard']);
  });

  test('the same form posted twice (a double click) saves the card once', async () => {
    store = await stripeStore();
    const w = await walletShopper(store);
    const visa = browserCard(store, 'visa');
    const [a, b] = [await postCard(store.app, w, { paymentMethod: visa }), await postCard(store.app, w, { paymentMethod: visa })];
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(await cardsOf(store.db, w.customerId)).toHaveLength(1);
    expect(posts(store, /^\/v1\/setup_intents$/).map((r) => r.replayed)).toEqual([false, true]);
    expect(store.standIn.customerMethods((await stripeCustomerOf(store.db, w.customerId))!)).toHaveLength(1);
  });

  test('3-D Secure: the page hands the SetupIntent to Stripe.js, and the card is saved once the bank said yes', async () => {
    store = await stripeStore();
    const w = await walletShopper(store);
    const res = await postCard(store.app, w, { paymentMethod: browserCard(store, 'authenticationRequired') });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('handleNextAction');
    const setupId = /name="setupIntent" value="(seti_[A-Za-z0-9_]+)"/.exec(res.body)?.[1];
    expect(setupId).toBeDefined();
    expect(res.body).toContain(store.standIn.setupIntent(setupId!)!.client_secret as string);
    expect(await cardsOf(store.db, w.customerId)).toEqual([]);
    // back before the bank answered: the bank's check again, nothing saved yet
    const early = await postCard(store.app, w, { setupIntent: setupId! });
    expect(early.statusCode).toBe(200);
    expect(early.body).toContain('handleNextAction');
    expect(await cardsOf(store.db, w.customerId)).toEqual([]);
    await store.standIn.completeSetupAction(setupId!);
    const back = await postCard(store.app, w, { setupIntent: setupId! });
    expect(back.statusCode).toBe(200);
    expect(back.body).toContain(ADD_CARD_MESSAGES.saved);
    expect(await cardsOf(store.db, w.customerId)).toEqual([expect.objectContaining({ provider: 'stripe', brand: 'Visa', last4: '3184' })]);
    // posted back again: still one card
    expect((await postCard(store.app, w, { setupIntent: setupId! })).statusCode).toBe(200);
    expect(await cardsOf(store.db, w.customerId)).toHaveLength(1);
    // another shopper cannot save this setup as theirs
    const other = await walletShopper(store);
    await postCard(store.app, other, { paymentMethod: browserCard(store, 'mastercard') });
    const stolen = await postCard(store.app, other, { setupIntent: setupId! });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.body).toContain(escapeHtml(ADD_CARD_MESSAGES.refused));
    expect(await cardsOf(store.db, other.customerId)).toHaveLength(1);
  });

  test('a declined card: the form again with the bank\'s words, nothing saved here or at Stripe', async () => {
    store = await stripeStore();
    const w = await walletShopper(store);
    const res = await postCard(store.app, w, { paymentMethod: browserCard(store, 'chargeDeclined') });
    expect(res.statusCode).toBe(402);
    expect(res.body).toContain('Your card was declined.');
    expect(res.body).toContain('id="payment-element"');
    expect(await cardsOf(store.db, w.customerId)).toEqual([]);
    expect(store.standIn.customerMethods((await stripeCustomerOf(store.db, w.customerId))!)).toEqual([]);
  });

  test('bad input is refused before anything is asked of Stripe: no billing address, no payment method, a card number typed', async () => {
    store = await stripeStore();
    const w = await walletShopper(store);
    const refused: Record<string, string>[] = [
      { paymentMethod: 'pm_card_visa', mailingAddressId: '0x1' },
      { paymentMethod: '' },
      { paymentMethod: 'tok_visa' },
      { setupIntent: 'pi_notasetup' },
      { number: '4242 4242 4242 4242', expMonth: '12', expYear: '2040', cvc: '123' },
    ];
    for (const fields of refused) {
      const res = await postCard(store.app, w, fields);
      expect(res.statusCode).toBe(400);
      expect(res.body).not.toContain('4242 4242 4242 4242');
    }
    expect(store.standIn.requests).toEqual([]);
    expect(await cardsOf(store.db, w.customerId)).toEqual([]);
    expect(await stripeCustomerOf(store.db, w.customerId)).toBeUndefined();
  });
});

describe('faults while saving: never a card half-saved', () => {
  test('Stripe failing before it attaches (500): 503, nothing saved here or there; the shopper tries again and it is saved once', async () => {
    store = await stripeStore();
    const w = await walletShopper(store);
    store.standIn.failNext({ path: /^\/v1\/setup_intents$/ });
    const res = await postCard(store.app, w, { paymentMethod: browserCard(store, 'visa') });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.body).toContain(escapeHtml(ADD_CARD_MESSAGES.unavailable));
    expect(await cardsOf(store.db, w.customerId)).toEqual([]);
    const customer = (await stripeCustomerOf(store.db, w.customerId))!;
    expect(store.standIn.customerMethods(customer)).toEqual([]);
    // the Payment Element makes a new PaymentMethod for the next try
    expect((await postCard(store.app, w, { paymentMethod: browserCard(store, 'mastercard') })).statusCode).toBe(200);
    expect(await cardsOf(store.db, w.customerId)).toEqual([expect.objectContaining({ brand: 'Mastercard' })]);
    expect(store.standIn.customerMethods(customer)).toHaveLength(1);
  });

  test.each(['a 500 after its work', 'a timeout after its work'] as const)('Stripe attaching the card but answering %s: the card is read back and saved, once', async (fault) => {
    store = await stripeStore();
    const w = await walletShopper(store);
    // the customer first, so the fault hits the setup
    await store.app.payments.wallet.ensureCustomer(w.customerId, 'pat@example.com');
    if (fault === 'a 500 after its work') store.standIn.failNext({ path: /^\/v1\/setup_intents$/, after: true });
    else store.standIn.timeoutNext({ path: /^\/v1\/setup_intents$/ });
    const res = await postCard(store.app, w, { paymentMethod: browserCard(store, 'visa') });
    expect(res.statusCode).toBe(200);
    const customer = (await stripeCustomerOf(store.db, w.customerId))!;
    const attached = store.standIn.customerMethods(customer);
    expect(attached).toHaveLength(1);
    expect(await cardsOf(store.db, w.customerId)).toEqual([expect.objectContaining({ processor_token: attached[0]!.id, brand: 'Visa' })]);
  });

  test('the process dying after Stripe attached the card: nothing saved here; the same form again saves it once (Stripe replays the setup)', async () => {
    store = await stripeStore();
    const w = await walletShopper(store);
    store.dieAfter.add('setup');
    const visa = browserCard(store, 'visa');
    const res = await postCard(store.app, w, { paymentMethod: visa });
    expect(res.statusCode).toBe(500);
    expect(await cardsOf(store.db, w.customerId)).toEqual([]);
    store.dieAfter.clear();
    expect((await postCard(store.app, w, { paymentMethod: visa })).statusCode).toBe(200);
    expect(await cardsOf(store.db, w.customerId)).toHaveLength(1);
    expect(posts(store, /^\/v1\/setup_intents$/).map((r) => r.replayed)).toEqual([false, true]);
    expect(store.standIn.customerMethods((await stripeCustomerOf(store.db, w.customerId))!)).toHaveLength(1);
  });

  test('Stripe failing to make the customer: 503, no customer recorded, no card; the next try makes one, under a key of its own', async () => {
    store = await stripeStore();
    const w = await walletShopper(store);
    store.standIn.failNext({ path: /^\/v1\/customers$/ });
    expect((await postCard(store.app, w, { paymentMethod: browserCard(store, 'visa') })).statusCode).toBe(503);
    expect(await stripeCustomerOf(store.db, w.customerId)).toBeUndefined();
    expect(await cardsOf(store.db, w.customerId)).toEqual([]);
    expect(posts(store, /^\/v1\/setup_intents$/)).toEqual([]);
    expect((await postCard(store.app, w, { paymentMethod: browserCard(store, 'mastercard') })).statusCode).toBe(200);
    expect(posts(store, /^\/v1\/customers$/).map((r) => [r.idempotencyKey, r.status])).toEqual([[`customer:${w.customerId}:1`, 500], [`customer:${w.customerId}:2`, 200]]);
    expect(await cardsOf(store.db, w.customerId)).toEqual([expect.objectContaining({ brand: 'Mastercard' })]);
  });
});

describe('deleting a saved card', () => {
  test('detaches it from the Stripe Customer, then removes it from the wallet; it can never be charged again', async () => {
    store = await stripeStore();
    const w = await walletShopper(store);
    await postCard(store.app, w, { paymentMethod: browserCard(store, 'visa') });
    const [card] = await cardsOf(store.db, w.customerId);
    const res = await store.app.inject({ method: 'DELETE', url: `/api/user/${w.customerId}/paymentMethods/${card!.id}`, headers: { cookie: w.cookie } });
    expect(res.json()).toEqual({ success: true });
    expect(await cardsOf(store.db, w.customerId)).toEqual([]);
    expect(store.standIn.paymentMethod(card!.processor_token)).toMatchObject({ customer: null });
    expect(posts(store, /\/detach$/).map((r) => r.idempotencyKey)).toEqual([`wallet:detach:${card!.id}:1`]);
    // Stripe refuses the detached card on any payment
    const { provider } = store.app.payments;
    const customerId = (await stripeCustomerOf(store.db, w.customerId))!;
    const payment = await provider.createPayment({ amountCents: 1000, currency: 'usd', captureMethod: 'automatic', checkoutId: 'chk-after-delete', paymentRef: 999, customerId }, 'test:after-delete:create');
    await expect(provider.authorise(payment.id, { kind: 'method', id: card!.processor_token }, 'test:after-delete:confirm')).rejects.toBeInstanceOf(PaymentRequestError);
    expect(store.standIn.charges).toEqual([]);
  });

  test('Stripe unreachable: 503 with the reason, the card stays in the wallet and at Stripe; the next try deletes it', async () => {
    store = await stripeStore();
    const w = await walletShopper(store);
    await postCard(store.app, w, { paymentMethod: browserCard(store, 'visa') });
    const [card] = await cardsOf(store.db, w.customerId);
    const url = `/api/user/${w.customerId}/paymentMethods/${card!.id}`;
    store.standIn.failNext({ path: /\/detach$/ });
    const failed = await store.app.inject({ method: 'DELETE', url, headers: { cookie: w.cookie } });
    expect(failed.statusCode).toBe(503);
    expect(failed.json()).toEqual({ error: CARD_NOT_DELETED });
    expect(await cardsOf(store.db, w.customerId)).toHaveLength(1);
    expect(store.standIn.paymentMethod(card!.processor_token)).toMatchObject({ customer: await stripeCustomerOf(store.db, w.customerId) });
    // Stripe stored that 500 under its key, as it does: the next try is sent under a key of its own
    expect((await store.app.inject({ method: 'DELETE', url, headers: { cookie: w.cookie } })).json()).toEqual({ success: true });
    expect(await cardsOf(store.db, w.customerId)).toEqual([]);
    expect(store.standIn.paymentMethod(card!.processor_token)).toMatchObject({ customer: null });
    expect(posts(store, /\/detach$/).map((r) => [r.idempotencyKey, r.status])).toEqual([[`wallet:detach:${card!.id}:1`, 500], [`wallet:detach:${card!.id}:2`, 200]]);
  });

  test('the process dying after Stripe detached the card: the next try finds it detached and deletes it', async () => {
    store = await stripeStore();
    const w = await walletShopper(store);
    await postCard(store.app, w, { paymentMethod: browserCard(store, 'visa') });
    const [card] = await cardsOf(store.db, w.customerId);
    const url = `/api/user/${w.customerId}/paymentMethods/${card!.id}`;
    store.dieAfter.add('detach');
    expect((await store.app.inject({ method: 'DELETE', url, headers: { cookie: w.cookie } })).statusCode).toBe(500);
    expect(await cardsOf(store.db, w.customerId)).toHaveLength(1);
    store.dieAfter.clear();
    expect((await store.app.inject({ method: 'DELETE', url, headers: { cookie: w.cookie } })).json()).toEqual({ success: true });
    expect(await cardsOf(store.db, w.customerId)).toEqual([]);
    // the card was read first and found detached: no second detachment sent
    expect(posts(store, /\/detach$/)).toHaveLength(1);
  });
});

describe('paying with a saved card at checkout', () => {
  /** A cart of the signed-in shopper: its checkout id. */
  async function shopperCart(s: StripeStore, w: WalletShopper): Promise<string> {
    const level = await stockedLevel(s.db, 1, 0, 50);
    const res = await call(s.app, 'POST', '/api/checkouts/lineItems', { cookie: w.cookie, body: { inventoryLevelId: level.id, quantity: 1 }, headers: { 'idempotency-key': `wallet-${Math.random()}` } });
    return checkoutIdOf(res.body.checkout);
  }
  const payForm = (w: WalletShopper, payWith: Record<string, string>) => ({ addressId: String(w.addressId), ...payWith });

  test('the Stripe page offers the Stripe customer\'s cards; one chosen pays on that customer with that PaymentMethod, no card typed', async () => {
    store = await stripeStore();
    const w = await walletShopper(store);
    await postCard(store.app, w, { paymentMethod: browserCard(store, 'visa') });
    const [card] = await cardsOf(store.db, w.customerId);
    // a card saved with the test provider (before Stripe was configured) is not Stripe's: not offered
    const testCard = await store.db.get<{ id: number }>(
      "INSERT INTO payment_methods (customer_id, processor_token, brand, exp_month, exp_year, last4, is_gift_card, created_at) VALUES (?, 'tok_test_old', 'Mastercard', 1, 2040, '4444', 0, ?) RETURNING id",
      [w.customerId, new Date().toISOString()],
    );
    const id = await shopperCart(store, w);
    const page = await store.app.inject({ method: 'GET', url: `/checkout/${id}`, headers: { cookie: w.cookie } });
    expect(page.body).toContain(`name="paymentMethodId" value="${card!.id}" checked`);
    expect(page.body).toContain('Visa ending in 4242');
    expect(page.body).not.toContain('ending in 4444');
    expect(page.body).toContain('A new card (enter it below)');
    expect(page.body).toContain('id="payment-element"');
    // the old test card is refused if posted anyway
    const refused = await submitForm(store.app, w.cookie, id, payForm(w, { paymentMethodId: String(testCard!.id) }));
    expect(refused.statusCode).toBe(422);
    expect(store.standIn.requests.filter((r) => r.path.startsWith('/v1/payment_intents'))).toEqual([]);

    const paid = await submitForm(store.app, w.cookie, id, payForm(w, { paymentMethodId: String(card!.id) }));
    expect(paid.statusCode).toBe(303);
    const [order] = await ordersOf(store.db, id);
    expect(order).toMatchObject({ payment_provider: 'stripe', payment_brand: 'Visa', payment_last4: '4242' });
    expect(store.standIn.paymentIntent(order!.payment_token)).toMatchObject({
      status: 'succeeded', customer: await stripeCustomerOf(store.db, w.customerId), payment_method: card!.processor_token,
    });
    expect(store.standIn.charges).toHaveLength(1);
  });

  test('a new card declined first, then a saved card: the first payment (no customer) is let go, the saved card pays on its customer once', async () => {
    store = await stripeStore();
    const w = await walletShopper(store);
    await postCard(store.app, w, { paymentMethod: browserCard(store, 'mastercard') });
    const [card] = await cardsOf(store.db, w.customerId);
    const id = await shopperCart(store, w);
    const declined = await submitForm(store.app, w.cookie, id, payForm(w, { paymentMethodId: 'new', paymentMethod: 'pm_card_chargeDeclined' }));
    expect(declined.statusCode).toBe(402);
    const paid = await submitForm(store.app, w.cookie, id, payForm(w, { paymentMethodId: String(card!.id) }));
    expect(paid.statusCode).toBe(303);
    const intents = (await store.db.all<{ provider_payment_id: string }>('SELECT provider_payment_id FROM payments WHERE checkout_id = ? ORDER BY attempt', [id]))
      .map((p) => store!.standIn.paymentIntent(p.provider_payment_id));
    expect(intents.map((pi) => [pi?.status, pi?.customer])).toEqual([['canceled', null], ['succeeded', await stripeCustomerOf(store.db, w.customerId)]]);
    expect(await ordersOf(store.db, id)).toHaveLength(1);
    expect(store.standIn.charges).toHaveLength(1);
  });
});
