/**
 * The hosted checkout's address form and the shipping rules agree on where the store ships: the
 * United States only (the rate, transit and tax tables are US tables). The form offers no other
 * country; a typed address abroad, or a saved one (shown, not choosable), is refused with the
 * quote's own words before any payment; the estimate says the same. On both databases.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { COUNTRY_UNSUPPORTED_MESSAGE } from '../../../../src/domain/shipping/index.ts';
import { escapeHtml } from '../../../../src/server/modules/checkout/checkout-page.html.ts';
import { PAGE_ERRORS } from '../../../../src/server/modules/checkout/checkout-page.service.ts';
import type { Db } from '../../../../src/server/platform/db/database.ts';
import { call, checkoutIdOf, createSession, signedInShopper } from './cart.helpers.ts';
import { CALIFORNIA_FORM, FIXTURES, fixtureLevel, shippingApp } from '../shipping/shipping.helpers.ts';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 120_000 });

let app: FastifyInstance;
let db: Db;
let level = 0;

beforeAll(async () => {
  ({ app, db } = await shippingApp());
  level = await fixtureLevel(db, FIXTURES.basket);
});
afterAll(async () => {
  await app.close();
});

async function cart(cookie: string): Promise<string> {
  const res = await call(app, 'POST', '/api/checkouts/lineItems', { cookie, body: { inventoryLevelId: level, quantity: 1 }, headers: { 'idempotency-key': `c-${Math.random()}` } });
  expect(res.status).toBe(200);
  return checkoutIdOf(res.body.checkout);
}

function post(cookie: string, id: string, form: Record<string, string>) {
  return app.inject({ method: 'POST', url: `/checkout/${id}`, headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(form).toString() });
}

const ordersOf = async (id: string) => (await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM orders WHERE checkout_id = ?', [id]))!.n;
const paymentsOf = async (id: string) => (await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM payments WHERE checkout_id = ?', [id]))!.n;

/** A saved address of a customer. */
async function saveAddress(customerId: number, address: { address1: string; city: string; zip: string; country: string; state: string | null; phone: string }, isDefault: boolean): Promise<number> {
  const row = await db.get<{ id: number }>(
    `INSERT INTO mailing_addresses (customer_id, first_name, last_name, address1, city, zip, phone, country_code, state_code, is_default, created_at)
     VALUES (?, 'Pat', 'Pool', ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
    [customerId, address.address1, address.city, address.zip, address.phone, address.country, address.state, isDefault ? 1 : 0, new Date().toISOString()],
  );
  return row!.id;
}

const TORONTO = { address1: '100 Queen St W', city: 'Toronto', zip: 'M5H 2N2', country: 'CA', state: 'ON', phone: '+1 416 555 0142' };
const SAN_DIEGO = { address1: '1 Harbor Dr', city: 'San Diego', zip: '92101', country: 'US', state: 'CA', phone: '6195550100' };

describe('the address form', () => {
  test('offers the United States only, and only its states', async () => {
    const { cookie } = await createSession(db);
    const page = (await app.inject({ method: 'GET', url: `/checkout/${await cart(cookie)}`, headers: { cookie } })).body;
    const countries = /<select[^>]*name="countryCode"[^>]*>([\s\S]*?)<\/select>/.exec(page)?.[1] ?? '';
    expect([...countries.matchAll(/<option value="([^"]*)"/g)].map((m) => m[1])).toEqual(['US']);
    const states = /<select[^>]*name="stateCode"[^>]*>([\s\S]*?)<\/select>/.exec(page)?.[1] ?? '';
    expect([...states.matchAll(/<optgroup label="([^"]*)"/g)].map((m) => m[1])).toEqual(['United States']);
    expect(states).toContain('<option value="CA">California</option>');
    expect(states).not.toContain('Ontario');
  });

  test("its refusal is the quote's own words, as the estimate says them", async () => {
    expect(PAGE_ERRORS.country).toBe(COUNTRY_UNSUPPORTED_MESSAGE);
    expect(COUNTRY_UNSUPPORTED_MESSAGE).toBe('We ship to addresses in the United States only.');
    const res = await call(app, 'POST', '/api/shipping/estimate', { body: { lines: [{ inventoryLevelId: level, quantity: 1 }], destination: { zip: 'M5H 2N2', country: 'CA' } } });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ error: PAGE_ERRORS.country, code: 'country-unsupported' });
  });
});

describe('an address abroad', () => {
  test.each([
    ['Canada', { countryCode: 'CA', stateCode: 'ON', zip: 'M5H 2N2', city: 'Toronto', address1: '100 Queen St W', phone: '+1 416 555 0142' }],
    ['the United Kingdom', { countryCode: 'GB', stateCode: '', zip: 'SW1A 2AA', city: 'London', address1: '10 Downing St', phone: '+44 7400 123456' }],
    ['a country code nobody has', { countryCode: 'ZZ', stateCode: '', zip: '12345' }],
  ])('typed for %s: 422 next to the country, no quote, nothing paid or placed', async (_name, change) => {
    const { cookie } = await createSession(db);
    const id = await cart(cookie);
    const res = await post(cookie, id, { ...CALIFORNIA_FORM, ...change });
    expect(res.statusCode).toBe(422);
    expect(res.body).toContain(`<span class="field-error" id="f-countryCode-error">${escapeHtml(COUNTRY_UNSUPPORTED_MESSAGE)}</span>`);
    expect(res.body).toMatch(/name="countryCode"[^>]*aria-invalid="true"/);
    expect(res.body).not.toContain('Shipment 1 of');
    expect(await ordersOf(id)).toBe(0);
    expect(await paymentsOf(id)).toBe(0);
    // Update shipping says the same, without placing
    const quoted = await post(cookie, id, { ...CALIFORNIA_FORM, ...change, action: 'quote' });
    expect(quoted.statusCode).toBe(200);
    expect(quoted.body).not.toContain('Shipment 1 of');
    expect(quoted.body).toContain('Enter your shipping address and choose Update shipping');
  });

  test('saved: shown but not choosable, the page starts on the saved US address and quotes it; posted anyway, 422 and nothing paid', async () => {
    const shopper = await signedInShopper(db);
    const abroad = await saveAddress(shopper.customerId, TORONTO, true);
    const home = await saveAddress(shopper.customerId, SAN_DIEGO, false);
    const id = await cart(shopper.cookie);
    const page = (await app.inject({ method: 'GET', url: `/checkout/${id}`, headers: { cookie: shopper.cookie } })).body;
    expect(page).toContain(`<input type="radio" name="addressId" value="${abroad}" disabled>`);
    expect(page).toContain(`<input type="radio" name="addressId" value="${home}" checked>`);
    expect(page).toContain(escapeHtml(COUNTRY_UNSUPPORTED_MESSAGE));
    expect(page).toContain('Shipment 1 of 1');
    const res = await post(shopper.cookie, id, { addressId: String(abroad), paymentMethodId: 'new', cardNumber: '4242 4242 4242 4242', expMonth: '12', expYear: '2099', cvc: '123' });
    expect(res.statusCode).toBe(422);
    expect(res.body).toContain(`<p class="field-error" id="g-addressId-error">${escapeHtml(COUNTRY_UNSUPPORTED_MESSAGE)}</p>`);
    expect(await ordersOf(id)).toBe(0);
    expect(await paymentsOf(id)).toBe(0);
  });

  test('saved and the only one: the page starts on a new address', async () => {
    const shopper = await signedInShopper(db);
    await saveAddress(shopper.customerId, TORONTO, true);
    const page = (await app.inject({ method: 'GET', url: `/checkout/${await cart(shopper.cookie)}`, headers: { cookie: shopper.cookie } })).body;
    expect(page).toContain('<input type="radio" name="addressId" value="new" checked>');
    expect(page).toContain('Enter your shipping address and choose Update shipping');
  });


});
