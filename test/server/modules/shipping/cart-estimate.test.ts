/**
 * The cart's estimate (`POST /api/shipping/estimate` with the cart's `checkoutId`): the cart's
 * own lines at its prices with its discount and free-shipping codes, so the cart's totals rows are
 * the hosted checkout's and its total is what the order charges; only the cart's owner may ask.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { quoteTotalsRows } from '../../../../src/domain/shipping-view.ts';
import type { ShippingQuote } from '../../../../src/domain/shipping/index.ts';
import { escapeHtml } from '../../../../src/server/modules/checkout/checkout-page.html.ts';
import type { Db } from '../../../../src/server/platform/db/database.ts';
import { call, checkoutIdOf, createSession, signedInShopper } from '../checkout/cart.helpers.ts';
import { CALIFORNIA_FORM, FIXTURES, fixtureLevel, shippingApp } from './shipping.helpers.ts';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

let app: FastifyInstance;
let db: Db;
type Name = keyof typeof FIXTURES;
const levels = {} as Record<Name, number>;

beforeAll(async () => {
  ({ app, db } = await shippingApp());
  for (const name of Object.keys(FIXTURES) as Name[]) levels[name] = await fixtureLevel(db, FIXTURES[name]);
});
afterAll(async () => {
  await app.close();
});

const californiaForm: Record<string, string> = { ...CALIFORNIA_FORM };

async function cartWith(items: readonly (readonly [Name, number])[], cookie?: string): Promise<{ cookie: string; id: string }> {
  const session = cookie ?? (await createSession(db)).cookie;
  const res = await call(app, 'POST', '/api/checkouts/lineItems', {
    cookie: session, body: { lineItems: items.map(([name, quantity]) => ({ inventoryLevelId: levels[name], quantity })) }, headers: { 'idempotency-key': `c-${Math.random()}` },
  });
  expect(res.status).toBe(200);
  return { cookie: session, id: checkoutIdOf(res.body.checkout) };
}

async function applyCode(cookie: string, id: string, code: string): Promise<void> {
  expect((await call(app, 'POST', `/api/checkouts/${id}/discountCodes?code=${code}`, { cookie })).status).toBe(200);
}

const estimate = (body: unknown, cookie?: string) => call(app, 'POST', '/api/shipping/estimate', { body, ...(cookie ? { cookie } : {}) });

function postForm(cookie: string, id: string, form: Record<string, string>) {
  return app.inject({ method: 'POST', url: `/checkout/${id}`, headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(form).toString() });
}

/** The `<dt>label</dt><dd>value</dd>` pairs of the hosted checkout's totals block. */
function pageTotals(html: string): Map<string, string> {
  const block = /<dl class="totals"[^>]*>([\s\S]*?)<\/dl>/.exec(html)?.[1] ?? '';
  return new Map([...block.matchAll(/<dt>([^<]*)<\/dt><dd>([^<]*)<\/dd>/g)].map((m) => [m[1]!, m[2]!]));
}

describe('the estimate of a cart with discount codes', () => {
  test('SAVE10 and FREESHIP: the cart\'s subtotal, discount, tax and total rows are the checkout page\'s, and the order charges that total', async () => {
    const { cookie, id } = await cartWith([['pump', 1], ['basket', 3], ['chlorine', 1]]);
    await applyCode(cookie, id, 'SAVE10');
    await applyCode(cookie, id, 'FREESHIP');
    const res = await estimate({ checkoutId: id, destination: { zip: '92101' } }, cookie);
    expect(res.status).toBe(200);
    const quote = res.body.quote as ShippingQuote;
    // the cart's own answer: its lines and its subtotal after SAVE10
    const cart = (await call(app, 'GET', '/api/checkouts', { cookie })).body.checkout as { subtotalPrice: number };
    const linesCents = FIXTURES.pump.priceCents + 3 * FIXTURES.basket.priceCents + FIXTURES.chlorine.priceCents;
    expect(quote.totals.linesCents).toBe(linesCents);
    expect(quote.totals.discountCents).toBeGreaterThan(0);
    expect(quote.totals.subtotalCents).toBe(Math.round(cart.subtotalPrice * 100));
    // free ground for the parcels; the chemicals' hazmat surcharge stays
    expect(quote.shipments.find((s) => s.kind === 'parcel')).toMatchObject({ service: 'ground', freeGround: true, cents: 0 });
    expect(quote.shipments.find((s) => s.kind === 'hazmat')!.surchargeCents).toBeGreaterThan(0);
    expect(quote.totals.taxCents).toBeGreaterThan(0);

    // the cart's rows (the storefront's domain texts) against the checkout page for the same ZIP
    const cartRows = quoteTotalsRows(quote, '$', ['SAVE10', 'FREESHIP']);
    const page = await postForm(cookie, id, { ...californiaForm, action: 'quote' });
    expect(page.statusCode).toBe(200);
    const charged = pageTotals(page.body);
    for (const row of cartRows.filter((r) => r.kind !== 'shipping')) expect([row.label, charged.get(escapeHtml(row.label))]).toEqual([row.label, row.value]);
    const total = cartRows.find((r) => r.kind === 'total')!.value;
    expect(page.body).toContain(`Place order · ${total}`);
  });

  test('placed, the order charges the total the cart showed for the ZIP', async () => {
    const { cookie, id } = await cartWith([['pump', 1], ['basket', 3], ['chlorine', 1]]);
    await applyCode(cookie, id, 'SAVE10');
    await applyCode(cookie, id, 'FREESHIP');
    const quote = (await estimate({ checkoutId: id, destination: { zip: '92101' } }, cookie)).body.quote as ShippingQuote;
    expect((await postForm(cookie, id, californiaForm)).statusCode).toBe(303);
    const order = await db.get<{ id: number; total_cents: number; discount_cents: number; tax_cents: number; shipping_cents: number }>('SELECT * FROM orders WHERE checkout_id = ?', [id]);
    expect(order).toMatchObject({ total_cents: quote.totals.totalCents, discount_cents: quote.totals.discountCents, tax_cents: quote.totals.taxCents, shipping_cents: quote.totals.shippingCents });
    const paid = await db.get<{ amount_cents: number }>('SELECT amount_cents FROM transactions WHERE order_id = ?', [order!.id]);
    expect(paid?.amount_cents).toBe(quote.totals.totalCents);
  });

  test('without the cart, the same lines are quoted without its codes (what the cart id adds)', async () => {
    const { cookie, id } = await cartWith([['basket', 2]]);
    await applyCode(cookie, id, 'SAVE10');
    const byCart = (await estimate({ checkoutId: id, destination: { zip: '98101' } }, cookie)).body.quote as ShippingQuote;
    const byLines = (await estimate({ lines: [{ inventoryLevelId: levels.basket, quantity: 2 }], destination: { zip: '98101' } })).body.quote as ShippingQuote;
    expect(byLines.totals.discountCents).toBe(0);
    const cart = (await call(app, 'GET', '/api/checkouts', { cookie })).body.checkout as { subtotalPrice: number };
    expect(byCart.totals.discountCents).toBeGreaterThan(0);
    expect(byCart.totals.subtotalCents).toBe(Math.round(cart.subtotalPrice * 100));
    expect(byCart.totals.totalCents).toBe(byCart.totals.subtotalCents + byCart.totals.shippingCents + byCart.totals.taxCents);
  });

  test('the service and freight choices apply to the cart as they do to lines', async () => {
    const { cookie, id } = await cartWith([['basket', 1], ['filter', 1]]);
    const res = await estimate({ checkoutId: id, destination: { zip: '92101' }, service: '2-day', freight: { liftgate: false } }, cookie);
    expect(res.status).toBe(200);
    expect(res.body.quote.selected).toBe('2-day');
    expect(res.body.quote.freight.liftgate).toBe(false);
  });

  test("a signed-in customer's cart answers to another session of the same customer", async () => {
    const shopper = await signedInShopper(db);
    const { id } = await cartWith([['basket', 1]], shopper.cookie);
    const other = await createSession(db, shopper.customerId);
    expect((await estimate({ checkoutId: id, destination: { zip: '98101' } }, other.cookie)).status).toBe(200);
  });

  test('an empty cart is the quote\'s own refusal', async () => {
    const { cookie, id } = await cartWith([['basket', 1]]);
    const cart = await call(app, 'GET', '/api/checkouts', { cookie });
    const line = cart.body.checkout.LineItems[0].id as number;
    expect((await call(app, 'DELETE', `/api/checkouts/lineItems/${line}`, { cookie })).status).toBe(200);
    const res = await estimate({ checkoutId: id, destination: { zip: '98101' } }, cookie);
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ error: 'Your cart is empty.', code: 'cart-empty' });
  });
});

describe('never another shopper\'s cart', () => {
  test.each([
    ['another guest', async () => (await createSession(db)).cookie],
    ['a signed-in customer', async () => (await signedInShopper(db)).cookie],
    ['no session at all', async () => undefined],
  ])('%s gets 404 for a guest\'s cart, and learns nothing of it', async (_name, who) => {
    const { id } = await cartWith([['pump', 1]]);
    const cookie = await who();
    const sessionsBefore = (await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM sessions'))?.n;
    const res = await estimate({ checkoutId: id, destination: { zip: '92101' } }, cookie);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'Checkout not found.' });
    // the estimate never creates a session
    expect((await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM sessions'))?.n).toBe(sessionsBefore);
  });

  test('an unknown checkout and a placed one answer 404', async () => {
    const { cookie, id } = await cartWith([['basket', 1]]);
    expect((await estimate({ checkoutId: 'f'.repeat(32), destination: { zip: '92101' } }, cookie)).status).toBe(404);
    // a placed cart is completed (the order's transaction marks it so)
    await db.run("UPDATE checkouts SET status = 'completed' WHERE id = ?", [id]);
    const res = await estimate({ checkoutId: id, destination: { zip: '92101' } }, cookie);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'Checkout not found.' });
  });

  test.each([
    ['lines and a cart together', { lines: [{ inventoryLevelId: 1, quantity: 1 }], checkoutId: 'abc', destination: { zip: '92101' } }],
    ['neither lines nor a cart', { destination: { zip: '92101' } }],
    ['an empty checkout id', { checkoutId: '', destination: { zip: '92101' } }],
    ['a checkout id of 65 characters', { checkoutId: 'a'.repeat(65), destination: { zip: '92101' } }],
    ['a checkout id that is a number', { checkoutId: 12, destination: { zip: '92101' } }],
  ])('%s answers 400 { error }', async (_name, body) => {
    const res = await estimate(body);
    expect(res.status).toBe(400);
    expect(typeof res.body.error).toBe('string');
  });
});
