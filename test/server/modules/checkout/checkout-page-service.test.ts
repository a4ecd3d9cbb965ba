/**
 * The hosted checkout page's service (checkout-page.service.ts): whose page it is, the
 * provider's answer on the way back and placing the order answer a result or a refusal (the
 * form again, nothing charged); only what is no refusal (a bug, the database down, a checkout
 * that is gone) propagates, for the app's error handler.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { createCheckoutPageService, PAGE_ERRORS, type CheckoutPageService } from '../../../../src/server/modules/checkout/checkout-page.service.ts';
import { ORDER_ERRORS } from '../../../../src/server/modules/checkout/orders.ts';
import type { Owner } from '../../../../src/server/modules/checkout/checkouts.ts';
import type { PaymentsService } from '../../../../src/server/modules/payments/service.ts';
import { defaultShippingService } from '../../../../src/server/modules/shipping/service.ts';
import { HttpError } from '../../../../src/server/platform/http/errors.ts';
import type { Db } from '../../../../src/server/platform/db/database.ts';
import { call, checkoutIdOf, commerceApp, createSession, stockedLevel } from './cart.helpers.ts';

// a seeded app on a shared, loaded machine: generous time, exact assertions
vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

let app: FastifyInstance;
let db: Db;
let page: CheckoutPageService;

beforeAll(async () => {
  ({ app, db } = await commerceApp());
  page = createCheckoutPageService({ db, shipping: defaultShippingService(), payments: () => app.payments });
});
afterAll(async () => {
  await app.close();
});

const form = {
  email: 'guest@example.com', addressId: 'new', firstName: 'Pat', lastName: 'Pool', address1: '1 Lagoon Way', city: 'Tacoma',
  stateCode: 'WA', zip: '98402', countryCode: 'US', phone: '3605550100', paymentMethodId: 'new', cardNumber: '4242 4242 4242 4242',
  expMonth: '12', expYear: '2099', cvc: '123',
};
const returnUrl = 'https://shop.example/checkout/x';

/** A guest's cart with one line (none with `empty`), and its owner as the page reads it. */
async function guestCart(empty = false): Promise<{ owner: Owner; checkoutId: string }> {
  const { sessionId, cookie } = await createSession(db);
  if (empty) return { owner: { sessionId, customerId: null }, checkoutId: checkoutIdOf((await call(app, 'GET', '/api/checkouts', { cookie })).body.checkout) };
  const level = await stockedLevel(db, 1, 20, 50);
  const res = await call(app, 'POST', '/api/checkouts/lineItems', { cookie, body: { inventoryLevelId: level.id, quantity: 1 }, headers: { 'idempotency-key': `cps-${Math.random()}` } });
  return { owner: { sessionId, customerId: null }, checkoutId: checkoutIdOf(res.body.checkout) };
}

describe('the checkout page service', () => {
  test('a page is missing without a session or for another shopper; an open cart is its owner\'s form', async () => {
    const { owner, checkoutId } = await guestCart();
    expect(await page.pageState(null, checkoutId)).toEqual({ kind: 'missing' });
    const other = await createSession(db);
    expect(await page.pageState({ sessionId: other.sessionId, customerId: null }, checkoutId)).toEqual({ kind: 'missing' });
    expect(await page.owns({ sessionId: other.sessionId, customerId: null }, checkoutId)).toBe(false);
    expect(await page.pageState(owner, checkoutId)).toEqual({ kind: 'open' });
    expect(await page.owns(owner, checkoutId)).toBe(true);
    expect(await page.hasOrder(owner, checkoutId)).toBe(false);
  });

  test.each([
    ['an email', { email: 'nope' }, 422, PAGE_ERRORS.email, ['email']],
    ['a country not shipped to', { countryCode: 'FR' }, 422, PAGE_ERRORS.country, ['countryCode']],
    ['a saved address not the shopper\'s', { addressId: '999999' }, 422, PAGE_ERRORS.savedAddress, ['addressId']],
    ['a declined card', { cardNumber: '4000 0000 0000 0002' }, 402, PAGE_ERRORS.declined, ['cardNumber']],
  ])('%s is refused with its status, words and fields, and nothing is placed', async (_name, change, status, message, fields) => {
    const { owner, checkoutId } = await guestCart();
    const answer = await page.placeOrder({ owner, checkoutId, fields: { ...form, ...change }, provider: 'test', returnUrl });
    expect(answer).toEqual({ kind: 'refused', refusal: { status, message, fields } });
    expect(await page.hasOrder(owner, checkoutId)).toBe(false);
  });

  test('an empty cart is refused with the order rule\'s words', async () => {
    const { owner, checkoutId } = await guestCart(true);
    const answer = await page.placeOrder({ owner, checkoutId, fields: form, provider: 'test', returnUrl });
    expect(answer).toEqual({ kind: 'refused', refusal: { status: 422, message: ORDER_ERRORS.emptyCart, fields: [] } });
  });

  test('a right form places the order once; the page then shows it', async () => {
    const { owner, checkoutId } = await guestCart();
    expect(await page.placeOrder({ owner, checkoutId, fields: form, provider: 'test', returnUrl })).toEqual({ kind: 'placed' });
    expect(await page.hasOrder(owner, checkoutId)).toBe(true);
    expect(await page.pageState(owner, checkoutId)).toMatchObject({ kind: 'placed', customer: false, order: { email: 'guest@example.com' } });
  });

  test('a payment the provider does not know is nothing to say: the form as it is', async () => {
    const { checkoutId } = await guestCart();
    expect(await page.resumePayment(checkoutId, 'pi_unknown', 'test')).toBeNull();
  });

  test('what is no refusal propagates: a bug, a checkout gone (404)', async () => {
    const { checkoutId } = await guestCart();
    const failing = (err: Error) => createCheckoutPageService({ db, shipping: defaultShippingService(), payments: () => ({ resume: () => Promise.reject(err) }) as unknown as PaymentsService });
    await expect(failing(new Error('boom')).resumePayment(checkoutId, 'pi_1', 'test')).rejects.toThrow('boom');
    await expect(failing(new HttpError(404, 'gone')).resumePayment(checkoutId, 'pi_1', 'test')).rejects.toThrow('gone');
    // a refusal the provider's answer carries is the form's: 409 with its words, no fields
    expect(await failing(new HttpError(409, 'busy')).resumePayment(checkoutId, 'pi_1', 'test')).toEqual({ kind: 'form', refusal: { status: 409, message: 'busy', fields: [] } });
  });

  test('the route answers a cross-site post itself, as the error handler did: 403 { error }, nothing placed', async () => {
    const { cookie } = await createSession(db);
    const checkoutId = checkoutIdOf((await call(app, 'POST', '/api/checkouts/lineItems', { cookie, body: { inventoryLevelId: (await stockedLevel(db, 1, 20, 50)).id, quantity: 1 }, headers: { 'idempotency-key': `cps-${Math.random()}` } })).body.checkout);
    const res = await app.inject({
      method: 'POST', url: `/checkout/${checkoutId}`,
      headers: { cookie, origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(form).toString(),
    });
    expect(res.statusCode).toBe(403);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.body).toBe('{"error":"Cross-site request refused."}');
  });
});
