/**
 * The hosted checkout page (webUrl): the form, placing an order in test mode (order, lines,
 * transaction, stock, empty cart), idempotent submits, card rules, and who may see the page.
 */
import type { FastifyInstance } from 'fastify';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { escapeHtml, storeNameOf } from '../../../../src/server/modules/checkout/checkout-page.html.ts';
import { cardBrand, DECLINED_TEST_CARD, luhnValid, PAGE_ERRORS, tokenizeTestCard } from '../../../../src/server/modules/checkout/checkout-page.service.ts';
import type { Db } from '../../../../src/server/platform/db/database.ts';
import { call, checkoutIdOf, commerceApp, commerceCounts, createSession, signedInShopper, stockedLevel } from './cart.helpers.ts';

// a seeded app on a shared, loaded machine: generous time, exact assertions
vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

let app: FastifyInstance;
let db: Db;

beforeAll(async () => {
  ({ app, db } = await commerceApp());
});
afterAll(async () => {
  await app.close();
});

const guestForm = {
  email: 'guest@example.com', addressId: 'new', firstName: 'Pat', lastName: 'Pool', address1: '1 Lagoon Way', city: 'Tacoma',
  stateCode: 'WA', zip: '98402', countryCode: 'US', phone: '3605550100', paymentMethodId: 'new', cardNumber: '4242 4242 4242 4242',
  expMonth: '12', expYear: '2099', cvc: '123',
};

async function cartOf(cookie: string, quantity = 2): Promise<{ id: string; levelId: number; stock: number }> {
  const level = await stockedLevel(db, 1, 20, 50);
  const res = await call(app, 'POST', '/api/checkouts/lineItems', { cookie, body: { inventoryLevelId: level.id, quantity }, headers: { 'idempotency-key': `co-${Math.random()}` } });
  return { id: checkoutIdOf(res.body.checkout), levelId: level.id, stock: 50 };
}

function submit(cookie: string, id: string, form: Record<string, string>, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST', url: `/checkout/${id}`,
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams(form).toString(),
  });
}

describe('the hosted checkout page', () => {
  test('the owner sees the form with the cart lines, email for guests and the test card fields', async () => {
    const { cookie } = await createSession(db);
    const { id } = await cartOf(cookie);
    const res = await app.inject({ method: 'GET', url: `/checkout/${id}`, headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain(`action="/checkout/${id}"`);
    expect(res.body).toContain('name="email"');
    expect(res.body).toContain('name="cardNumber"');
    expect(res.body).toContain('Place order');
    // the test provider (no configuration) needs nothing of Stripe's: its hosts stay out of the policy
    expect(res.body).not.toContain('js.stripe.com');
    expect(String(res.headers['content-security-policy'])).not.toContain('stripe.com');
  });

  test("a guest's Sign in link comes back to the cart, where the merged cart checks out with the saved details", async () => {
    const { cookie } = await createSession(db);
    const { id } = await cartOf(cookie);
    const res = await app.inject({ method: 'GET', url: `/checkout/${id}`, headers: { cookie } });
    expect(res.body).toContain('<a href="/login.asp?returnTo=%2Fshoppingcart.asp">Sign in</a>');
  });

  test.each([
    ['no session', () => ''],
    ['another session', async () => (await createSession(db)).cookie],
    ['another customer', async () => (await signedInShopper(db)).cookie],
  ])('with %s the page answers 404', async (_name, cookieOf) => {
    const { cookie } = await createSession(db);
    const { id } = await cartOf(cookie);
    const res = await app.inject({ method: 'GET', url: `/checkout/${id}`, headers: { cookie: await cookieOf() } });
    expect(res.statusCode).toBe(404);
  });

  test('placing creates an order and a transaction, takes the stock and empties the cart', async () => {
    const { cookie } = await createSession(db);
    const { id, levelId } = await cartOf(cookie, 2);
    const res = await submit(cookie, id, guestForm);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/checkout/${id}`);
    const order = await db.get<{ id: number; email: string; total_cents: number; payment_brand: string; payment_last4: string; payment_token: string; payment_provider: string }>('SELECT * FROM orders WHERE checkout_id = ?', [id]);
    expect(order).toMatchObject({ email: 'guest@example.com', payment_brand: 'Visa', payment_last4: '4242', payment_provider: 'test' });
    // the order keeps the provider's payment id (the test provider's tp_...), no longer a token of its own
    expect(order?.payment_token).toMatch(/^tp_/);
    // the payments module recorded the payment, captured in full, with the order's id
    const paid = await db.all<{ order_id: number; status: string; amount_cents: number; provider_payment_id: string }>('SELECT * FROM payments WHERE checkout_id = ?', [id]);
    expect(paid).toEqual([expect.objectContaining({ order_id: order?.id, status: 'captured', amount_cents: order?.total_cents, provider_payment_id: order?.payment_token })]);
    const tx = await db.get<{ amount_cents: number; status: string; gateway: string; displayable_id: string }>('SELECT * FROM transactions WHERE order_id = ?', [order?.id]);
    expect(tx).toMatchObject({ amount_cents: order?.total_cents, status: 'SUCCESS', gateway: 'test' });
    expect((await db.get<{ quantity: number }>('SELECT quantity FROM inventory_levels WHERE id = ?', [levelId]))?.quantity).toBe(48);
    const cart = await call(app, 'GET', '/api/checkouts', { cookie });
    expect(cart.body.checkout.LineItems).toEqual([]);
    expect(checkoutIdOf(cart.body.checkout)).not.toBe(id);
    // a guest gets the confirmation with the order number; there is no account page to link to
    const page = await app.inject({ method: 'GET', url: `/checkout/${id}`, headers: { cookie } });
    expect(page.body).toContain(`Order number <strong>#${order?.id}</strong>`);
    expect(page.body).not.toContain('/account/orders/');
  });

  test('no card number or security code is stored anywhere', async () => {
    const { cookie } = await createSession(db);
    const { id } = await cartOf(cookie);
    await submit(cookie, id, { ...guestForm, cardNumber: '5555555555554444', cvc: '987' });
    const row = await db.get<Record<string, unknown>>('SELECT * FROM orders WHERE checkout_id = ?', [id]) ?? {};
    expect(row.payment_last4).toBe('4444');
    expect(JSON.stringify(row)).not.toContain('5555555555554444');
    // the security code is no stored value (a substring test could hit a timestamp's digits)
    expect(Object.values(row).map(String)).not.toContain('987');
  });

  test('submitting twice, or twice at once, shows one and the same order', async () => {
    const { cookie } = await createSession(db);
    const { id } = await cartOf(cookie);
    const answers = await Promise.all([submit(cookie, id, guestForm), submit(cookie, id, guestForm), submit(cookie, id, guestForm)]);
    expect(answers.map((a) => a.statusCode)).toEqual([303, 303, 303]);
    expect((await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM orders WHERE checkout_id = ?', [id]))?.n).toBe(1);
    const orderId = (await db.get<{ id: number }>('SELECT id FROM orders WHERE checkout_id = ?', [id]))?.id;
    expect((await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM transactions WHERE order_id = ?', [orderId]))?.n).toBe(1);
  });

  test('the checkout takes an email the account forms take (a one-letter top-level label)', async () => {
    const { cookie } = await createSession(db);
    const { id } = await cartOf(cookie);
    const res = await submit(cookie, id, { ...guestForm, email: 'pat@pool.c' });
    expect(res.statusCode).toBe(303);
    expect((await db.get<{ email: string }>('SELECT email FROM orders WHERE checkout_id = ?', [id]))?.email).toBe('pat@pool.c');
  });

  test.each([
    ['a bad email', { email: 'nope' }, 422, PAGE_ERRORS.email],
    ['an email with an empty domain label (the account forms refuse it too)', { email: 'pat@pool..com' }, 422, PAGE_ERRORS.email],
    ['a missing address line', { address1: '' }, 422, PAGE_ERRORS.address],
    ['a card failing Luhn', { cardNumber: '4242424242424241' }, 422, PAGE_ERRORS.card],
    ['an expired card', { expYear: '2001' }, 422, PAGE_ERRORS.expiry],
    ['a bad security code', { cvc: '1' }, 422, PAGE_ERRORS.cvc],
    ['the declined test card', { cardNumber: DECLINED_TEST_CARD }, 402, PAGE_ERRORS.declined],
  ])('%s shows the form again with its error and places nothing', async (_name, change, status, error) => {
    const { cookie } = await createSession(db);
    const { id } = await cartOf(cookie);
    const before = await commerceCounts(db);
    const res = await submit(cookie, id, { ...guestForm, ...change });
    expect(res.statusCode).toBe(status);
    expect(res.body).toContain(escapeHtml(error));
    const after = await commerceCounts(db);
    expect([after.orders, after.transactions, after.stockSum]).toEqual([before.orders, before.transactions, before.stockSum]);
  });

  test.each([
    ['an unknown country', { countryCode: 'ZZ' }, PAGE_ERRORS.country, 'countryCode'],
    ['a state of another country', { stateCode: 'ON' }, PAGE_ERRORS.state, 'stateCode'],
    ['a postal code not of the country', { zip: 'SW1A 1AA' }, PAGE_ERRORS.zip, 'zip'],
    ['a phone that is no number', { phone: 'call me' }, PAGE_ERRORS.phone, 'phone'],
    ['a phone the address form refuses (too short for the country)', { phone: '555-0100' }, PAGE_ERRORS.phone, 'phone'],
    ['a missing first name', { firstName: ' ' }, PAGE_ERRORS.address, 'firstName'],
  ])('%s answers 422 with the message next to the field', async (_name, change, error, name) => {
    const { cookie } = await createSession(db);
    const { id } = await cartOf(cookie);
    const res = await submit(cookie, id, { ...guestForm, ...change });
    expect(res.statusCode).toBe(422);
    expect(res.body).toContain(`id="f-${name}" name="${name}"`);
    expect(res.body).toMatch(new RegExp(`name="${name}"[^>]*aria-invalid="true" aria-describedby="f-${name}-error"`));
    expect(res.body).toContain(`<span class="field-error" id="f-${name}-error">${escapeHtml(error)}</span>`);
    expect((await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM orders WHERE checkout_id = ?', [id]))?.n).toBe(0);
  });

  test('a refused form keeps what was typed, but never echoes the card number or security code', async () => {
    const { cookie } = await createSession(db);
    const { id } = await cartOf(cookie);
    const res = await submit(cookie, id, { ...guestForm, cardNumber: '4242 4242 4242 4241', cvc: '731' });
    expect(res.statusCode).toBe(422);
    expect(res.body).toContain('value="guest@example.com"');
    expect(res.body).toContain('value="1 Lagoon Way"');
    expect(res.body).toContain('<option value="WA" selected>Washington</option>');
    expect(res.body).not.toContain('4241');
    expect(res.body).not.toContain('value="731"');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  test('the page looks like the store: its name links home, the summary shows lines, discount, shipping and total', async () => {
    const { cookie } = await createSession(db);
    const { id } = await cartOf(cookie, 3);
    const applied = await call(app, 'POST', `/api/checkouts/${id}/discountCodes?code=SAVE10`, { cookie });
    expect(applied.status).toBe(200);
    const res = await app.inject({ method: 'GET', url: `/checkout/${id}`, headers: { cookie } });
    expect(res.body).toContain(`<a class="brand" href="/">${escapeHtml(await storeNameOf(db))}</a>`);
    expect(res.body).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(res.body).toMatch(/<dt>Discount \(SAVE10\)<\/dt><dd>-\$[\d,]+\.\d\d<\/dd>/);
    expect(res.body).toMatch(/<dt>Shipping<\/dt><dd>(FREE|\$[\d,]+\.\d\d)<\/dd>/);
    const total = applied.body.checkout.totalPrice as number;
    expect(res.body).toContain(`<div class="total"><dt>Total</dt><dd>$${total.toFixed(2)}</dd></div>`);
    expect(res.body).toContain('Qty 3');
  });

  test('a customer may pay with a saved card and gets a link to the order page', async () => {
    const shopper = await signedInShopper(db);
    const at = new Date().toISOString();
    const card = await db.get<{ id: number }>(
      `INSERT INTO payment_methods (customer_id, processor_token, brand, exp_month, exp_year, last4, name, billing_line1, billing_postal_code, billing_country, is_gift_card, created_at)
       VALUES (?, 'tok_test_saved', 'Mastercard', 5, 2031, '4444', 'Sam Spa', '9 Jet St', '98101', 'US', 0, ?) RETURNING id`,
      [shopper.customerId, at],
    );
    const { id } = await cartOf(shopper.cookie);
    const form = await app.inject({ method: 'GET', url: `/checkout/${id}`, headers: { cookie: shopper.cookie } });
    expect(form.body).toContain('Mastercard ending in 4444, expires 05/2031');
    expect(form.body).toContain('Signed in as');
    expect(form.body).not.toContain('name="email"');
    const res = await submit(shopper.cookie, id, { ...guestForm, email: '', paymentMethodId: String(card?.id), cardNumber: '', cvc: '' });
    expect(res.statusCode).toBe(303);
    const order = await db.get<{ id: number; payment_brand: string; payment_last4: string; payment_token: string }>('SELECT * FROM orders WHERE checkout_id = ?', [id]);
    // the saved card pays through the test provider: the order keeps the provider's payment id and the wallet card's brand and last four
    expect(order).toMatchObject({ payment_brand: 'Mastercard', payment_last4: '4444' });
    expect(order?.payment_token).toMatch(/^tp_/);
    const page = await app.inject({ method: 'GET', url: `/checkout/${id}`, headers: { cookie: shopper.cookie } });
    expect(page.body).toContain(`<a id="order-link" class="button" href="/account/orders/${order?.id}">View your order</a>`);
  });

  test("another customer's saved card cannot be used", async () => {
    const owner = await signedInShopper(db);
    const foreign = await db.get<{ id: number }>(
      `INSERT INTO payment_methods (customer_id, processor_token, brand, exp_month, exp_year, last4, billing_line1, billing_postal_code, billing_country, is_gift_card, created_at)
       VALUES (?, 'tok_test_x', 'Visa', 5, 2031, '1111', 'x', '1', 'US', 0, ?) RETURNING id`,
      [owner.customerId, new Date().toISOString()],
    );
    const shopper = await signedInShopper(db);
    const { id } = await cartOf(shopper.cookie);
    const res = await submit(shopper.cookie, id, { ...guestForm, paymentMethodId: String(foreign?.id) });
    expect(res.statusCode).toBe(422);
    expect(res.body).toContain(escapeHtml(PAGE_ERRORS.savedPayment));
  });

  test('an empty cart shows a way back to the cart instead of the form', async () => {
    const { cookie } = await createSession(db);
    const cart = await call(app, 'GET', '/api/checkouts', { cookie });
    const res = await app.inject({ method: 'GET', url: `/checkout/${checkoutIdOf(cart.body.checkout)}`, headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Your cart is empty.');
    expect(res.body).not.toContain('Place order');
  });

  test('a cross-site post is refused', async () => {
    const { cookie } = await createSession(db);
    const { id } = await cartOf(cookie);
    const res = await submit(cookie, id, guestForm, { origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
    expect((await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM orders WHERE checkout_id = ?', [id]))?.n).toBe(0);
  });

  test('a signed-in customer uses the account email and may pick a saved address', async () => {
    const shopper = await signedInShopper(db);
    const at = new Date().toISOString();
    const address = await db.get<{ id: number }>(
      `INSERT INTO mailing_addresses (customer_id, first_name, last_name, address1, zip, phone, country_code, state_code, is_default, created_at)
       VALUES (?, 'Sam', 'Spa', '9 Jet St', '98101', '3605550111', 'US', 'WA', 1, ?) RETURNING id`,
      [shopper.customerId, at],
    );
    const { id } = await cartOf(shopper.cookie);
    const res = await submit(shopper.cookie, id, { addressId: String(address?.id), paymentMethodId: 'new', cardNumber: '4242424242424242', expMonth: '1', expYear: '2099', cvc: '123' });
    expect(res.statusCode).toBe(303);
    const order = await db.get<{ email: string; shipping_address_json: string; customer_id: number }>('SELECT * FROM orders WHERE checkout_id = ?', [id]);
    expect(order?.customer_id).toBe(shopper.customerId);
    expect(order?.email).toMatch(/@example\.com$/);
    expect(JSON.parse(order?.shipping_address_json ?? '{}')).toMatchObject({ firstName: 'Sam', address1: '9 Jet St' });
  });

  test("another customer's saved address cannot be used", async () => {
    const owner = await signedInShopper(db);
    const at = new Date().toISOString();
    const foreign = await db.get<{ id: number }>(
      `INSERT INTO mailing_addresses (customer_id, first_name, last_name, address1, zip, phone, is_default, created_at)
       VALUES (?, 'X', 'Y', 'Z', '1', '2', 0, ?) RETURNING id`,
      [owner.customerId, at],
    );
    const shopper = await signedInShopper(db);
    const { id } = await cartOf(shopper.cookie);
    const res = await submit(shopper.cookie, id, { ...guestForm, addressId: String(foreign?.id) });
    expect(res.statusCode).toBe(422);
    expect(res.body).toContain(escapeHtml(PAGE_ERRORS.savedAddress));
  });
});

describe('test cards', () => {
  test.each([
    ['4242424242424242', 'Visa'],
    ['5555555555554444', 'Mastercard'],
    ['378282246310005', 'American Express'],
    ['6011111111111117', 'Discover'],
  ])('%s is a valid %s test card', (number, brand) => {
    expect(luhnValid(number)).toBe(true);
    expect(cardBrand(number)).toBe(brand);
    const payment = tokenizeTestCard({ cardNumber: number, expMonth: '12', expYear: '2099', cvc: brand === 'American Express' ? '1234' : '123' }, new Date('2026-01-01'));
    expect(payment).toMatchObject({ brand, last4: number.slice(-4) });
  });

  test('changing one digit of a valid number breaks the Luhn check', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 15 }), fc.integer({ min: 1, max: 9 }), (position, delta) => {
        const digits = '4242424242424242'.split('').map(Number);
        digits[position] = ((digits[position] ?? 0) + delta) % 10;
        expect(luhnValid(digits.join(''))).toBe(false);
      }),
    );
  });

  test('the card of this month is still valid; last month’s is expired', () => {
    const today = new Date('2026-06-15T00:00:00Z');
    expect(tokenizeTestCard({ cardNumber: '4242424242424242', expMonth: '6', expYear: '2026', cvc: '123' }, today).last4).toBe('4242');
    expect(() => tokenizeTestCard({ cardNumber: '4242424242424242', expMonth: '5', expYear: '26', cvc: '123' }, today)).toThrow(PAGE_ERRORS.expiry);
  });
});
